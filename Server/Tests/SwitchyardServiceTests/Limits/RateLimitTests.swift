import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import Testing

/// Per-key rate limits on link creation and redeem (429 with `Retry-After`), and the request-head
/// limits, over a real socket.
@Suite struct RateLimitTests {
    static func configuration(create: RateLimit? = nil, redeem: RateLimit? = nil) -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.limits.createRate = create
        configuration.limits.redeemRate = redeem
        return configuration
    }

    static let team = #"{"route": "about/team"}"#

    @Test func ratesReadAsCountPerPeriod() throws {
        #expect(try RateLimit(parsing: "120/minute") == RateLimit(120, perSeconds: 60))
        #expect(try RateLimit(parsing: "5/s") == RateLimit(5, perSeconds: 1))
        #expect(try RateLimit(parsing: "1000/Hour") == RateLimit(1000, perSeconds: 3600))
        #expect(RateLimit(6000, perSeconds: 60).description == "6000/minute")
        for (text, message) in [
            ("0/minute", "a rate is COUNT/second, COUNT/minute or COUNT/hour with COUNT ≥ 1, got '0/minute'"),
            ("many/minute", "a rate is COUNT/second, COUNT/minute or COUNT/hour with COUNT ≥ 1, got 'many/minute'"),
            ("100", "a rate is COUNT/second, COUNT/minute or COUNT/hour with COUNT ≥ 1, got '100'"),
            ("5/fortnight", "a rate's period is second, minute or hour, got 'fortnight' in '5/fortnight'"),
        ] {
            #expect(throws: RateLimit.ParseError(message: message)) { try RateLimit(parsing: text) }
        }
    }

    @Test func bucketsRefillAtTheRateAndNeverBeyondTheBurst() {
        let limiter = RateLimiter(create: RateLimit(4, perSeconds: 60), redeem: nil)
        let start = Date(timeIntervalSince1970: 1_000_000)
        for _ in 0..<4 { #expect(limiter.spendLocally(.create, caller: "a", at: start) == nil) }
        #expect(limiter.spendLocally(.create, caller: "a", at: start) == 15)           // one token every 15 s
        #expect(limiter.spendLocally(.create, caller: "b", at: start) == nil)          // another caller has its own bucket
        #expect(limiter.spendLocally(.create, caller: "a", at: start + 10) == 5)
        #expect(limiter.spendLocally(.create, caller: "a", at: start + 15) == nil)
        #expect(limiter.spendLocally(.create, caller: "a", at: start + 15) == 15)
        // An hour idle refills up to the burst (4), not 240.
        for _ in 0..<4 { #expect(limiter.spendLocally(.create, caller: "a", at: start + 3600) == nil) }
        #expect(limiter.spendLocally(.create, caller: "a", at: start + 3600) != nil)
        // A clock that goes back refills nothing and does not crash.
        #expect(limiter.spendLocally(.create, caller: "a", at: start) != nil)
        // An operation without a rate is never limited.
        for _ in 0..<1000 { #expect(limiter.spendLocally(.redeem, caller: "a", at: start) == nil) }
    }

    @Test(arguments: StoreKind.available)
    func creatingOverTheRateIs429WithRetryAfter(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration(create: RateLimit(3, perSeconds: 60))) { client, harness in
            for _ in 0..<3 { _ = try await client.create(Self.team) }
            let refused = try await client.send(.post, "/api/v1/links", json: Self.team)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "20")
            #expect(refused.headers[.contentType] == "application/problem+json")
            let problem = try refused.json()
            #expect(problem["type"]?.stringValue == "https://switchyard.dev/problems/rate-limited")
            #expect(problem["detail"]?.stringValue == "too many links created with this key; retry in 20 s")
            #expect(try await harness.store.list(team: "shop", limit: 100, cursor: nil).links.count == 3)

            // Another team's key has its own budget; listing is not limited.
            _ = try await client.create(Self.team, key: Keys.otherTeam)
            #expect(try await client.send(.get, "/api/v1/links").status == .ok)

            // A wrong key is 401, not 429, and spends nothing.
            #expect(try await client.send(.post, "/api/v1/links", key: "wrong", json: Self.team).status == .unauthorized)

            harness.clock.advance(by: 19)
            #expect(try await client.send(.post, "/api/v1/links", json: Self.team).headers[.retryAfter] == "1")
            harness.clock.advance(by: 1)
            _ = try await client.create(Self.team)
            #expect(try await client.send(.post, "/api/v1/links", json: Self.team).status == .tooManyRequests)

            let metrics = try await client.send(.get, "/metrics").text
            #expect(metrics.contains(#"switchyard_rate_limited_total{operation="create"} 3"#))
        }
    }

    @Test func concurrentCreatesGetExactlyTheBurst() async throws {
        try await Harness.live(.sqlite, configuration: Self.configuration(create: RateLimit(10, perSeconds: 3600))) { client, harness in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<60 { group.addTask { try await client.send(.post, "/api/v1/links", json: Self.team).status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 10)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 50)
            #expect(try await harness.store.list(team: "shop", limit: 100, cursor: nil).links.count == 10)
        }
    }

    @Test(arguments: StoreKind.available)
    func redeemingOverTheRateIs429AndLeavesTheCountAlone(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration(redeem: RateLimit(2, perSeconds: 1))) { client, harness in
            let link = try await client.create(#"{"route": "about/team", "redeemLimit": 10, "metadata": {"gift": 1}}"#)
            let code = try #require(link["code"]?.stringValue)
            let redeem = "/api/v1/links/\(code)/redeem"
            for _ in 0..<5 { #expect(try await client.send(.post, redeem, key: "not-the-app-key", json: installBody()).status == .unauthorized) }
            #expect(try await client.send(.post, redeem, key: Keys.app, json: installBody()).status == .ok)
            #expect(try await client.send(.post, redeem, key: Keys.app, json: installBody()).status == .ok)
            let refused = try await client.send(.post, redeem, key: Keys.app, json: installBody())
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "1")
            #expect(try refused.json()["detail"]?.stringValue == "too many redeems from this address; retry in 1 s")
            #expect(!refused.text.contains("gift"))
            #expect(try await harness.store.link(code: code)?.redeemCount == 2)
            // Resolving has a bucket of its own.
            #expect(try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app).status == .ok)
            harness.clock.advance(by: 1)
            #expect(try await client.send(.post, redeem, key: Keys.app, json: installBody()).status == .ok)
            #expect(try await harness.store.link(code: code)?.redeemCount == 3)
        }
    }

    /// A request head over the limits is refused by the HTTP decoder: 400 and the connection
    /// closed (or closed before the answer is read), never handled.
    static func sendOversizedHead(_ headers: HTTPFields) async throws -> HTTPResponse.Status? {
        try await Harness.live(.memory) { client, _ in
            do {
                return try await client.send(.get, "/health", key: nil, headers: headers).status
            } catch TestClient.Error.connectionClosing {
                return nil
            }
        }
    }

    @Test func aHeaderOverTheSizeLimitIsRefused() async throws {
        var headers = HTTPFields()
        headers[.userAgent] = String(repeating: "a", count: 20 * 1024)
        let status = try await Self.sendOversizedHead(headers)
        #expect(status == nil || status == .badRequest)

        var fine = HTTPFields()
        fine[.userAgent] = String(repeating: "a", count: 8 * 1024)
        #expect(try await Self.sendOversizedHead(fine) == .ok)
    }

    @Test func tooManyHeaderFieldsAreRefused() async throws {
        var headers = HTTPFields()
        for index in 0..<150 { headers.append(HTTPField(name: HTTPField.Name("x-pad-\(index)")!, value: "1")) }
        let status = try await Self.sendOversizedHead(headers)
        #expect(status == nil || status == .badRequest)
    }
}

