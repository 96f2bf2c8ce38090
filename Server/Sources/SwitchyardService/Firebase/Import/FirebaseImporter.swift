public import Foundation
public import Switchyard
public import SwitchyardStore

/// Imports Firebase Dynamic Links exports into a store: each row becomes a smart link whose code
/// is its Firebase suffix (`https://example.page.link/m9Mm` opens as `/m9Mm`), with the route,
/// parameters, fallbacks, preview, forced redirect, minimum versions and campaign read from its
/// fields (Google's Takeout CSV, one column a parameter) or its long link, through the same checks
/// as the admin API; its link name becomes the label, its creation timestamp the creation time,
/// and an archived row a switched-off link (or none, ``ArchivedRows/skip``). `switchyard import
/// firebase` and the dashboard's import form both call it.
///
/// ```swift
/// let importer = try FirebaseImporter(configuration: configuration, store: store)
/// let report = try await importer.run(paths: ["example.page.link.csv", "promo.page.link.csv"])
/// print(report.summary)  // "1200 imported, 0 already there, 3 rejected"
/// ```
///
/// Several files (one per short-link domain) import as one: a suffix on two domains is refused
/// naming both lines, since one service answers each code once. The file is read a chunk at a
/// time; what stays in memory per row is its code and a fingerprint of its link (to find a
/// suffix used twice), about a hundred bytes.
///
/// Rows are written in batches, each in one transaction; a row that cannot be imported (a long
/// link the table cannot open, a foreign host, a malformed URL, a suffix taken by a different
/// link) is listed with its line and reason and nothing of it is written. A link already stored
/// under the same code with the same content counts as "already there", so running the same
/// file again changes nothing.
public struct FirebaseImporter: Sendable {
    let rules: LinkRules
    let store: any LinkStore
    let team: String
    let batchSize: Int
    let now: @Sendable () -> Date
    /// The service's create limit and `link.created` events, for an import made through it (the dashboard's).
    var handOff: ImportHandOff?
    /// The service's base URL, which each short-link domain is mapped to in the report.
    let baseURL: String

    /// Creates an importer for a service's route table and store.
    ///
    /// - Parameters:
    ///   - configuration: the route table, constraints and allowed fallback domains of the service
    ///     the links are for.
    ///   - store: where links are written (migrated already).
    ///   - team: the team the links belong to (the service's admin key acts for `default`).
    ///   - batchSize: rows per transaction.
    ///   - now: the clock for `createdAt`.
    /// - Throws: ``RouteTableBuildError`` when the route table does not compile.
    public init(configuration: ServiceConfiguration, store: any LinkStore, team: String = ServiceConfiguration.defaultTeam,
                batchSize: Int = 500, now: @escaping @Sendable () -> Date = { Date() }) throws(RouteTableBuildError) {
        let table = try RouteTable(configuration.routes, constraints: configuration.constraints)
        rules = LinkRules(builder: DeepLinkBuilder(table: table),
                          fallbacks: FallbackPolicy(tableHosts: table.configuration.hosts, extra: configuration.allowedFallbackDomains))
        self.store = store
        self.team = team
        self.batchSize = max(1, batchSize)
        self.now = now
        baseURL = configuration.trimmedBaseURL
    }

    init(rules: LinkRules, store: any LinkStore, team: String, batchSize: Int = 500, baseURL: String,
         now: @escaping @Sendable () -> Date) {
        self.rules = rules
        self.store = store
        self.team = team
        self.batchSize = max(1, batchSize)
        self.baseURL = baseURL
        self.now = now
    }

    /// Imports the export at `path`, read a chunk at a time.
    ///
    /// - Throws: ``FileError`` when the file cannot be opened or is not an export; the store's
    ///   errors (the batches before the failure stay written; running again finishes the job).
    public func run(path: String, dryRun: Bool = false,
                    progress: (@Sendable (Progress) -> Void)? = nil) async throws -> Report {
        try await run(paths: [path], options: Options(dryRun: dryRun), progress: progress)
    }

    /// Imports several exports (one per short-link domain) as one, each read a chunk at a time.
    ///
    /// - Throws: ``FileError`` when a file cannot be opened or is not an export (nothing of the
    ///   files after it is read); the store's errors (the batches before the failure stay
    ///   written; running again finishes the job).
    public func run(paths: [String], options: Options = Options(),
                    progress: (@Sendable (Progress) -> Void)? = nil) async throws -> Report {
        var sources: [(name: String, source: ByteSource)] = []
        for path in paths {
            do {
                sources.append((path, try ByteSource(path: path)))
            } catch {
                throw FileError(message: "cannot read '\(path)': \(error.localizedDescription)")
            }
        }
        return try await run(sources: sources, options: options, progress: progress)
    }

    /// Imports an export already in memory (the dashboard's upload).
    public func run(text: String, dryRun: Bool = false) async throws -> Report {
        try await run(text: text, options: Options(dryRun: dryRun))
    }

    /// Imports an export already in memory, with options.
    public func run(text: String, options: Options) async throws -> Report {
        try await run(sources: [("export", ByteSource(text: text))], options: options, progress: nil)
    }
}
