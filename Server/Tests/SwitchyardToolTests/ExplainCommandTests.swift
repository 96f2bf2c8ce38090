import CommandTestSupport
import Foundation
@_spi(SwitchyardService) import Switchyard
import Testing

/// `switchyard explain` on a real store (SQLite, and PostgreSQL when set) gives the answer the
/// running service gives at `GET /api/v1/links/{code}/explain`, and a real open of each case over
/// HTTP gets what it says.
@Suite struct ExplainCommandTests {
    static let keys = ["SWITCHYARD_API_KEY": "explain-admin-key-0001", "SWITCHYARD_APP_KEY": "explain-app-key-00001"]

    /// Creates links on a running `serve`, then compares `explain --database`, `explain --service`
    /// and real opens.
    static func compare(database: String, scratch: TemporaryDirectory) async throws {
        let server = try ServeProcess(database: database, environment: keys, scratch: scratch)
        let created = try await server.request("POST", "/api/v1/links", key: "explain-admin-key-0001", json: """
            {"route": "product", "routeParameters": {"id": "42"}, "alias": "spring-sale",
             "fallbacks": {"ios": "https://apps.apple.com/app/id1", "android": "https://play.google.com/store/apps/details?id=com.example.shop",
                           "web": "https://shop.example.com/product/42"}}
            """)
        #expect(created.0 == 201, "\(created.1)")
        let base = "http://127.0.0.1:0"
        let local = try Switchyard.run(["explain", "\(base)/spring-sale", "--routes", Switchyard.shopRoutes, "--database", database,
                                        "--base-url", base, "--json"])
        #expect(local.status == 0, "\(local)")
        let remote = try Switchyard.run(["explain", "\(base)/spring-sale", "--service", "http://127.0.0.1:\(server.port)", "--json"],
                                        environment: keys)
        #expect(remote.status == 0, "\(remote)")
        #expect(local.standardOutput == remote.standardOutput, "the command and the endpoint give the same answer")
        let explanation = try JSONValue.parse(local.standardOutput)
        #expect(explanation["route"]?["name"] == "product" && explanation["route"]?["parameterTypes"]?["id"] == "int")
        let cases = try #require(explanation["cases"]?.arrayValue)
        #expect(cases.count == 8)
        for entry in cases {
            guard let agent = entry["userAgent"]?.stringValue else {
                #expect(entry["action"] == "open-app", "only the system's own opens skip the service")
                continue
            }
            let reply = try await server.send("GET", "/spring-sale", headers: ["User-Agent": agent])
            #expect(JSONValue.number(Double(reply.status)) == entry["status"], "\(entry)")
            #expect(reply.header("location").map(JSONValue.string) ?? .null == entry["location"], "\(entry)")
        }
        let table = try Switchyard.run(["explain", "\(base)/spring-sale", "--routes", Switchyard.shopRoutes, "--database", database,
                                        "--base-url", base])
        #expect(table.status == 0)
        #expect(table.lines.first == "\(base)/spring-sale  (short link spring-sale)")
        #expect(table.lines.contains("route: product/:id<int> (product)  {id: 42 (int)}"))
        #expect(table.standardOutput.contains("ios       installed  open-app  \(base)/spring-sale"))
        // A code the store does not have: every case refuses, as a real open does (404), in JSON too.
        let unknown = try Switchyard.run(["explain", "\(base)/Zz9Zz9Zz", "--routes", Switchyard.shopRoutes, "--database", database,
                                          "--base-url", base, "--json"])
        #expect(unknown.status == 0, "\(unknown)")
        let refused = try JSONValue.parse(unknown.standardOutput)
        #expect(refused["warnings"]?[0]?["code"] == "unknown-code")
        for entry in try #require(refused["cases"]?.arrayValue) {
            #expect(entry["action"] == "refuse", "\(entry)")
            guard let agent = entry["userAgent"]?.stringValue else { continue }
            #expect(entry["status"] == 404, "\(entry)")
            #expect(try await server.send("GET", "/Zz9Zz9Zz", headers: ["User-Agent": agent]).status == 404)
        }
        // The same through --service: the API's 404 reads as the local explanation, not as an error.
        let service = "http://127.0.0.1:\(server.port)"
        let remoteUnknown = try Switchyard.run(["explain", "\(base)/Zz9Zz9Zz", "--service", service, "--routes", Switchyard.shopRoutes, "--json"],
                                               environment: keys)
        #expect(remoteUnknown.status == 0, "\(remoteUnknown)")
        let remoteRefused = try JSONValue.parse(remoteUnknown.standardOutput)
        #expect(remoteRefused["url"] == refused["url"] && remoteRefused["warnings"] == refused["warnings"])
        let shape = { (explanation: JSONValue) in
            (explanation["cases"]?.arrayValue ?? []).map { [$0["platform"], $0["action"], $0["status"], $0["claim"]] }
        }
        #expect(shape(remoteRefused) == shape(refused))
        let remoteTable = try Switchyard.run(["explain", "\(base)/Zz9Zz9Zz", "--service", service], environment: keys)
        #expect(remoteTable.status == 0, "\(remoteTable)")
        #expect(remoteTable.standardOutput.contains("unknown-code: no link with the code 'Zz9Zz9Zz'"))
        #expect(server.stop() == 0)
    }

    @Test func sqliteMatchesTheServiceAndRealOpens() async throws {
        let scratch = try TemporaryDirectory()
        try await Self.compare(database: "sqlite:" + scratch.url.appendingPathComponent("explain.sqlite").path, scratch: scratch)
    }

    @Test(.enabled(if: PostgresEnvironment.url != nil, "\(PostgresEnvironment.skipped)"))
    func postgresMatchesTheServiceAndRealOpens() async throws {
        let schema = PostgresSchema(server: try #require(PostgresEnvironment.url), prefix: "explain")
        let scratch = try TemporaryDirectory()
        do {
            try await Self.compare(database: schema.databaseURL, scratch: scratch)
        } catch {
            try? await schema.drop()
            throw error
        }
        try await schema.drop()
    }

    @Test func aUniversalLinkNeedsOnlyTheTable() throws {
        let run = try Switchyard.run(["explain", "https://shop.example.com/products/7/reviews", "--routes", Switchyard.shopRoutes, "--json"])
        #expect(run.status == 0, "\(run)")
        let explanation = try JSONValue.parse(run.standardOutput)
        #expect(explanation["kind"] == "universal-link")
        #expect(explanation["route"]?["plan"]?.arrayValue?.compactMap { $0["screen"]?.stringValue }
                == ["ProductListScreen", "ProductScreen", "ReviewsScreen"])
        #expect(explanation["cases"]?[0]?["claim"]?["component"] == "/products/*", "the screen prefix /products/* comes first, and * spans segments")
    }

    @Test(arguments: [
        (["explain", "https://go.example.com/a b"], "switchyard: error: 'https://go.example.com/a b' is not a URL: it has spaces or control characters, or is over 4096 bytes\n"),
        (["explain", "http://127.0.0.1:8080/Ab3dE9xQ"], "switchyard: error: no link with the code 'Ab3dE9xQ' (pass --database and --base-url to read the short links)\n"),
        (["explain", "https://go.example.com/Ab3dE9xQ", "--base-url", "https://go.example.com", "--database", "sqlite:/nonexistent-dir/x.sqlite"],
         nil),
        (["explain", "shop://product/1", "--routes", "/nonexistent/routes.json"], nil),
        (["explain", "https://elsewhere.example/x"], "switchyard: error: 'elsewhere.example' is neither the link service's host nor a host of the route table (127.0.0.1:8080, shop.example.com)\n"),
    ])
    func badInputIsAClearError(arguments: [String], message: String?) throws {
        var arguments = arguments
        if !arguments.contains("--routes") { arguments += ["--routes", Switchyard.shopRoutes] }
        let run = try Switchyard.run(arguments)
        #expect(run.status == 1, "\(run)")
        #expect(run.standardOutput.isEmpty)
        if let message { #expect(run.standardError == message) } else { #expect(run.standardError.hasPrefix("switchyard: error: ")) }
    }

    @Test func usageMistakesAreNamed() throws {
        let run = try Switchyard.run(["explain", "x", "--routes", Switchyard.shopRoutes, "--database", "sqlite:a.sqlite"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--database needs --base-url"))
    }
}
