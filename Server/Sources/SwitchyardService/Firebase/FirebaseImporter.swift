public import Foundation
public import Switchyard
public import SwitchyardStore

/// Imports a Firebase Dynamic Links export into a store: each row becomes a smart link whose
/// code is its Firebase suffix (`https://example.page.link/m9Mm` opens as `/m9Mm`), with the
/// route, parameters, fallbacks and preview read from its long link through the same checks as
/// the admin API. `switchyard import firebase` and the dashboard's import form both call it.
///
/// ```swift
/// let importer = try FirebaseImporter(configuration: configuration, store: store)
/// let report = try await importer.run(path: "links.csv")
/// print(report.summary)  // "1200 imported, 0 already there, 3 rejected"
/// ```
///
/// Rows are written in batches, each in one transaction; a row that cannot be imported (a long
/// link the table cannot open, a foreign host, a malformed URL, a suffix taken by a different
/// link) is listed with its line and reason and nothing of it is written. A link already stored
/// under the same code with the same content counts as "already there", so running the same
/// file again changes nothing.
public struct FirebaseImporter: Sendable {
    /// The outcome of an import.
    public struct Report: Sendable, Hashable, Encodable {
        /// Links written (or, in a dry run, that would be).
        public var imported = 0
        /// Rows whose link was already stored, unchanged.
        public var alreadyThere = 0
        /// Rows not imported, in file order.
        public var rejected: [Rejection] = []
        /// Whether nothing was written.
        public var dryRun = false

        /// `N imported, M already there, K rejected` (with `(dry run)` when nothing was written).
        public var summary: String {
            "\(imported) imported, \(alreadyThere) already there, \(rejected.count) rejected" + (dryRun ? " (dry run: nothing written)" : "")
        }