extension RateLimitTests {
    @Test(arguments: StoreKind.available)
    func theAppsEndpointsAreLimitedPerClientAddressNotPerAppKey(kind: StoreKind) async throws {
        var configuration = Self.configuration(redeem: RateLimit(1, perSeconds: 60))
        configuration.appKeys = [Keys.app, "second-app-key"]
        configuration.trustedProxies = ["127.0.0.1"]
        try await Harness.live(kind, configuration: configuration) { client, _ in
            let link = try await client.create(#"{"route": "about/team", "redeemLimit": 10}"#)
            let code = try #require(link["code"]?.stringValue)
            let redeem = "/api/v1/links/\(code)/redeem"
            let first: HTTPFields = [.xForwardedFor: "203.0.113.1"]
            let second: HTTPFields = [.xForwardedFor: "203.0.113.2"]
            #expect(try await client.send(.post, redeem, key: Keys.app, json: installBody(), headers: first).status == .ok)
            #expect(try await client.send(.post, redeem, key: Keys.app, json: installBody(), headers: first).status == .tooManyRequests)
            #expect(try await client.send(.post, redeem, key: "second-app-key", json: installBody(), headers: first).status == .tooManyRequests,
                    "another key from the same client shares its allowance")
            #expect(try await client.send(.post, redeem, key: Keys.app, json: installBody(), headers: second).status == .ok,
                    "one client spending the key's requests leaves other users theirs")
            let resolve = "/api/v1/links/\(code)/resolve"
            #expect(try await client.send(.get, resolve, key: Keys.app, headers: first).status == .ok)
            let refused = try await client.send(.get, resolve, key: Keys.app, headers: first)
            #expect(refused.status == .tooManyRequests)
            #expect(try refused.json()["detail"]?.stringValue == "too many resolves from this address; retry in 60 s")
        }
    }
}
