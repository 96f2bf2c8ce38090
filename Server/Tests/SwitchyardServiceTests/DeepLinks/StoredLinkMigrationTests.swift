import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import PostgresNIO
import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// Links written before step 11 (by the schema of step 10, with the columns it had) open after
/// the upgrade: the start-up naming gives a link stored on a named route's pattern that name, so it
/// follows the route when its pattern is tightened later.
@Suite struct StoredLinkMigrationTests {
    static let named = TableChange.routes([RouteDefinition("product/:product_id", name: "product"), RouteDefinition("about/team")])
    static let tightened = TableChange.routes([RouteDefinition("product/:product_id<int>", name: "product"), RouteDefinition("about/team")])

    static var kinds: [StoreKind] { StoreKind.available.filter { $0 != .memory } }

    /// Writes the rows as the release before step 11 wrote them: without a route name.
    static func writeOldRows(_ store: any LinkStore) async throws {
        let created = Int64(1_800_000_000_000)
        if let sqlite = store as? SQLiteLinkStore {
            try await sqlite.migrate(through: 10)
            try await sqlite.write { db in
                for (code, route, parameters) in [("old42", "product/:product_id", #"{"product_id":"42"}"#), ("team", "about/team", "{}")] {
                    try db.execute(sql: """
                        INSERT INTO links (code, team, route, route_name, route_parameters, query_parameters, created_at)
                        VALUES (?, 'shop', ?, NULL, ?, '{}', ?)
                        """, arguments: [code, route, parameters, created])
                }
            }
        } else if let postgres = store as? PostgresLinkStore {
            try await postgres.migrate(through: 10)
            for (code, route, parameters) in [("old42", "product/:product_id", #"{"product_id":"42"}"#), ("team", "about/team", "{}")] {
                _ = try await postgres.rows("""
                    INSERT INTO links (code, team, route, route_name, route_parameters, query_parameters, created_at)
                    VALUES (\(code), 'shop', \(route), NULL, \(parameters), '{}', \(Date(timeIntervalSince1970: Double(created) / 1000)))
                    """)
            }
        }
    }

    @Test(arguments: kinds)
    func linksWrittenBeforeTheUpgradeFollowTheirRoutesName(kind: StoreKind) async throws {
        try await TableChange.withStore(kind, migrate: false) { store in
            try await Self.writeOldRows(store)
            try await store.migrate()
            #expect(try await store.link(code: "old42")?.routeName == nil)
            // What serve does at start-up with its table.
            #expect(try await store.nameStoredRoutes(StoredRouteNames.byPattern(try RouteTable(Self.named))) == 1)
            #expect(try await store.link(code: "old42")?.routeName == "product")
            #expect(try await store.link(code: "team")?.routeName == nil, "an unnamed route's link keeps its pattern")
            try await TableChange.serve(store, routes: Self.tightened) { client in
                let resolved = try await client.send(.get, "/api/v1/links/old42/resolve", key: Keys.app).json()
                #expect(resolved["schemeURL"]?.stringValue == "shop://product/42")
                #expect(resolved["universalLink"]?.stringValue == "https://shop.example.com/product/42")
                let opened = try await client.open("old42", userAgent: Agents.android)
                #expect(opened.headers[.location]?.hasPrefix("intent://product/42#Intent;scheme=shop;") == true)
                let team = try await client.send(.get, "/api/v1/links/team/resolve", key: Keys.app).json()
                #expect(team["schemeURL"]?.stringValue == "shop://about/team")
            }
            #expect(try await LiveLinkCheck(old: nil, new: try RouteTable(Self.tightened)).brokenLinksByRoute(in: store, now: TestClock().now).isEmpty)
        }
    }
}
