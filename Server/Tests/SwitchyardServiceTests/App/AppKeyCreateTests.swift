import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// Links created from the app with the app key: from a route and its parameters only, limited per
/// client address and per install, marked as the app's.
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
            let short = try await sdk.create(route: "product", parameters: ["product_id": "42"],
                                             query: ["ref": "share", "utm_source": "app"])
            #expect(short.url == "https://go.example.com/\(short.code)")
            #expect(short.code.count == 8)
            let stored = try #require(try await harness.store.link(code: short.code))
            #expect(stored.createdByApp)
            #expect(stored.team == "shop", "the configured team of the app's links")
            #expect(stored.metadata == nil && stored.redeemLimit == nil && stored.preview == SmartLink.Preview())
            #expect(stored.queryParameters == ["ref": "share", "utm_source": "app"], "campaign parameters travel as query parameters")
            let inspected = try await client.send(.get, "/api/v1/links/\(short.code)")
            #expect(try inspected.json()["createdBy"] == "app")
            // It opens and resolves like any link.
            #expect(try await sdk.resolve(code: short.code).routeParameters == ["product_id": "42"])
            await #expect { _ = try await sdk.create(route: "nowhere") } throws: { ($0 as? SmartLinkError)?.code == .service }
        }
    }

    @Test(arguments: StoreKind.available, CreateLinkRequest.adminOnlyKeys)
    func fieldsOnlyTheAdminKeyMaySetAre403(kind: StoreKind, field: String) async throws {
        try await Harness.live(kind) { client, harness in
            let values = ["metadata": #"{"coupon": "FREE"}"#, "redeemLimit": "5", "fallbacks": #"{"web": "https://example.org/x"}"#,
                          "alias": #""free-stuff""#, "expiresAt": #""2099-01-01T00:00:00Z""#,
                          "preview": #"{"title": "Account locked: call +1-555-0100", "image": "https://evil.example.net/lock.png"}"#,
                          "installProof": #""none""#, "installProofFor": #"["redeem", "resolve"]"#,
                          "expiredURL": #""https://example.org/over""#, "domain": #""go.example.com""#,
                          "maxClicks": "5", "validSince": #""2099-01-01T00:00:00Z""#, "password": #""open sesame""#,
                          "rules": #"[{"conditions": [{"type": "crawler"}], "target": {"url": "https://evil.example.net/"}}]"#,
                          "variants": #"{"targets": [{"url": "https://evil.example.net/", "weight": 50}, {"url": "https://evil.example.net/b", "weight": 50}]}"#]
            let value = try #require(values[field], "a value for the admin-only field '\(field)'")
            let body = #"{"route": "about/team", "install": "install-0001", ""# + field + #"": "# + value + "}"
            let response = try await client.send(.post, "/api/v1/links", key: Keys.app, json: body)
            #expect(response.status == .forbidden)
            #expect(try response.json()["type"]?.stringValue?.hasSuffix("/app-key-field") == true)
            #expect(try response.json()["detail"]?.stringValue
                == "'\(field)' cannot be set with the app key: it creates links from a route and its parameters only")
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
            let created = try await client.send(.post, "/api/v1/links", key: Keys.app, json: #"{"route": "about/team", "install": "install-0001"}"#, headers: first)
            #expect(created.status == .created)
            #expect(try await client.send(.post, "/api/v1/links", key: Keys.app, json: #"{"route": "about/team", "install": "install-0001"}"#, headers: first)
                .status == .tooManyRequests)
            #expect(try await client.send(.post, "/api/v1/links", key: Keys.app, json: #"{"route": "about/team", "install": "install-0002"}"#,
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

    @Test(arguments: StoreKind.available)
    func appCreatesAreLimitedPerInstallAsWellAsPerAddress(kind: StoreKind) async throws {
        var configuration = Self.configuration()
        configuration.limits.appCreateRate = RateLimit(2, perSeconds: 3600)
        configuration.trustedProxies = ["127.0.0.1"]
        try await Harness.live(kind, configuration: configuration) { client, harness in
            func create(install: String, from address: String) async throws -> TestResponse {
                try await client.send(.post, "/api/v1/links", key: Keys.app, json: #"{"route": "about/team", "install": "\#(install)"}"#,
                                      headers: [.xForwardedFor: address])
            }
            // One install moving between addresses keeps its own count.
            #expect(try await create(install: "install-roaming", from: "198.51.100.1").status == .created)
            #expect(try await create(install: "install-roaming", from: "198.51.100.2").status == .created)
            let refused = try await create(install: "install-roaming", from: "198.51.100.3")
            #expect(refused.status == .tooManyRequests)
            #expect(try refused.json()["detail"]?.stringValue == "too many links created by this install; retry in 1800 s")
            #expect(refused.headers[.retryAfter] == "1800")
            #expect(try await create(install: "install-other", from: "198.51.100.3").status == .created, "another install")
            #expect(try await harness.store.list(team: "shop", limit: 10, cursor: nil).links.count == 3)
        }
    }

    @Test(arguments: StoreKind.available)
    func anAppCreateNamesItsInstallAndAnAdminCreateDoesNot(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let missing = try await client.send(.post, "/api/v1/links", key: Keys.app, json: #"{"route": "about/team"}"#)
            #expect(missing.status == .badRequest)
            #expect(try missing.json()["detail"]?.stringValue
                == "'install' is required with the app key: the identifier the SDK generates once per install")
            let malformed = try await client.send(.post, "/api/v1/links", key: Keys.app, json: #"{"route": "about/team", "install": "x"}"#)
            #expect(malformed.status == .badRequest)
            #expect(try malformed.json()["detail"]?.stringValue == "'install' must be 8 to 128 letters, digits, '-', '_' or '.', got 'x'")
            // Of two bad fields, the install is answered before the label.
            let longLabel = String(repeating: "l", count: 300)
            let both = try await client.send(.post, "/api/v1/links", key: Keys.app,
                                             json: #"{"route": "about/team", "install": "x", "label": "\#(longLabel)"}"#)
            #expect(both.status == .badRequest)
            #expect(try both.json()["detail"]?.stringValue == "'install' must be 8 to 128 letters, digits, '-', '_' or '.', got 'x'")
            let labelOnly = try await client.send(.post, "/api/v1/links", key: Keys.app,
                                                  json: #"{"route": "about/team", "install": "install-0001", "label": "\#(longLabel)"}"#)
            #expect(labelOnly.status == .badRequest)
            #expect(try labelOnly.json()["detail"]?.stringValue?.hasPrefix("'label'") == true)
            let admin = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "install": "install-0001"}"#)
            #expect(admin.status == .badRequest)
            #expect(try admin.json()["detail"]?.stringValue == "'install' is sent with the app key only")
            #expect(try await harness.store.list(team: "shop", limit: 10, cursor: nil).links.isEmpty)
        }
    }
}
