import Foundation
import Hummingbird
import Synchronization
import SwitchyardStore

/// Importing a Firebase Dynamic Links export from the dashboard: an upload form
/// (`multipart/form-data`, the export as a file or pasted) that runs the same
/// ``FirebaseImporter`` as `switchyard import firebase`, for the signed-in team: through the team's
/// create limit (one token per new link), and with a `link.created` event for each link written.
extension Dashboard {
    /// The largest export the form accepts.
    static let importLimit = 16 * 1024 * 1024

    /// The teams with an import (or a dry run) running in this process, by store: one at a time
    /// per team, so that one editor cannot hold every core with uploads side by side.
    static let importingTeams = Mutex<Set<ImportTurn>>([])

    /// A team's turn in ``importingTeams``: the store (one service's) and the team.
    struct ImportTurn: Hashable, Sendable {
        let store: ObjectIdentifier
        let team: String
    }

    /// `team`'s turn on `store` (every store is a class or an actor: its identity is the service's).
    static func importTurn(store: any LinkStore, team: String) -> ImportTurn {
        ImportTurn(store: ObjectIdentifier(store as AnyObject), team: team)
    }

    func importPage(session: DashboardSessions.Session) -> Response {
        DashboardPage.response(DashboardPage.render(.importForm, title: "Import from Firebase", session: session,
                                                    page: ImportForm(error: nil)))
    }

    /// The upload form's context.
    struct ImportForm: Sendable {
        let error: String?
    }

    func runImport(_ request: Request, session: DashboardSessions.Session, context: ServiceRequestContext) async throws -> Response {
        func failed(_ message: String, status: HTTPResponse.Status) -> Response {
            DashboardPage.response(DashboardPage.render(.importForm, title: "Import from Firebase", session: session,
                                                        page: ImportForm(error: message)), status: status)
        }
        guard RequestBodies.mediaType(request) == "multipart/form-data",
              let boundary = request.headers[.contentType].flatMap(MultipartForm.boundary) else {
            return failed("The form must be posted as multipart/form-data.", status: .unsupportedMediaType)
        }
        let buffer = try await RequestBodies.collect(request, limit: Self.importLimit)
        let form: MultipartForm
        do {
            form = try MultipartForm(body: Array(buffer: buffer), boundary: boundary)
        } catch {
            return failed("The upload could not be read: \(error.reason).", status: .badRequest)
        }
        guard DashboardSessions.tokensMatch(form["csrf"], session.csrf) else { return Self.csrfRefusal(session: session) }
        var bytes = form.bytes("file") ?? []
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { bytes = form.bytes("text") ?? [] }
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            return failed("Choose an export file or paste its contents.", status: .badRequest)
        }
        let turn = Self.importTurn(store: service.store, team: session.team)
        guard Self.importingTeams.withLock({ $0.insert(turn).inserted }) else {
            return failed("An import for your team is already running; try again when it has finished.", status: .tooManyRequests)
        }
        defer { _ = Self.importingTeams.withLock { $0.remove(turn) } }
        var importer = FirebaseImporter(rules: service.rules, store: service.store, team: session.team,
                                        baseURL: service.configuration.trimmedBaseURL, now: service.now)
        importer.handOff = service.importHandOff(team: session.team)
        let options = FirebaseImporter.Options(dryRun: form["dryRun"] == "1", archived: form["archived"] == "skip" ? .skip : .disable,
                                               unrouted: form["unrouted"] == "web" ? .web : .reject)
        let report: FirebaseImporter.Report
        do {
            report = try await importer.run(sources: [("upload", ByteSource(bytes: bytes))], options: options, progress: nil)
        } catch let error as FirebaseImporter.FileError {
            return failed(error.message, status: .badRequest)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem.unavailable("the database is unavailable; nothing after the last written batch was imported")
        }
        service.logger.info("dashboard import", metadata: ["team": "\(session.team)", "summary": "\(report.summary)"])
        if !options.dryRun, report.imported > 0 {
            // One entry for the whole import, in a transaction of its own after the last batch.
            let entry = service.auditAuthor(session, request: request, context: context)
                .entry("links.imported", target: "upload", detail: "\(report.imported) links", at: service.now())
            try await service.storage { try await service.store.appendAudit([entry]) }
        }
        return DashboardPage.response(DashboardPage.render(.importReport, title: "Import from Firebase", session: session,
                                                           page: ImportReport(report)))
    }

    /// The report's context: the summary, and each rejected row with its line and reason.
    struct ImportReport: Sendable {
        struct Rejected: Sendable {
            let line: Int
            let shortLink: String?
            let reason: String
        }

        let summary: String
        /// Each domain's mapping, the ignored columns and the notices.
        let details: [String]
        let hasRejections: Bool
        let rejected: [Rejected]

        init(_ report: FirebaseImporter.Report) {
            summary = report.summary
            details = report.domains.map { "\($0.domain) → \($0.baseURL) (\($0.rows) rows)" }
                + report.unknownColumns.map { "Ignored column \($0)" } + report.notices.map(\.description)
            rejected = report.rejected.map { Rejected(line: $0.line, shortLink: $0.shortLink, reason: $0.reason) }
            hasRejections = !rejected.isEmpty
        }
    }
}
