import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// The app key's endpoints as an attacker who extracted the key would use them, over a real
/// socket on every store: guesses at another device's deferred link, reading a coupon without
/// redeeming it, one install spending a link twice, a client hopping addresses inside its IPv6 /64.
@Suite struct AbuseTests {
    /// Matching on, the service behind a proxy on loopback (so tests can speak for many clients
    /// through `X-Forwarded-For`), the documented claim rate.
    static func configuration() -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.deferredWindow = .seconds(3600)
        configuration.trustedProxies = ["127.0.0.0/8", "::1"]
        return configuration
    }

    static func from(_ address: String, language: String? = nil) -> HTTPFields {
        var fields: HTTPFields = [.xForwardedFor: address]
        if let language { fields[.acceptLanguage] = language }
        return fields
    }

    static func claim(_ client: some TestClientProtocol, osVersion: String, language: String, from address: String,
                      code: String? = nil) async throws -> TestResponse {
        let codeField = code.map { #", "code": "\#($0)""# } ?? ""
        let body = #"{"platform": "ios", "osVersion": "\#(osVersion)", "language": "\#(language)"\#(codeField)}"#
        return try await client.send(.post, "/api/v1/deferred/claim", key: Keys.app, json: body, headers: from(address))
    }

    /// Someone on the victim's network enumerates OS versions and languages: a coupon link demands an
    /// exact match, so no guess gets it (nor learns that it exists), the claim rate cuts the burst
    /// after 10, and the victim's own exact claim still finds the link and consumes the open.
    @Test(arguments: StoreKind.available)
    func enumeratingTheVictimsSignalsGetsNothing(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let code = try #require(try await client.create(
                #"{"route": "product", "routeParameters": {"product_id": "42"}, "metadata": {"coupon": "FREE100"}, "redeemLimit": 1}"#
            )["code"]?.stringValue)
            let victim = "198.51.100.20"
            #expect(try await client.open(code, userAgent: Agents.iPhone, headers: Self.from(victim, language: "en-US")).status == .ok)

            var statuses: [HTTPResponse.Status] = []
            for osVersion in ["16.7", "17.3", "17.4", "17.5", "18.0"] {
                for language in ["en-US", "en-GB", "de-DE", "fr-FR"] {
                    let response = try await Self.claim(client, osVersion: osVersion, language: language, from: victim)
                    statuses.append(response.status)
                    #expect(!response.text.contains("FREE100") && !response.text.contains(code))
                }
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == .notFound }, "the right guess (17.4, en-US) is among them: still 404")
            #expect(statuses.dropFirst(10).allSatisfy { $0 == .tooManyRequests }, "10 claims a minute per client")

            // The victim, on another address later, claims exactly with the copied code.
            let exact = try await Self.claim(client, osVersion: "17.4", language: "en-US", from: victim, code: code)
            #expect(exact.status == .tooManyRequests, "the same address shares the spent claim rate")
            harness.clock.advance(by: 60)
            let claimed = try await Self.claim(client, osVersion: "17.4", language: "en-US", from: victim, code: code)
            #expect(claimed.status == .ok, "\(claimed.text)")
            #expect(try claimed.json()["match"] == "exact")
            #expect(try claimed.json()["code"]?.stringValue == code)
            #expect(try claimed.json()["redeemable"] == true)
            #expect(try claimed.json()["metadata"] == .null, "a redeem-limited link's metadata still needs a redeem")
            // The open the heuristic guesses left alone is consumed by the exact claim.
            #expect(try await Self.claim(client, osVersion: "17.4", language: "en-US", from: victim).status == .notFound)
            #expect(try await harness.store.forgetOpens(expiringBy: .distantFuture) == 0)
        }
    }

    /// A link that allows heuristic matching is handed out as a route without its code or metadata,
    /// so a right guess cannot redeem it; its redemption needs the code.
    @Test(arguments: StoreKind.available)
    func aHeuristicMatchIsNeverRedeemable(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, _ in
            let created = try await client.create(
                #"{"route": "product", "routeParameters": {"product_id": "9"}, "metadata": {"coupon": "TEN"}, "redeemLimit": 5, "deferredMatch": "any"}"#)
            #expect(created["deferredMatch"] == "any")
            let code = try #require(created["code"]?.stringValue)
            _ = try await client.open(code, userAgent: Agents.iPhone, headers: Self.from("203.0.113.5", language: "en-US"))
            let guessed = try await Self.claim(client, osVersion: "17.4", language: "en-US", from: "203.0.113.5")
            #expect(guessed.status == .ok)
            let body = try guessed.json()
            #expect(body["match"] == "heuristic")
            #expect(body["routeParameters"] == ["product_id": "9"])
            for field in ["code", "metadata", "redeemLimit", "redeemCount", "remaining", "exhausted"] {
                #expect(body[field] == .null, "\(field)")
            }
            #expect(body["redeemable"] == false)
            #expect(!guessed.text.contains("TEN") && !guessed.text.contains(code))
        }
    }

    /// Defaults: a link with metadata or a redeem limit demands an exact match, a plain route link
    /// allows a heuristic one; a bad value is refused with the field named.
    @Test func deferredMatchDefaultsAndValidation() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            #expect(try await client.create(#"{"route": "about/team", "metadata": {"a": 1}}"#)["deferredMatch"] == "exact")
            #expect(try await client.create(#"{"route": "about/team", "redeemLimit": 3}"#)["deferredMatch"] == "exact")
            #expect(try await client.create(#"{"route": "about/team"}"#)["deferredMatch"] == "any")
            #expect(try await client.create(#"{"route": "about/team", "deferredMatch": "exact"}"#)["deferredMatch"] == "exact")
            let bad = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "deferredMatch": "maybe"}"#)
            #expect(bad.status == .badRequest)
            #expect(try bad.json()["detail"]?.stringValue == #"'deferredMatch' must be "exact" or "any", got 'maybe'"#)
        }
    }

    /// The public code and the app key are not enough to read a coupon: resolve says it can be
    /// redeemed and how many remain; only a redeem reveals it.
    @Test(arguments: StoreKind.available)
    func aRedeemLimitedLinksMetadataStaysSecretUntilRedeemed(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(
                #"{"route": "about/team", "metadata": {"coupon": "SECRET50"}, "redeemLimit": 3}"#)["code"]?.stringValue)
            let resolved = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app)
            #expect(!resolved.text.contains("SECRET50"))
            #expect(try resolved.json()["redeemable"] == true)
            #expect(try resolved.json()["remaining"] == 3)
            let redeemed = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody("install-01"))
            #expect(try redeemed.json()["metadata"] == ["coupon": "SECRET50"])
            #expect(try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app).json()["remaining"] == 2)
        }
    }

    /// One install cannot spend twice, even racing itself: 30 concurrent redeems by one install
    /// spend one redemption and all answer the same metadata; a redeem without an install is refused.
    @Test(arguments: StoreKind.available)
    func oneInstallCannotSpendTwice(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let code = try #require(try await client.create(
                #"{"route": "about/team", "metadata": {"coupon": "ONCE"}, "redeemLimit": 10}"#)["code"]?.stringValue)
            let answers = try await RequestsAtOnce.post("/api/v1/links/\(code)/redeem", count: 30, to: client, key: Keys.app,
                                                        json: { installBody("same-install") }).map { try JSONValue.parse($0.body) }
            #expect(answers.allSatisfy { $0["metadata"] == ["coupon": "ONCE"] })
            #expect(answers.filter { $0["replayed"] == false }.count == 1)
            #expect(answers.filter { $0["replayed"] == true }.count == 29)
            #expect(try await harness.store.link(code: code)?.redeemCount == 1)

            let missing = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app)
            #expect(missing.status == .unsupportedMediaType, "a body is required")
            let empty = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: "{}")
            #expect(empty.status == .badRequest)
            #expect(try empty.json()["detail"]?.stringValue?.hasPrefix("'install' is required") == true)
            let short = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody("abc"))
            #expect(try short.json()["detail"]?.stringValue == "'install' must be 8 to 128 letters, digits, '-', '_' or '.', got 'abc'")
            #expect(try await harness.store.link(code: code)?.redeemCount == 1)
        }
    }

    /// An IPv6 client owns its /64: hopping addresses inside it shares one allowance, another /64
    /// has its own; IPv4-mapped addresses count as the IPv4 address.
    @Test(arguments: StoreKind.available)
    func ipv6ClientsAreLimitedPerSlash64(kind: StoreKind) async throws {
        var configuration = Self.configuration()
        configuration.limits.redeemRate = RateLimit(2, perSeconds: 60)
        try await Harness.live(kind, configuration: configuration) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team", "redeemLimit": 100}"#)["code"]?.stringValue)
            func redeem(from address: String) async throws -> HTTPResponse.Status {
                try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody(),
                                      headers: Self.from(address)).status
            }
            #expect(try await redeem(from: "2001:db8:1:2::1") == .ok)
            #expect(try await redeem(from: "2001:db8:1:2:dead:beef:0:7") == .ok)
            #expect(try await redeem(from: "2001:db8:1:2:ffff:ffff:ffff:ffff") == .tooManyRequests, "the same /64")
            #expect(try await redeem(from: "2001:db8:1:3::1") == .ok, "another /64")
            #expect(try await redeem(from: "192.0.2.8") == .ok)
            #expect(try await redeem(from: "::ffff:192.0.2.8") == .ok)
            #expect(try await redeem(from: "192.0.2.8") == .tooManyRequests, "an IPv4-mapped address is the IPv4 address")
        }
    }

    /// `--trusted-proxy` ranges: a forwarded address is believed only from a peer inside one.
    @Test func trustedProxiesAreRanges() async throws {
        var configuration = Self.configuration()
        configuration.limits.redeemRate = RateLimit(1, perSeconds: 60)
        configuration.trustedProxies = ["10.0.0.0/8"]   // not loopback: the forwarded address is not believed
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            let resolve = "/api/v1/links/\(code)/resolve"
            #expect(try await client.send(.get, resolve, key: Keys.app, headers: Self.from("203.0.113.1")).status == .ok)
            #expect(try await client.send(.get, resolve, key: Keys.app, headers: Self.from("203.0.113.2")).status == .tooManyRequests,
                    "from an untrusted peer every request is the peer's")
        }
        configuration.trustedProxies = ["127.0.0.0/8", "10.0.0.0/8"]
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            let resolve = "/api/v1/links/\(code)/resolve"
            #expect(try await client.send(.get, resolve, key: Keys.app, headers: Self.from("203.0.113.1")).status == .ok)
            #expect(try await client.send(.get, resolve, key: Keys.app, headers: Self.from("203.0.113.2")).status == .ok)
            // A hop inside the trusted range is skipped: the client is the right-most untrusted one.
            #expect(try await client.send(.get, resolve, key: Keys.app, headers: Self.from("203.0.113.1, 10.9.9.9, 127.0.0.2")).status
                    == .tooManyRequests)
        }
    }
}
