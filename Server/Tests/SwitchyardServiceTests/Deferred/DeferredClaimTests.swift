import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing
import SwitchyardRules

/// Heuristic deferred deep links over a real socket: a phone opens a short link, the app claims it
/// after install with the same coarse signals.
@Suite struct DeferredClaimTests {
    static func configuration(window: Duration? = .seconds(3600), trusted: [AddressRange] = [],
                              redeemRate: RateLimit? = nil) -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.deferredWindow = window
        configuration.trustedProxies = trusted
        configuration.limits.redeemRate = redeemRate
        return configuration
    }

    static let english: HTTPFields = [.acceptLanguage: "en-US,en;q=0.9"]
    static let iOSClaim = #"{"platform": "ios", "osVersion": "17.4", "language": "en-US"}"#

    static func claim(_ client: some TestClientProtocol, _ body: String = iOSClaim, key: String? = Keys.app,
                      headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.send(.post, "/api/v1/deferred/claim", key: key, json: body, headers: headers)
    }

    @Test(arguments: StoreKind.available)
    func aClaimWithTheSameSignalsGetsTheRouteOnce(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(
                #"{"route": "product", "routeParameters": {"product_id": "42"}, "metadata": {"coupon": "SPRING"}, "deferredMatch": "any"}"#)["code"]?.stringValue)
            #expect(try await client.open(code, userAgent: Agents.iPhone, headers: Self.english).status == .ok)
            let claimed = try await Self.claim(client)
            #expect(claimed.status == .ok, "\(claimed.text)")
            let body = try claimed.json()
            #expect(body["match"] == "heuristic")
            #expect(body["url"] == "https://shop.example.com/product/42")
            #expect(body["routeParameters"] == ["product_id": "42"])
            #expect(body["code"] == .null, "a guess never carries the code: nothing to redeem")
            #expect(body["metadata"] == .null, "a guess never carries the metadata, even of a link that allows it")
            #expect(body["redeemable"] == false)
            #expect(!claimed.text.contains("SPRING") && !claimed.text.contains(code))
            let again = try await Self.claim(client)
            #expect(again.status == .notFound, "a match is consumed")
            #expect(try again.json()["type"]?.stringValue?.hasSuffix("no-deferred-match") == true)
        }
    }

    @Test(arguments: StoreKind.available)
    func androidClaimsMatchAndroidOpens(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(#"{"route": "product", "routeParameters": {"product_id": "7"}}"#)["code"]?.stringValue)
            _ = try await client.open(code, userAgent: Agents.android, headers: [.acceptLanguage: "de-DE"])
            #expect(try await Self.claim(client, #"{"platform": "ios", "osVersion": "14", "language": "de-DE"}"#).status == .notFound)
            let claimed = try await Self.claim(client, #"{"platform": "android", "osVersion": "14.0", "language": "de-de"}"#)
            #expect(try claimed.json()["url"] == "https://shop.example.com/product/7")
        }
    }

    @Test(arguments: StoreKind.available)
    func noMatchTwoCandidatesAndExpiryAre404(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let first = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            let second = try #require(try await client.create(#"{"route": "legal/terms"}"#)["code"]?.stringValue)
            _ = try await client.open(first, userAgent: Agents.iPhone, headers: Self.english)
            #expect(try await Self.claim(client, #"{"platform": "ios", "osVersion": "18.1", "language": "en-US"}"#).status == .notFound,
                    "another OS version")
            #expect(try await Self.claim(client, #"{"platform": "ios", "osVersion": "17.4", "language": "fr-FR"}"#).status == .notFound,
                    "another language")
            _ = try await client.open(second, userAgent: Agents.iPhone, headers: Self.english)
            #expect(try await Self.claim(client).status == .notFound, "two links opened with the same signals: no guess")
            harness.clock.advance(by: 3601)
            let third = try #require(try await client.create(#"{"route": "product", "routeParameters": {"product_id": "3"}}"#)["code"]?.stringValue)
            _ = try await client.open(third, userAgent: Agents.iPhone, headers: Self.english)
            #expect(try await Self.claim(client).json()["url"] == "https://shop.example.com/product/3", "the two older opens expired")
            _ = try await client.open(first, userAgent: Agents.iPhone, headers: Self.english)
            harness.clock.advance(by: 3601)
            #expect(try await Self.claim(client).status == .notFound, "expired")
        }
    }

    @Test(arguments: StoreKind.available)
    func withTheWindowOffEveryClaimIs404(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration(window: nil)) { client, harness in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            _ = try await client.open(code, userAgent: Agents.iPhone, headers: Self.english)
            #expect(try await Self.claim(client).status == .notFound)
            #expect(try await harness.store.claimOpen(fingerprint: "", now: harness.clock.now) == nil)
        }
    }

    /// Expired opens are deleted by the service's sweep even when nobody opens or claims again; with
    /// the window off, opens an earlier run left are forgotten.
    @Test(arguments: StoreKind.available)
    func expiredOpensAreDeletedWithoutAnotherOpenOrClaim(kind: StoreKind) async throws {
        var configuration = Self.configuration(window: .seconds(10))
        configuration.limits.deferredSweepInterval = .milliseconds(50)
        try await Harness.live(kind, configuration: configuration) { _, harness in
            let now = harness.clock.now
            try await harness.store.remember(PendingOpen(fingerprint: "a", code: "old", expiresAt: now + 10), now: now)
            try await harness.store.remember(PendingOpen(fingerprint: "b", code: "new", expiresAt: now + 1000), now: now)
            harness.clock.advance(by: 11)
            try await harness.waitForPasses(.deferredSweep)
            #expect(try await harness.store.forgetOpens(expiringBy: .distantFuture) == 1, "only the unexpired open is left")
        }
        configuration.deferredWindow = nil
        try await Harness.live(kind, configuration: configuration) { _, harness in
            let now = harness.clock.now
            try await harness.store.remember(PendingOpen(fingerprint: "a", code: "left", expiresAt: now + 1000), now: now)
            try await harness.waitForPasses(.deferredSweep)
            #expect(try await harness.store.forgetOpens(expiringBy: .distantFuture) == 0, "with the window off none is kept")
        }
    }

    @Test func badClaimsGetSpecificErrors() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            #expect(try await Self.claim(client, key: nil).status == .unauthorized)
            #expect(try await Self.claim(client, key: Keys.admin).status == .forbidden, "the admin key's role is not the app's")
            let cases: [(String, String)] = [
                ("not json", "the request body is not valid JSON"),
                (#"{"platform": "windows", "osVersion": "11"}"#, #"'platform' must be "ios" or "android", got 'windows'"#),
                (#"{"platform": "ios", "osVersion": "latest"}"#, #"'osVersion' must be a version such as "18.1", got 'latest'"#),
                (#"{"platform": "ios"}"#, "'osVersion'"),
                (#"{"platform": "ios", "osVersion": "17", "ip": "1.2.3.4"}"#, "unknown field 'ip'"),
            ]
            for (body, reason) in cases {
                let response = try await Self.claim(client, body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(try response.json()["detail"]?.stringValue?.contains(reason) == true, "\(body): \(response.text)")
            }
        }
    }

    @Test func claimsHaveTheirOwnLowRate() async throws {
        var configuration = Self.configuration(redeemRate: RateLimit(1, perSeconds: 60))
        configuration.limits.claimRate = RateLimit(2, perSeconds: 60)
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            #expect(try await Self.claim(client).status == .notFound)
            #expect(try await Self.claim(client).status == .notFound)
            let limited = try await Self.claim(client)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
        }
    }

    @Test func forwardedAddressesCountOnlyBehindATrustedProxy() async throws {
        try await Harness.live(.memory, configuration: Self.configuration(trusted: ["127.0.0.1"])) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            var phone = Self.english
            phone[.xForwardedFor] = "203.0.113.7"
            _ = try await client.open(code, userAgent: Agents.iPhone, headers: phone)
            #expect(try await Self.claim(client, headers: [.xForwardedFor: "198.51.100.9"]).status == .notFound, "another client")
            #expect(try await Self.claim(client, headers: [.xForwardedFor: "10.0.0.1, 203.0.113.7"]).json()["url"]
                    == "https://shop.example.com/about/team")
        }
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            var phone = Self.english
            phone[.xForwardedFor] = "203.0.113.7"
            _ = try await client.open(code, userAgent: Agents.iPhone, headers: phone)
            // Without a trusted proxy the header is the client's own claim, and is ignored.
            #expect(try await Self.claim(client, headers: [.xForwardedFor: "198.51.100.9"]).json()["url"]
                    == "https://shop.example.com/about/team")
        }
    }

    @Test func metricsCountOpensPerPlatformAndClaims() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            _ = try await client.open(code, userAgent: Agents.iPhone, headers: Self.english)
            _ = try await client.open(code, userAgent: Agents.android)
            _ = try await client.open(code, userAgent: Agents.android)
            _ = try await Self.claim(client)
            _ = try await Self.claim(client)
            let text = try await client.send(.get, "/metrics").text
            #expect(text.contains(#"switchyard_opens_total{platform="ios"} 1"#))
            #expect(text.contains(#"switchyard_opens_total{platform="android"} 2"#))
            #expect(text.contains(#"switchyard_deferred_claims_total{result="matched"} 1"#))
            #expect(text.contains(#"switchyard_deferred_claims_total{result="unmatched"} 1"#))
        }
    }

    @Test(arguments: [
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X)", "ios", "18.1"),
        ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)", "ios", "17"),
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8)", "android", "14"),
        ("Mozilla/5.0 (Linux; Android 13.1; SM-X)", "android", "13.1"),
    ])
    func signalsAreReadFromTheUserAgent(agent: String, platform: String, version: String) throws {
        let signals = try #require(DeferredMatching.signals(userAgent: agent, acceptLanguage: " en_GB ;q=1, en", address: "::1"))
        #expect(signals == DeferredMatching.Signals(platform: platform, osVersion: version, language: "en-gb", address: "::1"))
        #expect(DeferredMatching.signals(userAgent: Agents.desktop, acceptLanguage: nil, address: "::1") == nil)
    }

    @Test func theFingerprintIsASaltedHashNotTheSignals() {
        let signals = DeferredMatching.Signals(platform: "ios", osVersion: "17.4", language: "en-us", address: "203.0.113.7")
        let one = DeferredMatching(window: .seconds(60), adminKeys: ["a", "b"])
        let same = DeferredMatching(window: .seconds(60), adminKeys: ["b", "a"])
        let other = DeferredMatching(window: .seconds(60), adminKeys: ["c"])
        #expect(one.fingerprint(signals) == same.fingerprint(signals), "instances configured alike agree")
        #expect(one.fingerprint(signals) != other.fingerprint(signals))
        #expect(one.fingerprint(signals).count == 64)
        #expect(!one.fingerprint(signals).contains("203"))
    }
}
