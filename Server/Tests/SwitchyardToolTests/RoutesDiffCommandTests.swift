import CommandTestSupport
import Foundation
@_spi(SwitchyardService) import Switchyard
import SwitchyardStore
import Testing

/// `switchyard routes diff` names each kind of change, lists the live links a new table breaks
/// (on SQLite, and PostgreSQL when set), and `serve` refuses such a table unless told.
@Suite struct RoutesDiffCommandTests {
    static let old = """
        {"schemes": ["shop"], "hosts": ["shop.example.com"], "apps": {"ios": ["T.com.example.shop"]},
         "routes": [
           {"pattern": "product/:id", "name": "product"},
           {"pattern": "category/:slug", "name": "category"},
           {"pattern": "user/:userID", "name": "user"},
           {"pattern": "legal/terms", "name": "terms"},
           {"pattern": "list{List}/:item{Item}", "name": "list"},
           {"pattern": "about/team"}
         ]}
        """
    static let new = """
        {"schemes": ["shop"], "hosts": ["shop.example.com"], "apps": {"ios": ["T.com.example.shop"]},
         "routes": [
           {"pattern": "product/:id", "name": "product"},
           {"pattern": "category/:slug<int>", "name": "category"},
           {"pattern": "user/:uid", "name": "user"},
           {"pattern": "legal/terms", "name": "terms", "webOnly": true},
           {"pattern": "list{List}/:item{Item}!", "name": "list"},
           {"pattern": "product/featured", "name": "featured"}
         ]}
        """

