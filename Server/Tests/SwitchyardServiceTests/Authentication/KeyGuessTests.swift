import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import Testing

/// Dashboard sign-ins and wrong admin keys, limited per client address over a real socket on
/// every store: guessing meets 429 with `Retry-After`; while the address is throttled the sign-in
/// form refuses even the right key (and says when to retry), but a request presenting a valid API
/// key is never refused for the address's guesses; the in-process buckets stay bounded under a
/// flood of addresses.
@Suite struct KeyGuessTests {
    /// Three key guesses a minute (one every 20 s).
    static func configuration(guesses: RateLimit? = RateLimit(3, perSeconds: 60)) -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.limits.keyGuessRate = guesses
        return configuration
    }

    @Test(arguments: StoreKind.available)
    func signInGuessingMeets429AndTheRightKeyWaitsToo(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let browser = DashboardClient(client)
            for guess in 0..<3 {
                let token = try #require(DashboardClient.csrf(in: try await browser.get("/dashboard/signin").text))
                let response = try await browser.post("/dashboard/signin", form: [("csrf", token), ("key", "guess-\(guess)")])
                #expect(response.status == .unauthorized)
            }
            let token = try #require(DashboardClient.csrf(in: try await browser.get("/dashboard/signin").text))
            let refused = try await browser.post("/dashboard/signin", form: [("csrf", token), ("key", Keys.admin)])
            #expect(refused.status == .tooManyRequests, "the right key during the throttle is refused")
            let wait = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
            #expect(wait >= 20)
            #expect(refused.text.contains("Too many sign-in attempts"))
            #expect(browser.cookies[DashboardCookies.hostSession] == nil)
            // A valid API key from the same address is not refused for the form's guesses.
            #expect(try await client.send(.get, "/api/v1/links").status == .ok)

            harness.clock.advance(by: TimeInterval(wait))
            try await browser.signIn()
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test(arguments: StoreKind.available)
    func wrongAdminKeysMeet429AndTheRightKeyStillWorks(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            // A right key spends nothing, and a request without a key guesses nothing.
            for _ in 0..<20 { #expect(try await client.send(.get, "/api/v1/links").status == .ok) }
            for _ in 0..<5 { #expect(try await client.send(.get, "/api/v1/links", key: nil).status == .unauthorized) }
            for guess in 0..<3 {
                #expect(try await client.send(.get, "/api/v1/links", key: "guess-\(guess)").status == .unauthorized)
            }
            let refused = try await client.send(.post, "/api/v1/links", key: "guess-3", json: #"{"route": "about/team"}"#)
            #expect(refused.status == .tooManyRequests)
            let problem = try refused.json()
            #expect(problem["type"]?.stringValue == "https://switchyard.dev/problems/rate-limited")
            #expect(problem["detail"]?.stringValue?.hasPrefix("too many sign-in attempts or wrong API keys from this address") == true)
            let wait = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
            #expect(wait >= 20)
            for path in ["/api/v1/links", "/metrics"] {
                #expect(try await client.send(.get, path, key: "guess-4").status == .tooManyRequests, "\(path): a wrong key is refused")
                #expect(try await client.send(.get, path).status == .ok, "\(path): the right key works during the throttle")
            }
            #expect(try await client.send(.post, "/v1/shortLinks?key=\(Keys.admin)", key: nil,
                                          json: #"{"longDynamicLink": "https://go.example.com/?link=https://shop.example.com/about/team"}"#)
                .status == .ok)
            // The app's own endpoints test no admin key and are not throttled.
            #expect(try await client.send(.get, "/api/v1/links/Ab3dE9xQ/resolve", key: Keys.app).status == .notFound)

            #expect(try await client.send(.get, "/api/v1/links", key: "guess-5").status == .tooManyRequests)
            harness.clock.advance(by: TimeInterval(wait))
            #expect(try await client.send(.get, "/api/v1/links", key: "guess-6").status == .unauthorized, "guessing again after the wait")
        }
    }

    @Test(arguments: StoreKind.available)
    func aBurstOfConcurrentGuessesGetsNoMoreThanTheRate(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration(guesses: RateLimit(5, perSeconds: 60))) { client, harness in
            // Another client's guessing burst from the owner's address, with the owner's own requests among it.
            let answers = try await withThrowingTaskGroup(of: (owner: Bool, status: HTTPResponse.Status).self) { group in
                for guess in 0..<30 {
                    group.addTask { (false, try await client.send(.get, "/api/v1/links", key: "guess-\(guess)").status) }
                    if guess.isMultiple(of: 3) { group.addTask { (true, try await client.send(.get, "/api/v1/links").status) } }
                }
                return try await group.reduce(into: [(owner: Bool, status: HTTPResponse.Status)]()) { $0.append($1) }
            }
            #expect(answers.filter(\.owner).allSatisfy { $0.status == .ok }, "the owner's key is never refused for the guesses")
            let statuses = answers.filter { !$0.owner }.map(\.status)
            #expect(statuses.filter { $0 == .unauthorized }.count <= 5, "\(statuses)")
            #expect(statuses.filter { $0 == .unauthorized }.count + statuses.filter { $0 == .tooManyRequests }.count == 30)
            #expect(try await client.send(.get, "/api/v1/links").status == .ok, "the owner's key during the burst")
            _ = harness
        }
    }

    @Test func withoutARateGuessesAreOnly401() async throws {
        try await Harness.live(.memory, configuration: Self.configuration(guesses: nil)) { client, _ async throws in
            for guess in 0..<30 {
                #expect(try await client.send(.get, "/api/v1/links", key: "guess-\(guess)").status == .unauthorized)
            }
            #expect(try await client.send(.get, "/api/v1/links").status == .ok)
        }
    }

    @Test func aGuessSpendsIntoDebtAndTheRefusalComesBeforeTheKey() {
        let limiter = RateLimiter(create: nil, redeem: nil, keyGuesses: RateLimit(2, perSeconds: 60))
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(limiter.keyGuessRefusal(caller: "a", at: start) == nil)
        #expect(limiter.spendLocally(.keyGuess, caller: "a", at: start, intoDebt: true) == nil)
        #expect(limiter.spendLocally(.keyGuess, caller: "a", at: start, intoDebt: true) == nil)
        #expect(limiter.keyGuessRefusal(caller: "a", at: start) == 30)
        // Two more guesses that came in together: both spent, so a token is back after 90 s, not 30.
        #expect(limiter.spendLocally(.keyGuess, caller: "a", at: start, intoDebt: true) == 60)
        #expect(limiter.spendLocally(.keyGuess, caller: "a", at: start, intoDebt: true) == 90)
        #expect(limiter.keyGuessRefusal(caller: "a", at: start + 89) == 1)
        #expect(limiter.keyGuessRefusal(caller: "a", at: start + 90) == nil)
        #expect(limiter.keyGuessRefusal(caller: "b", at: start) == nil, "another address has its own budget")
    }

    /// A million distinct callers, a thousand a second: the buckets held stay near the callers of
    /// the last few seconds (a bucket is full again 6 s after one spend at 10 a minute).
    @Test func aFloodOfDistinctAddressesKeepsTheBucketsBounded() {
        let limiter = RateLimiter(create: nil, redeem: RateLimit(10, perSeconds: 60), keyGuesses: RateLimit(10, perSeconds: 60))
        let start = Date(timeIntervalSince1970: 1_000_000)
        var most = 0
        var refused = 0
        for index in 0..<1_000_000 {
            let now = start.addingTimeInterval(Double(index) / 1000)
            if limiter.spendLocally(index.isMultiple(of: 2) ? .redeem : .keyGuess, caller: "client:\(index)", at: now) != nil { refused += 1 }
            if index.isMultiple(of: 1000) { most = max(most, limiter.localEntries) }
        }
        most = max(most, limiter.localEntries)
        #expect(refused == 0, "each caller has its own full bucket")
        #expect(most < 20_000, "at most \(most) buckets held")
        // A caller still within its window keeps its bucket through the sweeps.
        let end = start.addingTimeInterval(1000)
        for _ in 0..<10 { _ = limiter.spendLocally(.redeem, caller: "busy", at: end) }
        for index in 0..<5000 { _ = limiter.spendLocally(.redeem, caller: "late:\(index)", at: end.addingTimeInterval(Double(index) / 1000)) }
        #expect(limiter.spendLocally(.redeem, caller: "busy", at: end.addingTimeInterval(5)) != nil)
    }
}
