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
        let result = try await app.testLive { client in try await body(client) }
        try await store.close()
        return result
    }

    /// App-side events counted in memory are written at shutdown, as clicks are: the figures are
    /// the same after a restart.
    @Test func appEventCountsSurviveARestart() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let code = try await Self.lifetime(database.path) { client in
            let code = try #require(try await client.create(#"{"route": "about/team", "metadata": {"a": 1}, "redeemLimit": 3}"#)["code"]?.stringValue)
            #expect(try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app).status == .ok)
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody()).status == .ok)
            return code
        }
        try await Self.lifetime(database.path) { client in
            let totals = try await client.send(.get, "/api/v1/links/\(code)/stats").json()["totals"]
            #expect(totals?["appOpens"] == 1)
            #expect(totals?["redeems"] == 1)
        }
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
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody()).status == .ok)
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
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody()).status == .ok)
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody()).status == .conflict)
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