    @Test func eachKindOfChangeIsNamed() throws {
        let scratch = try TemporaryDirectory()
        let run = try Switchyard.run(["routes", "diff", try scratch.write("old.json", Self.old), try scratch.write("new.json", Self.new), "--json"])
        #expect(run.status == 0, "no database: nothing breaks\n\(run)")
        let object = try JSONValue.parse(run.standardOutput)
        let kinds = try #require(object["changes"]?.arrayValue).compactMap { $0["kind"]?.stringValue }
        #expect(kinds == ["pattern-changed", "constraint-changed", "parameter-renamed", "web-only", "pattern-changed", "plan-changed",
                          "removed", "added"])
        #expect(object["brokenLinks"] == [] && object["breaking"] == false)
        let text = try Switchyard.run(["routes", "diff", scratch.url.appendingPathComponent("old.json").path,
                                       scratch.url.appendingPathComponent("new.json").path])
        #expect(text.lines.contains("constraint-changed: route 'category': parameter 'slug' any value → <int> (narrowed: values it accepted may now be refused)"))
        #expect(text.lines.contains("parameter-renamed: route 'user': parameter 'userID' → 'uid' ('user/:userID' → 'user/:uid')"))
        #expect(text.lines.last == scratch.url.appendingPathComponent("new.json").path + ": 8 changes")
    }

    @Test func aNewConflictFailsTheDiff() throws {
        let scratch = try TemporaryDirectory()
        let conflicting = Self.new.replacingOccurrences(of: #"{"pattern": "product/featured", "name": "featured"}"#,
                                                        with: #"{"pattern": "product/:pid", "name": "other"}"#)
        let run = try Switchyard.run(["routes", "diff", try scratch.write("old.json", Self.old), try scratch.write("new.json", conflicting),
                                      "--json", "--allow-breaking"])
        #expect(run.status == 1, "\(run)")
        let object = try JSONValue.parse(run.standardOutput)
        #expect(object["changes"]?[0]?["kind"] == "conflict")
    }

    /// Stores links under OLD (through `serve`), then diffs against NEW with the database, and
    /// starts `serve` on NEW.
    static func liveLinks(database: String, scratch: TemporaryDirectory) async throws {
        let oldPath = try scratch.write("old.json", Self.old), newPath = try scratch.write("new.json", Self.new)
        let keys = ["SWITCHYARD_API_KEY": "diff-admin-key-000001"]
        let server = try ServeProcess(database: database, environment: keys, scratch: scratch, routes: oldPath)
        for body in [#"{"route": "category", "routeParameters": {"slug": "shoes"}, "alias": "by-slug"}"#,
                     #"{"route": "category", "routeParameters": {"slug": "12"}, "alias": "by-number"}"#,
                     #"{"route": "user", "routeParameters": {"userID": "7"}, "alias": "a-user"}"#,
                     #"{"route": "terms", "alias": "the-terms"}"#,
                     #"{"route": "product", "routeParameters": {"id": "1"}, "alias": "a-product"}"#,
                     #"{"route": "product", "routeParameters": {"id": "featured"}, "alias": "featured-product"}"#,
                     #"{"route": "about/team", "alias": "the-team"}"#,
                     #"{"route": "about/team", "alias": "deleted-team"}"#] {
            let created = try await server.request("POST", "/api/v1/links", key: "diff-admin-key-000001", json: body)
            #expect(created.0 == 201, "\(created.1)")
        }
        #expect(try await server.request("DELETE", "/api/v1/links/deleted-team", key: "diff-admin-key-000001").0 == 204)
        #expect(server.stop() == 0)

        let run = try Switchyard.run(["routes", "diff", oldPath, newPath, "--database", database, "--json"])
        #expect(run.status == 1, "\(run)")
        let object = try JSONValue.parse(run.standardOutput)
        let broken = try #require(object["brokenLinks"]?.arrayValue)
        // Links follow their route's name: a tightened constraint breaks only the values it refuses
        // (12 still opens), a renamed parameter breaks every link of the route.
        #expect(broken.compactMap { $0["code"]?.stringValue } == ["a-user", "by-slug", "featured-product", "the-team", "the-terms"])
        #expect(broken.compactMap { $0["kind"]?.stringValue }
                == ["parameters-refused", "parameters-refused", "parameters-refused", "route-removed", "web-only"])
        #expect(broken[1]["route"] == "category")
        #expect(broken[1]["reason"] == "its parameters no longer build route 'category' ('category/:slug<int>'): parameter 'slug' is 'shoes', which does not satisfy <int> in 'category/:slug<int>'")
        #expect(broken[3]["reason"] == "the table has no route 'about/team', nor one of its shape: the service builds no deep link")
        #expect(object["breaking"] == true)
        let allowed = try Switchyard.run(["routes", "diff", oldPath, newPath, "--database", database, "--allow-breaking"])
        #expect(allowed.status == 0, "\(allowed)")
        #expect(allowed.lines.last == newPath + ": 8 changes, 5 live links break")

        let refused = try Switchyard.run(["serve", "--routes", newPath, "--database", database, "--port", "0"], environment: keys)
        #expect(refused.status == 1, "\(refused)")
        // The start check, per stored route, lists the same links.
        #expect(refused.standardError.contains("featured-product (product): parameters-refused: "), "\(refused)")
        for code in ["a-user (user)", "by-slug (category)", "the-team (about/team)", "the-terms (terms)"] {
            #expect(refused.standardError.contains(code + ": "), "\(code)")
        }
        #expect(refused.standardError.contains("\(newPath) breaks 5 live links; fix the table, or start with --allow-breaking-routes"))
        let started = try ServeProcess(database: database, environment: keys, scratch: scratch, routes: newPath,
                                       arguments: ["--allow-breaking-routes"])
        #expect(started.log.contains("live link does not open under the route table"))
        #expect(started.stop() == 0)
        // The old table starts as before.
        let again = try ServeProcess(database: database, environment: keys, scratch: scratch, routes: oldPath)
        #expect(again.stop() == 0)
    }

    /// A table written before routes had names: links stored under `product/:product_id` follow
    /// the route of the same shape in the next table (`product/:product_id<int>`), and are judged
    /// by its constraint; `user/:id`, gone, breaks. `routes diff`, `serve`'s start check, `explain`
    /// and a real open agree, on the same store.
    static func unnamedRoutes(database: String, scratch: TemporaryDirectory) async throws {
        let oldPath = try scratch.write("unnamed-old.json", """
            {"schemes": ["shop"], "hosts": ["shop.example.com"],
             "routes": [{"pattern": "product/:product_id"}, {"pattern": "user/:id"}]}
            """)
        let newPath = try scratch.write("unnamed-new.json", """
            {"schemes": ["shop"], "hosts": ["shop.example.com"], "routes": [{"pattern": "product/:product_id<int>"}]}
            """)
        let keys = ["SWITCHYARD_API_KEY": "diff-admin-key-000001", "SWITCHYARD_APP_KEY": "diff-app-key-00000001"]
        let server = try ServeProcess(database: database, environment: keys, scratch: scratch, routes: oldPath)
        for body in [#"{"route": "product/:product_id", "routeParameters": {"product_id": "42"}, "alias": "product-42"}"#,
                     #"{"route": "product/:product_id", "routeParameters": {"product_id": "abc"}, "alias": "product-abc"}"#,
                     #"{"route": "user/:id", "routeParameters": {"id": "7"}, "alias": "user-7"}"#] {
            let created = try await server.request("POST", "/api/v1/links", key: "diff-admin-key-000001", json: body)
            #expect(created.0 == 201, "\(created.1)")
        }
        #expect(server.stop() == 0)

        // routes diff: the product route is paired, and only the value its constraint refuses breaks.
        let run = try Switchyard.run(["routes", "diff", oldPath, newPath, "--database", database, "--json"])
        #expect(run.status == 1, "\(run)")
        let object = try JSONValue.parse(run.standardOutput)
        let changes = try #require(object["changes"]?.arrayValue)
        #expect(changes.compactMap { $0["kind"]?.stringValue } == ["pattern-changed", "constraint-changed", "removed"], "\(run)")
        let broken = try #require(object["brokenLinks"]?.arrayValue)
        #expect(broken.compactMap { $0["code"]?.stringValue } == ["product-abc", "user-7"], "\(run)")
        #expect(broken.compactMap { $0["kind"]?.stringValue } == ["parameters-refused", "route-removed"])
        #expect(broken[0]["reason"] == "its parameters no longer build route 'product/:product_id<int>': parameter 'product_id' is 'abc', which does not satisfy <int> in 'product/:product_id<int>'")

        // serve's start check names the same two, and not product 42.
        let refused = try Switchyard.run(["serve", "--routes", newPath, "--database", database, "--port", "0"], environment: keys)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.standardError.contains("product-abc (product/:product_id): parameters-refused: "), "\(refused)")
        #expect(refused.standardError.contains("user-7 (user/:id): route-removed: "), "\(refused)")
        #expect(!refused.standardError.contains("product-42"), "\(refused)")
        #expect(refused.standardError.contains("\(newPath) breaks 2 live links"), "\(refused)")

        // explain, on the store: product 42 opens the new route; abc and the user refuse.
        let base = "http://127.0.0.1:8080"
        func explain(_ code: String) throws -> JSONValue {
            let result = try Switchyard.run(["explain", "\(base)/\(code)", "--routes", newPath, "--database", database,
                                             "--base-url", base, "--json"])
            #expect(result.status == 0, "\(result)")
            return try JSONValue.parse(result.standardOutput)
        }
        func deepLinkWarning(_ explanation: JSONValue) -> String? {
            explanation["warnings"]?.arrayValue?.first { $0["code"] == "no-deep-link" }?["message"]?.stringValue
        }
        let product = try explain("product-42")
        #expect(product["route"]?["pattern"] == "product/:product_id<int>", "\(product)")
        #expect(deepLinkWarning(product) == nil, "\(product)")
        #expect(deepLinkWarning(try explain("product-abc"))?.hasPrefix("parameters-refused: ") == true)
        #expect(deepLinkWarning(try explain("user-7"))?.hasPrefix("route-removed: ") == true)

        // A real open under the new table: product 42 answers the app's universal link; the others do not.
        let started = try ServeProcess(database: database, environment: keys, scratch: scratch, routes: newPath,
                                       arguments: ["--allow-breaking-routes"])
        let resolved = try await started.request("GET", "/api/v1/links/product-42/resolve", key: "diff-app-key-00000001")
        #expect(resolved.0 == 200, "\(resolved.1)")
        let answer = try JSONValue.parse(resolved.1)
        #expect(answer["route"] == "product/:product_id<int>" && answer["routeParameters"]?["product_id"] == "42", "\(resolved.1)")
        #expect(answer["url"] == "https://shop.example.com/product/42", "\(resolved.1)")
        let abc = try await started.request("GET", "/api/v1/links/product-abc/resolve", key: "diff-app-key-00000001")
        let abcAnswer = try JSONValue.parse(abc.1)
        #expect(abc.0 == 200 && abcAnswer["url"] == .null, "a link whose parameters its route refuses has no deep link: \(abc.1)")
        #expect(started.stop() == 0)
    }

    @Test func sqliteUnnamedRoutesFollowTheirShape() async throws {
        let scratch = try TemporaryDirectory()
        try await Self.unnamedRoutes(database: "sqlite:" + scratch.url.appendingPathComponent("unnamed.sqlite").path, scratch: scratch)
    }

    @Test(.enabled(if: PostgresEnvironment.url != nil, "\(PostgresEnvironment.skipped)"))
    func postgresUnnamedRoutesFollowTheirShape() async throws {
        let schema = PostgresSchema(server: try #require(PostgresEnvironment.url), prefix: "unnamed")
        let scratch = try TemporaryDirectory()
        do {
            try await Self.unnamedRoutes(database: schema.databaseURL, scratch: scratch)
        } catch {
            try? await schema.drop()
            throw error
        }
        try await schema.drop()
    }

    @Test func sqliteLiveLinksBreakAndServeRefuses() async throws {
        let scratch = try TemporaryDirectory()
        try await Self.liveLinks(database: "sqlite:" + scratch.url.appendingPathComponent("diff.sqlite").path, scratch: scratch)
    }

    @Test(.enabled(if: PostgresEnvironment.url != nil, "\(PostgresEnvironment.skipped)"))
    func postgresLiveLinksBreakAndServeRefuses() async throws {
        let schema = PostgresSchema(server: try #require(PostgresEnvironment.url), prefix: "diff")
        let scratch = try TemporaryDirectory()
        do {
            try await Self.liveLinks(database: schema.databaseURL, scratch: scratch)
        } catch {
            try? await schema.drop()
            throw error
        }
        try await schema.drop()
    }

    @Test func unreadableTablesAreNamed() throws {
        let run = try Switchyard.run(["routes", "diff", "/nonexistent/old.json", Switchyard.shopRoutes])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("switchyard: error: /nonexistent/old.json"), "\(run)")
    }
}
