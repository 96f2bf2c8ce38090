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
                                      environment: ["SWITCHYARD_API_KEY": "admin-key", "SWITCHYARD_APP_KEY": "app-key"],
                                      scratch: scratch, executable: copy, workingDirectory: alone)
        defer { _ = server.stop() }

        let document = try await server.send("GET", "/openapi.json")
        #expect(document.status == 200)
        #expect(document.body.contains(#""openapi": "3.1.0""#))
        #expect(document.body.contains(#""/api/v1/deferred/claim""#))
        #expect(try await server.send("GET", "/api/v1/openapi.json").body == document.body)

        let created = try await server.send("POST", "/api/v1/links", key: "admin-key",
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
            ("/metrics", [:], 200, "switchyard_"),
        ]
        for (path, headers, status, text) in pages {
            let reply = try await server.send("GET", path, headers: headers)
            #expect(reply.status == status, "\(path)")
            #expect(reply.body.contains(text), "\(path): \(reply.body.prefix(200))")
        }
        #expect(try await server.send("GET", "/").status == 303, "the dashboard sends strangers to sign in")
        #expect(!server.log.contains("resource bundle"))
    }
}