        /// The report as JSON: `{"alreadyThere", "dryRun", "imported", "rejected": [{"line", "reason",
        /// "shortLink"}]}` (keys sorted; `shortLink` is null for a row without one).
        public var json: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Encoding these plain fields cannot fail.
            return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }
    }

    /// A row that was not imported.
    public struct Rejection: Sendable, Hashable, CustomStringConvertible, Encodable {
        /// The row's line in the file (1-based).
        public var line: Int
        /// Its short link, if it had one.
        public var shortLink: String?
        /// Why it was not imported.
        public var reason: String
        /// `line 12: reason`.
        public var description: String { "line \(line): \(reason)" }

        private enum CodingKeys: String, CodingKey { case line, shortLink, reason }

        /// `{"line", "reason", "shortLink"}`, the short link null when the row had none.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(line, forKey: .line)
            try container.encode(shortLink, forKey: .shortLink)
            try container.encode(reason, forKey: .reason)
        }
    }

    /// How far an import has come, for a progress bar.
    public struct Progress: Sendable, Hashable {
        /// Rows read.
        public var rows: Int
        /// Bytes read.
        public var bytesRead: Int
        /// The file's size, when known.
        public var totalBytes: Int?
    }

    /// Why an export cannot be imported at all (no rows are read).
    public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong with the file.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    let rules: LinkRules
    let store: any LinkStore
    let team: String
    let batchSize: Int
    let now: @Sendable () -> Date
    /// The service's create limit and `link.created` events, for an import made through it (the dashboard's).
    var handOff: ImportHandOff?

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
    }

    init(rules: LinkRules, store: any LinkStore, team: String, batchSize: Int = 500, now: @escaping @Sendable () -> Date) {
        self.rules = rules
        self.store = store
        self.team = team
        self.batchSize = max(1, batchSize)
        self.now = now
    }

    /// Imports the export at `path`, read a chunk at a time.
    ///
    /// - Throws: ``FileError`` when the file cannot be opened or is not an export; the store's
    ///   errors (the batches before the failure stay written; running again finishes the job).
    public func run(path: String, dryRun: Bool = false,
                    progress: (@Sendable (Progress) -> Void)? = nil) async throws -> Report {
        let source: ByteSource
        do {
            source = try ByteSource(path: path)
        } catch {
            throw FileError(message: "cannot read '\(path)': \(error.localizedDescription)")
        }
        return try await run(source: source, dryRun: dryRun, progress: progress)
    }

    /// Imports an export already in memory (the dashboard's upload).
    public func run(text: String, dryRun: Bool = false) async throws -> Report {
        try await run(source: ByteSource(text: text), dryRun: dryRun, progress: nil)
    }

    func run(source: ByteSource, dryRun: Bool, progress: (@Sendable (Progress) -> Void)?) async throws -> Report {
        var export = FirebaseExport(source: source)
        var report = Report(dryRun: dryRun)
        /// Codes seen earlier in this file: the line and a fingerprint of the content (not the link
        /// itself, so that memory stays small however long the file is).
        var seen: [String: (line: Int, content: Int)] = [:]
        var batch: [(line: Int, shortLink: String?, link: SmartLink)] = []
        var rows = 0
        let totalBytes = source.totalBytes
        while true {
            let item: FirebaseExport.Item?
            do {
                item = try export.next()
            } catch let error as FirebaseExport.FormatError {
                throw FileError(message: error.message)
            }
            guard let item else { break }
            rows += 1
            switch item {
            case .failure(let line, let reason):
                report.rejected.append(Rejection(line: line, shortLink: nil, reason: "malformed CSV: \(reason)"))
            case .row(let row):
                switch prepare(row) {
                case .failure(let failure):
                    report.rejected.append(Rejection(line: row.line, shortLink: row.shortLink, reason: failure.reason))
                case .success(let link):
                    let content = Self.fingerprint(link)
                    if let earlier = seen[link.code] {
                        if earlier.content == content {
                            report.alreadyThere += 1
                        } else {
                            report.rejected.append(Rejection(line: row.line, shortLink: row.shortLink,
                                reason: "duplicate suffix: '\(link.code)' is already used by line \(earlier.line) for another link"))
                        }
                        continue
                    }
                    seen[link.code] = (row.line, content)
                    batch.append((row.line, row.shortLink, link))
                }
            }
            if batch.count >= batchSize {
                try await write(&batch, into: &report, dryRun: dryRun)
                progress?(Progress(rows: rows, bytesRead: export.bytesRead, totalBytes: totalBytes))
            }
        }
        try await write(&batch, into: &report, dryRun: dryRun)
        progress?(Progress(rows: rows, bytesRead: export.bytesRead, totalBytes: totalBytes))
        report.rejected.sort { $0.line < $1.line }
        return report
    }

    /// The smart link a row stands for, or why it cannot be imported.
    func prepare(_ row: FirebaseExport.Row) -> Result<SmartLink, ImportFailure> {
        let code: String
        if let shortLink = row.shortLink {
            do {
                code = try FirebaseExport.suffix(of: shortLink)
            } catch {
                return .failure(ImportFailure(reason: "malformed short link: \(error.message)"))
            }
        } else {
            code = FirebaseExport.derivedCode(longLink: row.longLink)
        }
        guard !row.longLink.isEmpty else { return .failure(ImportFailure(reason: "the long link is empty")) }
        do {
            let long = try FirebaseLongLink(url: row.longLink)
            return .success(try rules.link(try long.draft(table: rules.builder.table), code: code, team: team, now: now()))
        } catch let error as FirebaseLinkError {
            return .failure(ImportFailure(reason: "malformed long link: \(error.message)"))
        } catch let problem as Problem {
            let what = switch problem.kind {
            case "foreign-host": "foreign host"
            case "unknown-route": "unknown route"
            case "fallback-refused": "fallback refused"
            default: "not importable"
            }
            return .failure(ImportFailure(reason: "\(what): \(problem.detail)"))
        } catch {
            return .failure(ImportFailure(reason: "\(error)"))
        }
    }

    struct ImportFailure: Error {
        let reason: String
    }

    /// Writes a batch in one transaction; codes already taken count as already there when the
    /// stored link is the same, and are rejected otherwise.
    func write(_ batch: inout [(line: Int, shortLink: String?, link: SmartLink)], into report: inout Report, dryRun: Bool) async throws {
        guard !batch.isEmpty else { return }
        defer { batch.removeAll(keepingCapacity: true) }
        var taken: Set<String>
        var refused: [String: String] = [:]
        if dryRun {
            taken = []
            for entry in batch where try await store.link(code: entry.link.code) != nil { taken.insert(entry.link.code) }
        } else {
            let (links, over) = try await handOff?.admit(batch.map(\.link), store: store) ?? (batch.map(\.link), [:])
            refused = over
            taken = try await store.insert(contentsOf: links, webhooks: handOff?.created)
        }
        for entry in batch {
            if let reason = refused[entry.link.code] {
                report.rejected.append(Rejection(line: entry.line, shortLink: entry.shortLink, reason: reason))
                continue
            }
            guard taken.contains(entry.link.code) else {
                report.imported += 1
                continue
            }
            guard let stored = try await store.link(code: entry.link.code) else {
                report.rejected.append(Rejection(line: entry.line, shortLink: entry.shortLink,
                                                 reason: "the code '\(entry.link.code)' was taken while importing; run the import again"))
                continue
            }
            if stored.deletedAt != nil {
                report.rejected.append(Rejection(line: entry.line, shortLink: entry.shortLink,
                                                 reason: "duplicate suffix: '\(entry.link.code)' belongs to a deleted link (codes are never reused)"))
            } else if Self.sameContent(stored, entry.link) {
                report.alreadyThere += 1
            } else {
                report.rejected.append(Rejection(line: entry.line, shortLink: entry.shortLink,
                                                 reason: "duplicate suffix: '\(entry.link.code)' is already a link with other content"))
            }
        }
    }

    /// A hash of what ``sameContent(_:_:)`` compares (equal content, equal fingerprint; within one
    /// process).
    static func fingerprint(_ link: SmartLink) -> Int {
        var hasher = Hasher()
        hasher.combine(link.team)
        hasher.combine(link.route)
        hasher.combine(link.routeName)
        hasher.combine(link.routeParameters)
        hasher.combine(link.queryParameters)
        hasher.combine(link.metadata)
        hasher.combine(link.redeemLimit)
        hasher.combine(link.fallbacks)
        hasher.combine(link.preview)
        hasher.combine(link.expiresAt)
        return hasher.finalize()
    }

    /// Whether two links open the same way (everything but the instants and the redeem count).
    static func sameContent(_ a: SmartLink, _ b: SmartLink) -> Bool {
        a.team == b.team && a.route == b.route && a.routeName == b.routeName && a.routeParameters == b.routeParameters
            && a.queryParameters == b.queryParameters && a.metadata == b.metadata && a.redeemLimit == b.redeemLimit
            && a.fallbacks == b.fallbacks && a.preview == b.preview && a.expiresAt == b.expiresAt
    }
}
