import CommandTestSupport
import Foundation
import Testing

/// The built `switchyard`, copied alone to an empty folder, serves every page and the OpenAPI
/// document: nothing is read from a resource bundle beside the build directory.
@Suite struct OneBinaryTests {
    @Test func aCopiedBinaryServesEveryPageFromAnEmptyFolder() async throws {
        let scratch = try TemporaryDirectory()
        let alone = scratch.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("switchyard")
        try FileManager.default.copyItem(at: Switchyard.executable, to: copy)
        #expect(try FileManager.default.contentsOfDirectory(atPath: alone.path) == ["switchyard"])

        let server = try ServeProcess(database: "sqlite:" + scratch.url.appendingPathComponent("links.sqlite").path,
                                      environment: ["SWITCHYARD_API_KEY": "one-binary-admin-key", "SWITCHYARD_APP_KEY": "one-binary-app-key-1"],
                                      scratch: scratch, executable: copy, workingDirectory: alone)
        defer { _ = server.stop() }

        let document = try await server.send("GET", "/openapi.json")
        #expect(document.status == 200)
        #expect(document.body.contains(#""openapi": "3.1.0""#))
        #expect(document.body.contains(#""/api/v1/deferred/claim""#))
        #expect(try await server.send("GET", "/api/v1/openapi.json").body == document.body)

        let created = try await server.send("POST", "/api/v1/links", key: "one-binary-admin-key",
                                            json: #"{"route": "cart", "fallbacks": {"ios": "https://apps.apple.com/app/id1"}}"#)
        #expect(created.status == 201, "\(created.body)")
        let code = try #require(created.body.split(separator: "\"").drop { $0 != "code" }.dropFirst(2).first.map(String.init))
        let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
        let pages: [(String, [String: String], Int, String)] = [
            ("/dashboard/signin", [:], 200, "name=\"csrf\""),
            ("/\(code)", ["User-Agent": iPhone], 200, "Open in the app"),
            ("/\(code)", ["User-Agent": "Slackbot-LinkExpanding 1.0"], 200, "og:title"),
            ("/nope1234", [:], 404, "Link not found"),
            ("/.well-known/apple-app-site-association", [:], 200, "applinks"),
            ("/.well-known/assetlinks.json", [:], 200, "["),
            ("/health", [:], 200, "ok"),
            ("/metrics", ["Authorization": "Bearer one-binary-admin-key"], 200, "switchyard_"),
        ]
        for (path, headers, status, text) in pages {
            let reply = try await server.send("GET", path, headers: headers)
            #expect(reply.status == status, "\(path)")
            #expect(reply.body.contains(text), "\(path): \(reply.body.prefix(200))")
        }
        #expect(try await server.send("GET", "/").status == 303, "the dashboard sends strangers to sign in")

        // Signed in with the key through the form, as a browser would: the dashboard's pages.
        let signInPage = try await server.send("GET", "/dashboard/signin")
        let signInToken = try #require(Self.csrf(in: signInPage.body))
        let signInCookie = try #require(Self.cookie("switchyard_signin", in: signInPage))
        let signedIn = try await server.send("POST", "/dashboard/signin", form: [("csrf", signInToken), ("key", "one-binary-admin-key")],
                                             headers: ["Cookie": "switchyard_signin=\(signInCookie)"])
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/", "\(signedIn.status): \(signedIn.body.prefix(300))")
        let session = try #require(Self.cookie("switchyard_session", in: signedIn))
        let cookie = ["Cookie": "switchyard_session=\(session)"]
        let list = try await server.send("GET", "/", headers: cookie)
        let csrf = try #require(Self.csrf(in: list.body))
        let made = try await server.send("POST", "/dashboard/new", form: [("csrf", csrf), ("route", "cart"), ("alias", "from-form")],
                                         headers: cookie)
        #expect(made.status == 303 && made.header("Location") == "/dashboard/links/from-form", "\(made.status): \(made.body.prefix(300))")
        let dashboard: [(String, String)] = [
            ("/", #"<tr class="link" data-code="\#(code)">"#),
            ("/dashboard/new", #"<form method="get" action="/dashboard/new" id="pick-route" class="card">"#),
            ("/dashboard/new?route=cart", #"<form method="post" action="/dashboard/new" id="create-link">"#),
            ("/dashboard/links/\(code)", #"<svg xmlns="http://www.w3.org/2000/svg" class="qr""#),
            ("/dashboard/links/from-form", #"<svg xmlns="http://www.w3.org/2000/svg" class="chart""#),
            ("/dashboard/import", #"<input type="file" id="file" name="file""#),
        ]
        for (path, text) in dashboard {
            let reply = try await server.send("GET", path, headers: cookie)
            #expect(reply.status == 200, "\(path)")
            #expect(reply.body.contains(text), "\(path): \(reply.body.prefix(300))")
            #expect(reply.body.contains(#"<button type="submit" id="sign-out">Sign out</button>"#), "\(path) is signed in")
        }
        #expect(!server.log.contains("resource bundle"))
    }

    /// The first hidden `csrf` field's value on a page.
    static func csrf(in page: String) -> String? {
        guard let range = page.range(of: #"name="csrf" value=""#) else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The value a reply's `Set-Cookie` header(s) give cookie `name` (Foundation joins several headers with commas).
    static func cookie(_ name: String, in reply: ServeProcess.Reply) -> String? {
        guard let header = reply.header("Set-Cookie"), let range = header.range(of: name + "=") else { return nil }
        let value = header[range.upperBound...].prefix { $0 != ";" && $0 != "," }
        return value.isEmpty ? nil : String(value)
    }
}
