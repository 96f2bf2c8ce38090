import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
import SwitchyardService
import SwitchyardStore
import Testing

/// The service on a real SQLite file across restarts.
@Suite struct SQLiteServiceTests {
    /// Runs one service lifetime on the file at `path`, with clicks written only at shutdown.
    static func lifetime<T: Sendable>(
        _ path: String, _ body: @Sendable (any TestClientProtocol) async throws -> T
    ) async throws -> T {
        let store = try SQLiteLinkStore(path: path)
        let recorder = ClickRecorder(store: store, logger: Harness.logger, interval: .seconds(3600))
        let app = try buildApplication(configuration: Harness.configuration(), store: store, logger: Harness.logger,
                                       clickRecorder: recorder)
        let result = try await app.test(.live) { client in try await body(client) }
        try await store.close()
        return result
    }

    @Test func linksRedemptionsAndClicksSurviveARestart() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let code = try await Self.lifetime(database.path) { client in
            let link = try await client.create("""
                {"route": "product", "routeParameters": {"product_id": "7"}, "metadata": {"gift": "mug"}, "redeemLimit": 2,
                 "fallbacks": {"web": "https://shop.example.com/product/7"}}
                """)
            let code = try #require(link["code"]?.stringValue)
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app).status == .ok)
            #expect(try await client.open(code, userAgent: Agents.desktop).status == .found)
            #expect(try await client.open(code, userAgent: Agents.iPhone).status == .ok)
            return code
        }
        try await Self.lifetime(database.path) { client in
            let inspect = try await client.send(.get, "/api/v1/links/\(code)")
            #expect(inspect.status == .ok)
            let link = try inspect.json()
            #expect(link["redeemCount"] == 1)
            #expect(link["clicks"]?["total"] == 2, "clicks buffered at shutdown were written")
            #expect(link["clicks"]?["ios"] == 1)
            #expect(try await client.open(code, userAgent: Agents.desktop).headers[.location] == "https://shop.example.com/product/7")
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app).status == .ok)
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app).status == .conflict)
        }
    }

    @Test(arguments: StoreKind.available)
    func cursorsThatNoListingGaveAre400(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let response = try await client.send(.get, "/api/v1/links?cursor=not-a-cursor")
            #expect(response.status == .badRequest)
            #expect(try response.json()["detail"]?.stringValue == "'cursor' is not a cursor this service gave out")
        }
    }
}

@Suite struct ServeSettingsTests {
    @Test func keysComeFromTheEnvironmentOrAreGenerated() throws {
        let given = try ServeSettings(environment: ["SWITCHYARD_API_KEY": "admin", "SWITCHYARD_APP_KEY": "app"])
        #expect(given.adminKey == "admin")
        #expect(given.appKey == "app")
        #expect(given.generatedKeysNotice.isEmpty)
        #expect(given.database == .sqlite(path: "switchyard.sqlite"))
        #expect(given.configuration(routes: Harness.routes).baseURL == "http://127.0.0.1:8080")
        let generated = try ServeSettings(environment: [:])
        #expect(generated.adminKey.count == 35)
        #expect(generated.adminKey != generated.appKey)
        #expect(generated.generatedKeysNotice.count == 2)
        #expect(generated.generatedKeysNotice[0] == "SWITCHYARD_API_KEY was not set; generated for this run: \(generated.adminKey)")
    }

    @Test(arguments: [("sqlite:/tmp/x.sqlite", DatabaseLocation.sqlite(path: "/tmp/x.sqlite")),
                      ("links.db", .sqlite(path: "links.db")),
                      ("postgres://u:p@localhost/db", .postgres(url: "postgres://u:p@localhost/db"))])
    func databaseLocations(text: String, location: DatabaseLocation) throws {
        #expect(try DatabaseLocation(text) == location)
    }

    @Test func badDatabaseLocationsSayWhy() {
        #expect(throws: DatabaseLocation.Error(message: "--database must be sqlite:PATH or a postgres:// URL, got 'mysql://x'")) {
            try DatabaseLocation("mysql://x")
        }
        #expect(DatabaseLocation.postgres(url: "postgres://user:secret@db:5432/links").description == "postgres://user:***@db:5432/links")
    }
}
