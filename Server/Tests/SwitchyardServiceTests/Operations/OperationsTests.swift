import Hummingbird
import HummingbirdTesting
import Switchyard
import SwitchyardService
@testable import SwitchyardStore
import Testing

@Suite struct OperationsTests {
    @Test func healthFollowsTheDatabase() async throws {
        try await Harness.live(.memory) { client, harness in
            let store = try #require(harness.store as? InMemoryLinkStore)
            let healthy = try await client.send(.get, "/health", key: nil)
            #expect(healthy.status == .ok)
            #expect(try healthy.json() == ["status": "ok", "database": "ok"])
            await store.setAvailable(false)
            let down = try await client.send(.get, "/health", key: nil)
            #expect(down.status == .serviceUnavailable)
            #expect(down.headers[.retryAfter] == "5")
            await store.setAvailable(true)
            #expect(try await client.send(.get, "/health", key: nil).status == .ok)
        }
    }

    @Test func databaseOutagesAre503WithRetryAfterAndTheServiceRecovers() async throws {
        try await Harness.live(.memory) { client, harness in
            let store = try #require(harness.store as? InMemoryLinkStore)
            let code = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/"}}"#)["code"]?.stringValue)
            await store.setAvailable(false)
            let requests: [(HTTPRequest.Method, String, String?, String?)] = [
                (.post, "/api/v1/links", Keys.admin, #"{"route": "about/team"}"#),
                (.get, "/api/v1/links", Keys.admin, nil),
                (.get, "/api/v1/links/\(code)", Keys.admin, nil),
                (.patch, "/api/v1/links/\(code)", Keys.admin, #"{"fallbacks": {}}"#),
                (.delete, "/api/v1/links/\(code)", Keys.admin, nil),
                (.get, "/api/v1/links/\(code)/resolve", Keys.app, nil),
                (.post, "/api/v1/links/\(code)/redeem", Keys.app, installBody()),
            ]
            for (method, uri, key, body) in requests {
                let response = try await client.send(method, uri, key: key, json: body)
                #expect(response.status == .serviceUnavailable, "\(method) \(uri)")
                #expect(response.headers[.retryAfter] == "5")
                #expect(try response.json()["detail"]?.stringValue == "the database is unavailable; retry later")
            }
            let page = try await client.open(code, userAgent: Agents.desktop)
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers[.retryAfter] == "5")
            // Clicks queued while the database is down are written once it is back.
            await store.setAvailable(true)
            #expect(try await client.open(code, userAgent: Agents.desktop).status == .found)
            await store.setAvailable(false)
            // A link just read keeps opening from the cache through a short outage; its click waits.
            #expect(try await client.open(code, userAgent: Agents.desktop).status == .found)
            await harness.recorder.flush()
            await store.setAvailable(true)
            await harness.recorder.flush()
            #expect(try await client.send(.get, "/api/v1/links/\(code)").status == .ok)
            #expect(try await store.clickCounts(code: code)[.desktop] == 2)
            // Past the cache's lifetime, an outage is a 503 page again.
            await store.setAvailable(false)
            harness.clock.advance(by: 2)
            #expect(try await client.open(code, userAgent: Agents.desktop).status == .serviceUnavailable)
            await store.setAvailable(true)
        }
    }

    /// `/metrics` shows every team's activity: a team's named admin key may not read it on the
    /// main port; the operator's bootstrap key may.
    @Test func metricsAreTheOperators() async throws {
        try await Harness.live(.memory) { client, _ in
            let made = try await client.send(.post, "/api/v1/keys", json: #"{"name": "team-admin", "role": "admin"}"#)
            let key = try #require(try made.json()["key"]?.stringValue)
            let refused = try await client.send(.get, "/metrics", key: key)
            #expect(refused.status == .forbidden, "\(refused.text)")
            #expect(try refused.json()["type"] == "https://switchyard.dev/problems/operator-only")
            #expect(try await client.send(.get, "/metrics").status == .ok)
        }
    }

    @Test func metricsCountRequestsRedirectsClicksAndLinks() async throws {
        try await Harness.live(.memory) { client, harness in
            let code = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/"}}"#)["code"]?.stringValue)
            _ = try await client.open(code, userAgent: Agents.desktop)
            _ = try await client.open(code, userAgent: Agents.desktop)
            _ = try await client.send(.get, "/api/v1/links", key: "bad")
            await harness.recorder.flush()
            #expect(try await client.send(.get, "/metrics", key: nil).status == .unauthorized, "metrics need the admin key")
            #expect(try await client.send(.get, "/metrics", key: Keys.app).status == .forbidden)
            let response = try await client.send(.get, "/metrics")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = response.text
            #expect(text.contains(#"switchyard_http_requests_total{route="/{code}",method="GET",status="302"} 2"#), "\(text)")
            #expect(text.contains(#"switchyard_http_requests_total{route="/api/v1/links",method="POST",status="201"} 1"#))
            #expect(text.contains(#"switchyard_http_requests_total{route="/api/v1/links",method="GET",status="401"} 1"#))
            #expect(text.contains(#"switchyard_http_requests_total{route="/metrics",method="GET",status="401"} 1"#))
            #expect(text.contains(#"switchyard_http_requests_total{route="/metrics",method="GET",status="403"} 1"#))
            #expect(text.contains("switchyard_links_created_total 1"))
            #expect(text.contains("switchyard_clicks_recorded_total 2"))
            #expect(text.contains("switchyard_redirect_duration_seconds_count 2"))
            #expect(text.contains("# TYPE switchyard_redirect_duration_seconds histogram"))
        }
    }

    @Test func appleAppSiteAssociationComesFromTheRouteTable() async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.get, "/.well-known/apple-app-site-association", key: nil)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.location] == nil)
            #expect(response.body.readableBytes < 128 * 1024)
            let details = try #require(try response.json()["applinks"]?["details"]?.arrayValue)
            #expect(details.count == 1)
            #expect(details[0]["appIDs"] == ["TEAMID.com.example.shop"])
            let components = try #require(details[0]["components"]?.arrayValue)
            let paths = components.map { ($0["/"]?.stringValue ?? "", $0["exclude"] == true) }
            #expect(paths.first! == ("/legal/terms", true), "web-only routes come first, excluded")
            let included = paths.filter { !$0.1 }.map(\.0)
            #expect(included == ["/about/team", "/product/*", "/order/*", "/user/*", "/user/*/*", "/docs/*", "/list/*", "/?*"])
            #expect(paths.filter(\.1).map(\.0).contains("/api/*"))
        }
    }

    @Test func assetLinksNameTheAndroidAppWithDynamicComponents() async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.get, "/.well-known/assetlinks.json", key: nil)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            let statements = try #require(try response.json().arrayValue)
            #expect(statements.count == 1)
            let statement = statements[0]
            #expect(statement["relation"] == ["delegate_permission/common.handle_all_urls"])
            #expect(statement["target"] == ["namespace": "android_app", "package_name": "com.example.shop",
                                            "sha256_cert_fingerprints": ["AA:BB:CC"]])
            let components = try #require(
                statement["relation_extensions"]?["delegate_permission/common.handle_all_urls"]?["dynamic_app_link_components"]?.arrayValue)
            #expect(components.first?["/"] == "/legal/terms")
            #expect(components.first?["exclude"] == true)
            #expect(components.contains { $0["/"] == "/product/*" && $0["exclude"] == nil })
        }
    }

    @Test func aTableWithoutAppsServesFilesWithNoApp() async throws {
        var routes = Harness.routes
        routes.apps = AppIdentifiers()
        try await Harness.live(.memory, configuration: Harness.configuration(routes: routes)) { client, _ in
            let apple = try await client.send(.get, "/.well-known/apple-app-site-association", key: nil)
            #expect(try apple.json() == ["applinks": ["details": []]])
            let android = try await client.send(.get, "/.well-known/assetlinks.json", key: nil)
            #expect(try android.json() == [])
        }
    }

    @Test(arguments: ["/api/v1/openapi.json", "/openapi.json"])
    func servesTheOpenAPIDocument(path: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let response = try await client.send(.get, path, key: nil)
            #expect(response.status == .ok)
            let document = try response.json()
            #expect(document["openapi"] == "3.1.0")
            let paths = try #require(document["paths"]?.objectValue)
            for path in ["/api/v1/links", "/api/v1/links/{code}", "/api/v1/links/{code}/resolve", "/api/v1/links/{code}/redeem",
                         "/{code}", "/health", "/metrics", "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"] {
                #expect(paths[path] != nil, "\(path)")
            }
        }
    }
}
