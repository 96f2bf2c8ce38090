import Foundation
import Hummingbird

/// Importing a Firebase Dynamic Links export from the dashboard: an upload form
/// (`multipart/form-data`, the export as a file or pasted) that runs the same
/// ``FirebaseImporter`` as `switchyard import firebase`, for the signed-in team.
extension Dashboard {
    /// The largest export the form accepts.
    static let importLimit = 16 * 1024 * 1024

    func importPage(session: DashboardSessions.Session) -> Response {
        DashboardPage.response(DashboardPage.render(title: "Import from Firebase", session: session,
                                                    body: Self.importForm(session: session, error: nil)))
    }

    static func importForm(session: DashboardSessions.Session, error: String?) -> String {
        var body = "<h1>Import from Firebase Dynamic Links</h1>\n"
        if let error { body += "<p class=\"error\" role=\"alert\" id=\"error\">\(HTML.escape(error))</p>\n" }
        body += """
            <p>Upload an export of your project's links: a CSV whose header names the short link and the long link \
            (<code>Short link,Long link</code>), or a list of long links, one a line. Each short link keeps its suffix \
            as its code; rows that cannot be imported are listed with their line and reason. Importing the same file \
            again changes nothing.</p>
            <form method="post" action="/dashboard/import" enctype="multipart/form-data" id="import" class="card">
            \(DashboardPage.csrfField(session))
            <label for="file">Export file</label>
            <input type="file" id="file" name="file" accept=".csv,.txt,text/csv,text/plain">
            <label for="text">or paste it <span class="hint">used when no file is chosen</span></label>
            <textarea id="text" name="text"></textarea>
            <label><input type="checkbox" name="dryRun" value="1" id="dry-run" style="width:auto"> Dry run \
            <span class="hint">check every row, write nothing</span></label>
            <button type="submit" class="primary" id="run-import">Import</button>
            </form>
            """
        return body
    }

    func runImport(_ request: Request, session: DashboardSessions.Session) async throws -> Response {
        func failed(_ message: String, status: HTTPResponse.Status) -> Response {
            DashboardPage.response(DashboardPage.render(title: "Import from Firebase", session: session,
                                                        body: Self.importForm(session: session, error: message)), status: status)
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
        let importer = FirebaseImporter(rules: service.rules, store: service.store, team: session.team, now: service.now)
        let report: FirebaseImporter.Report
        do {
            report = try await importer.run(source: ByteSource(bytes: bytes), dryRun: form["dryRun"] == "1", progress: nil)
        } catch let error as FirebaseImporter.FileError {
            return failed(error.message, status: .badRequest)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem.unavailable("the database is unavailable; nothing after the last written batch was imported")
        }
        service.logger.info("dashboard import", metadata: ["team": "\(session.team)", "summary": "\(report.summary)"])
        return DashboardPage.response(DashboardPage.render(title: "Import from Firebase", session: session,
                                                           body: Self.importReport(report)))
    }

    static func importReport(_ report: FirebaseImporter.Report) -> String {
        var body = "<h1>Import from Firebase Dynamic Links</h1>\n"
        body += "<p class=\"notice\" id=\"summary\">\(HTML.escape(report.summary))</p>\n"
        if !report.rejected.isEmpty {
            body += "<table id=\"rejected\"><thead><tr><th>Line</th><th>Short link</th><th>Reason</th></tr></thead><tbody>\n"
            for rejection in report.rejected {
                body += "<tr><td>\(rejection.line)</td><td>\(rejection.shortLink.map { "<code>\(HTML.escape($0))</code>" } ?? "")</td>"
                body += "<td>\(HTML.escape(rejection.reason))</td></tr>\n"
            }
            body += "</tbody></table>\n"
        }
        body += "<p><a href=\"/\">Back to the links</a> · <a href=\"/dashboard/import\">Import another file</a></p>"
        return body
    }
}
