import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// What happened to each link, over a real socket on every store: a link's figures, a team's with
/// its most clicked links, Firebase's `linkStats`, and raw clicks deleted past their retention
/// while the per-day counts stay.
@Suite struct StatsTests {
    static let appAgent: HTTPFields = [.userAgent: "Shop/1.2 CFNetwork/1494.0.7 Darwin/23.4.0"]

    static func configuration() -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.deferredWindow = .seconds(3600)
        return configuration
    }

    /// Opens a link from each platform, resolves it twice from the app, claims it once and redeems
    /// it once; the figures count each, today, and the day before counts nothing.
    @Test(arguments: StoreKind.available)
    func aLinksFiguresCountClicksAndAppEvents(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let code = try #require(try await client.create(
                #"{"route": "product", "routeParameters": {"product_id": "42"}, "metadata": {"coupon": "X"}, "redeemLimit": 5, "fallbacks": {"web": "https://shop.example.com/"}}"#
            )["code"]?.stringValue)
            for agent in [Agents.iPhone, Agents.android, Agents.desktop, Agents.desktop, Agents.crawlers[0]] {
                _ = try await client.open(code, userAgent: agent)
            }
            for _ in 0..<2 { #expect(try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: Self.appAgent).status == .ok) }
            let claim = #"{"platform": "android", "osVersion": "14", "code": "\#(code)"}"#
            #expect(try await client.send(.post, "/api/v1/deferred/claim", key: Keys.app, json: claim).status == .ok)
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody(),
                                          headers: Self.appAgent).status == .ok)
            await harness.recorder.flush()

            let response = try await client.send(.get, "/api/v1/links/\(code)/stats?days=2")
            #expect(response.status == .ok, "\(response.text)")
            let stats = try response.json()
            #expect(stats["code"]?.stringValue == code)
            #expect(stats["url"]?.stringValue == "https://go.example.com/\(code)")
            #expect(stats["days"] == 2)
            let totals = try #require(stats["totals"])
            #expect(totals["clicks"] == ["total": 5, "ios": 1, "android": 1, "desktop": 2, "crawler": 1, "other": 0])
            #expect(totals["appOpens"] == 2)
            #expect(totals["firstOpens"] == 1)
            #expect(totals["redeems"] == 1)
            let daily = try #require(stats["daily"]?.arrayValue)
            #expect(daily.count == 2)
            #expect(daily[0]["clicks"]?["total"] == 0, "yesterday")
            #expect(daily[1]["day"]?.stringValue == stats["to"]?.stringValue)
            #expect(daily[1]["appOpens"] == 2)

            // The same figures in Firebase's shape, with the key as ?key= and the short link encoded.
            let encoded = "https%3A%2F%2Fgo.example.com%2F\(code)"
            let firebase = try await client.send(.get, "/v1/\(encoded)/linkStats?durationDays=7&key=\(Keys.admin)", key: nil)
            #expect(firebase.status == .ok, "\(firebase.text)")
            #expect(try firebase.json() == ["linkEventStats": [
                ["platform": "ANDROID", "event": "APP_FIRST_OPEN", "count": "1"],
                ["platform": "IOS", "event": "APP_RE_OPEN", "count": "2"],
                ["platform": "ANDROID", "event": "CLICK", "count": "1"],
                ["platform": "DESKTOP", "event": "CLICK", "count": "2"],
                ["platform": "IOS", "event": "CLICK", "count": "1"],
            ]])
            // A bearer works too; another team's key sees nothing, in Firebase's error shape.
            #expect(try await client.send(.get, "/v1/\(encoded)/linkStats?durationDays=7").status == .ok)
            let theirs = try await client.send(.get, "/v1/\(encoded)/linkStats?durationDays=7", key: Keys.otherTeam)
            #expect(theirs.status == .notFound)
            #expect(try theirs.json()["error"]?["status"] == "NOT_FOUND")
        }
    }

    /// The team's totals, and its live links most clicked first, a page at a time.
    @Test(arguments: StoreKind.available)
    func aTeamsFiguresListItsLinksMostClickedFirst(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            var codes: [String] = []
            for clicks in [1, 3, 2] {
                let code = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/"}}"#)["code"]?.stringValue)
                for _ in 0..<clicks { _ = try await client.open(code, userAgent: Agents.desktop) }
                codes.append(code)
            }
            let other = try #require(try await client.create(#"{"route": "about/team"}"#, key: Keys.otherTeam)["code"]?.stringValue)
            _ = try await client.open(other, userAgent: Agents.desktop)
            await harness.recorder.flush()
            let first = try await client.send(.get, "/api/v1/stats?days=7&limit=2").json()
            #expect(first["totals"]?["clicks"]?["total"] == 6, "the other team's click is not counted")
            #expect(first["links"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == [codes[1], codes[2]])
            #expect(first["links"]?.arrayValue?.compactMap { $0["clicks"] } == [3, 2])
            let cursor = try #require(first["nextCursor"]?.stringValue)
            let second = try await client.send(.get, "/api/v1/stats?days=7&limit=2&cursor=\(cursor)").json()
            #expect(second["links"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == [codes[0]])
            #expect(second["nextCursor"] == .null)
            #expect(second["daily"]?.arrayValue?.count == 7)
        }
    }

    @Test func badStatsRequestsSaySo() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            let cases: [(String, HTTPResponse.Status, String)] = [
                ("/api/v1/links/\(code)/stats?days=0", .badRequest, "'days' must be an integer from 1 to 365, got '0'"),
                ("/api/v1/links/\(code)/stats?days=366", .badRequest, "'days' must be an integer from 1 to 365, got '366'"),
                ("/api/v1/links/Nope1234/stats", .notFound, "no link with code 'Nope1234'"),
                ("/api/v1/stats?cursor=nonsense", .badRequest, "'cursor' is not a cursor this service gave out"),
                ("/api/v1/stats?limit=0", .badRequest, "'limit' must be an integer from 1 to 200"),
            ]
            for (uri, status, detail) in cases {
                let response = try await client.send(.get, uri)
                #expect(response.status == status, "\(uri)")
                #expect(try response.json()["detail"]?.stringValue == detail, "\(uri)")
            }
            #expect(try await client.send(.get, "/api/v1/links/\(code)/stats", key: Keys.app).status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/links/\(code)/stats", key: Keys.otherTeam).status == .notFound)
            let notALink = try await client.send(.get, "/v1/https%3A%2F%2Fgo.example.com%2Fa%2Fb/linkStats", key: Keys.admin)
            #expect(notALink.status == .badRequest)
        }
    }

    /// Raw clicks older than the retention are deleted by the expiry sweep, on the service's own
    /// clock; the per-day counts, and so the figures, stay.
    @Test(arguments: StoreKind.available)
    func rawClicksPastTheRetentionAreDeletedAndTheFiguresStay(kind: StoreKind) async throws {
        var configuration = Self.configuration()
        configuration.limits.clickRetention = .seconds(86_400)
        configuration.limits.expirySweepInterval = .milliseconds(50)
        try await Harness.live(kind, configuration: configuration) { client, harness in
            let old = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/"}}"#)["code"]?.stringValue)
            for _ in 0..<3 { _ = try await client.open(old, userAgent: Agents.desktop) }
            await harness.recorder.flush()
            harness.clock.advance(by: 2 * 86_400)
            let recent = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/"}}"#)["code"]?.stringValue)
            for _ in 0..<2 { _ = try await client.open(recent, userAgent: Agents.desktop) }
            await harness.recorder.flush()
            try await harness.waitForPasses(.expirySweep)
            #expect(try await harness.store.deleteClicks(before: .distantFuture, limit: 100) == 2,
                    "the sweep deleted the 3 old raw clicks and kept the 2 recent ones")
            let code = old
            #expect(try await harness.store.clickCounts(code: code) == [.desktop: 3])
            #expect(try await client.send(.get, "/api/v1/links/\(code)/stats?days=3").json()["totals"]?["clicks"]?["total"] == 3)
        }
    }
}
