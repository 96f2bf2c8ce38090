import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import Testing

/// Links created from the app with the app key: route links only, per client, marked as the app's.
@Suite struct AppKeyCreateTests {
    static func configuration() -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.appKeyTeam = "shop"
        return configuration
    }

    @Test(arguments: StoreKind.available)
    func theAppCreatesARouteLinkWithItsKey(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let port = try #require(client.port)
            let sdk = SmartLinkClient(service: URL(string: "http://127.0.0.1:\(port)")!, appKey: Keys.app,
                                      table: try RouteTable(Harness.routes))
            let short = try await sdk.create(route: "product", parameters: ["product_id": "42"], query: ["ref": "share"],
                                             title: "Red shoes")
            #expect(short.url == "https://go.example.com/\(short.code)")
            #expect(short.code.count == 8)
            let stored = try #require(try await harness.store.link(code: short.code))
            #expect(stored.createdByApp)
            #expect(stored.team == "shop", "the configured team of the app's links")
            #expect(stored.metadata == nil && stored.redeemLimit == nil)
            let inspected = try await client.send(.get, "/api/v1/links/\(short.code)")
            #expect(try inspected.json()["createdBy"] == "app")
            // It opens and resolves like any link.
            #expect(try await sdk.resolve(code: short.code).routeParameters == ["product_id": "42"])
            await #expect { _ = try await sdk.create(route: "nowhere") } throws: { ($0 as? SmartLinkError)?.code == .service }
        }
    }

    @Test(arguments: StoreKind.available, CreateLinkRequest.adminOnlyKeys.map(\.stringValue))
    func fieldsOnlyTheAdminKeyMaySetAre403(kind: StoreKind, field: String) async throws {
        try await Harness.live(kind) { client, harness in
            let values = ["metadata": #"{"coupon": "FREE"}"#, "redeemLimit": "5", "fallbacks": #"{"web": "https://example.org/x"}"#,
                          "alias": #""free-stuff""#, "expiresAt": #""2099-01-01T00:00:00Z""#]
            let body = #"{"route": "about/team", ""# + field + #"": "# + values[field]! + "}"
            let response = try await client.send(.post, "/api/v1/links", key: Keys.app, json: body)
            #expect(response.status == .forbidden)
            #expect(try response.json()["detail"]?.stringValue == "'\(field)' cannot be set with the app key: it creates route links only")
            for team in ["shop", "other"] {
                #expect(try await harness.store.list(team: team, limit: 10, cursor: nil).links.isEmpty, "nothing was stored")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func appCreatesAreLimitedPerClientAndMarkedInTheDashboard(kind: StoreKind) async throws {
        var configuration = Self.configuration()
        configuration.limits.createRate = RateLimit(1, perSeconds: 60)
        configuration.trustedProxies = ["127.0.0.1"]
        try await Harness.live(kind, configuration: configuration) { client, _ in
            let first: HTTPFields = [.xForwardedFor: "203.0.113.1"]
            let created = try await client.send(.post, "/api/v1/links", key: Keys.app, json: #"{"route": "about/team"}"#, headers: first)
            #expect(created.status == .created)
            #expect(try await client.send(.post, "/api/v1/links", key: Keys.app, json: #"{"route": "about/team"}"#, headers: first)
                .status == .tooManyRequests)
            #expect(try await client.send(.post, "/api/v1/links", key: Keys.app, json: #"{"route": "about/team"}"#,
                                          headers: [.xForwardedFor: "203.0.113.2"]).status == .created, "another user")
            #expect(try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team"}"#).status == .created,
                    "the team's admin budget is its own")
            let code = try #require(try created.json()["code"]?.stringValue)
            let dashboard = DashboardClient(client)
            _ = try await dashboard.signIn()
            let page = try await dashboard.get("/dashboard/links/\(code)")
            #expect(page.text.contains("by the app (app key)"))
            let list = try await dashboard.get("/")
            #expect(list.text.contains("<span class=\"by-app\">by the app</span>"))
        }
    }
}
