import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import Testing

/// The dashboard's Firebase import: a multipart upload that runs the same importer as the command.
@Suite struct DashboardImportTests {
    static let export = "Short link,Long link\r\n"
        + "https://example.page.link/m9Mm,https://example.page.link/?link=https://shop.example.com/product/42&isi=1234567\r\n"
        + "https://example.page.link/bad1,https://example.page.link/?link=https://evil.example.net/<script>\r\n"

    /// Posts `parts` as `multipart/form-data` with the browser's cookies.
    func upload(_ browser: DashboardClient, parts: [(name: String, filename: String?, content: String)],
                boundary: String = "----switchyard-test-7d93") async throws -> TestResponse {
        var body = ""
        for part in parts {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { body += "; filename=\"\(filename)\"\r\nContent-Type: text/csv" }
            body += "\r\n\r\n\(part.content)\r\n"
        }
        body += "--\(boundary)--\r\n"
        var headers = HTTPFields()
        headers[.cookie] = browser.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        return try await browser.client.executeRequest(uri: "/dashboard/import", method: .post, headers: headers,
                                                       body: ByteBuffer(string: body))
    }

    @Test(arguments: StoreKind.available)
    func anUploadedExportIsImportedForTheSignedInTeam(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let form = try await browser.get("/dashboard/import")
            #expect(form.status == .ok)
            #expect(form.text.contains(#"enctype="multipart/form-data""#))
            #expect(form.text.contains(#"<input type="file" id="file" name="file""#))

            let dry = try await upload(browser, parts: [("csrf", nil, csrf), ("file", "links.csv", Self.export), ("dryRun", nil, "1")])
            #expect(dry.status == .ok)
            #expect(dry.text.contains("1 imported, 0 already there, 1 rejected (dry run: nothing written)"))
            #expect(try await harness.store.link(code: "m9Mm") == nil)

            let response = try await upload(browser, parts: [("csrf", nil, csrf), ("file", "links.csv", Self.export), ("text", nil, "")])
            #expect(response.status == .ok)
            let page = response.text
            #expect(page.contains(#"<p class="notice" id="summary">1 imported, 0 already there, 1 rejected</p>"#))
            #expect(page.contains("<td>3</td>"))
            #expect(page.contains("&lt;script&gt;"), "the rejected row's text is escaped")
            #expect(!page.contains("<script>"))
            let link = try #require(try await harness.store.link(code: "m9Mm"))
            #expect(link.team == "shop")
            #expect(link.fallbacks.ios == "https://apps.apple.com/app/id1234567")

            // Pasted instead of a file, a second time: nothing changes.
            let again = try await upload(browser, parts: [("csrf", nil, csrf), ("file", "", ""), ("text", nil, Self.export)])
            #expect(again.text.contains("0 imported, 1 already there, 1 rejected"))
        }
    }

    @Test func aTakeoutExportWithBothChoicesThenTheLabelsInTheListAndTheLinkPage() async throws {
        try await Harness.live(.sqlite) { client, harness in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let form = try await browser.get("/dashboard/import")
            #expect(form.text.contains(#"name="archived" value="skip""#) && form.text.contains(#"name="unrouted" value="web""#))
            let export = FirebaseTakeoutImportTests.exampleDomain.text
            let response = try await upload(browser, parts: [("csrf", nil, csrf), ("file", "takeout.csv", export),
                                                             ("archived", nil, "skip"), ("unrouted", nil, "web")])
            #expect(response.text.contains("5 imported, 0 already there, 0 rejected, 1 archived (skipped), 1 unrouted (imported as web links)"),
                    "\(response.text)")
            #expect(response.text.contains("example.page.link → https://go.example.com (6 rows)"))
            #expect(response.text.contains("line 8: &#39;ibi&#39; is &#39;com.other.app&#39;"), "the notices are shown")
            #expect(try await harness.store.link(code: "arch1") == nil)

            let found = try await browser.get("/?q=spring")
            #expect(found.text.contains(#"<td class="label">Spring shoes, hero</td>"#), "\(found.text)")
            #expect(!found.text.contains(#"data-code="min1""#), "the search leaves out what does not match")
            #expect(found.text.contains(#"value="spring""#))
            let none = try await browser.get("/?q=nothing-like-this")
            #expect(none.text.contains("No link matches."))
            let page = try await browser.get("/dashboard/links/full1").text
            for text in ["Spring shoes, hero", "https://www.example.org/ipad", "https://apps.apple.com/app/id1234567", "2.1", "120",
                         "utm_campaign=spring"] {
                #expect(page.contains(text), "\(text)")
            }
            let web = try await browser.get("/dashboard/links/typo1").text
            #expect(web.contains("none: every platform goes to the web fallback"))
        }
    }

    @Test func refusalsOfTheForm() async throws {
        try await Harness.live(.memory) { client, harness in
            let browser = DashboardClient(client)
            let signedOut = try await upload(browser, parts: [("file", "a.csv", Self.export)])
            #expect(signedOut.status == .seeOther)
            #expect(signedOut.headers[.location] == "/dashboard/signin")

            let csrf = try await browser.signIn()
            let forged = try await upload(browser, parts: [("csrf", nil, "forged"), ("file", "a.csv", Self.export)])
            #expect(forged.status == .forbidden)
            #expect(try await harness.store.link(code: "m9Mm") == nil)

            let empty = try await upload(browser, parts: [("csrf", nil, csrf), ("file", "a.csv", ""), ("text", nil, "  \r\n")])
            #expect(empty.status == .badRequest)
            #expect(empty.text.contains("Choose an export file or paste its contents."))

            let notExport = try await upload(browser, parts: [("csrf", nil, csrf), ("text", nil, "name,created\nx,1\n")])
            #expect(notExport.status == .badRequest)
            #expect(notExport.text.contains("the header names neither a deep-link column"))

            let urlencoded = try await browser.post("/dashboard/import", form: [("csrf", csrf), ("text", Self.export)])
            #expect(urlencoded.status == .unsupportedMediaType)
        }
    }

    @Test(arguments: [
        ("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx", "a part never ends (no closing boundary)"),
        ("nothing here", "no part starts with the boundary"),
        ("--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--", "a part has no Content-Disposition name"),
        ("--bXX", "a boundary line does not end with CRLF"),
    ])
    func malformedMultipartBodies(body: String, reason: String) {
        #expect {
            _ = try MultipartForm(body: Array(body.utf8), boundary: "b")
        } throws: { error in
            (error as? MultipartForm.Malformed)?.reason == reason
        }
    }

    @Test func multipartPartsAndBoundaries() throws {
        #expect(MultipartForm.boundary("multipart/form-data; boundary=\"abc def\"") == "abc def")
        #expect(MultipartForm.boundary("multipart/form-data; charset=utf-8; boundary=xyz") == "xyz")
        #expect(MultipartForm.boundary("multipart/form-data") == nil)
        let body = "preamble\r\n--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\nline1\r\nline2\r\n"
            + "--b\r\ncontent-disposition: form-data; name=csrf\r\n\r\ntok\r\n--b--\r\n"
        let form = try MultipartForm(body: Array(body.utf8), boundary: "b")
        #expect(form["file"] == "line1\r\nline2")
        #expect(form["csrf"] == "tok")
        #expect(form.parts.count == 2)
    }

    /// One import per team at a time: while the team's import runs, another (a dry run too) is
    /// refused, and another team's is not.
    @Test func oneImportPerTeamAtATime() async throws {
        try await Harness.live(.memory) { client, harness in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let turn = Dashboard.importTurn(store: harness.store, team: "shop")
            _ = Dashboard.importingTeams.withLock { $0.insert(turn) }
            let busy = try await upload(browser, parts: [("csrf", nil, csrf), ("file", "links.csv", Self.export), ("dryRun", nil, "1")])
            _ = Dashboard.importingTeams.withLock { $0.remove(turn) }
            #expect(busy.status == .tooManyRequests)
            #expect(busy.text.contains("An import for your team is already running"))
            let after = try await upload(browser, parts: [("csrf", nil, csrf), ("file", "links.csv", Self.export), ("dryRun", nil, "1")])
            #expect(after.status == .ok, "\(after.status)")
            #expect(Dashboard.importingTeams.withLock { !$0.contains(turn) }, "the turn is given back")
        }
    }

    /// The worst rows of the issue: links of 950 segments. The nearest-route search gives up on a
    /// path far longer than every route (the call that cost an edit distance per segment), and an
    /// import of 200 such rows rejects each with the plain reason.
    @Test func rowsOfHundredsOfSegmentsCostAConstantEach() async throws {
        let long = "https://shop.example.com/" + (0..<950).map { "s\($0)" }.joined(separator: "/")
        let table = try RouteTable(Harness.routes)
        #expect(NearestRoutes(table: table).patterns(near: long).isEmpty)
        #expect(NearestRoutes(table: table).patterns(near: "https://shop.example.com/prodcut/42").first == "product/:product_id")
        let csv = "long link\n" + (0..<200).map { "https://example.page.link/?link=\(long)/\($0)" }.joined(separator: "\n") + "\n"
        try await Harness.live(.memory) { _, harness in
            let report = try await FirebaseImporter(configuration: Harness.configuration(), store: harness.store, team: "shop")
                .run(text: csv, options: .init(dryRun: true))
            #expect(report.rejected.count == 200)
            #expect(report.rejected.allSatisfy { !$0.reason.contains("nearest routes") })
        }
    }
}
