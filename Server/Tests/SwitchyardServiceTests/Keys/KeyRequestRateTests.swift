import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// Per-key request limits on the admin API, over a real socket on every store: each answer to an
/// admin, editor or viewer key carries `RateLimit-Limit`, `-Remaining` and `-Reset`; over the rate
/// the key gets 429 with `Retry-After` while another key of the team is not slowed; the app's
/// keys carry none (they are limited per client address).
@Suite struct KeyRequestRateTests {
    static var configuration: ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.limits.keyRequestRate = RateLimit(3, perSeconds: 60)
        return configuration
    }

    static func field(_ name: String, _ response: TestResponse) -> String? { response.headers[HTTPField.Name(name)!] }

    @Test(arguments: StoreKind.available)
    func eachKeyHasItsRateWithRateLimitHeaders(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration) { client, harness in
            let busy = try await harness.namedKey("busy", role: .viewer)
            let calm = try await harness.namedKey("calm", role: .viewer)
            for remaining in [2, 1, 0] {
                let response = try await client.send(.get, "/api/v1/links", key: busy)
                #expect(response.status == .ok)
                #expect(Self.field("RateLimit-Limit", response) == "3")
                #expect(Self.field("RateLimit-Remaining", response) == String(remaining))
                #expect(Self.field("RateLimit-Reset", response) == String((3 - remaining) * 20))
            }
            let refused = try await client.send(.get, "/api/v1/links", key: busy)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "20")
            #expect(Self.field("RateLimit-Remaining", refused) == "0")
            #expect(try refused.json()["detail"]?.stringValue == "too many requests with this key; retry in 20 s")
            #expect(try await client.send(.get, "/api/v1/links", key: calm).status == .ok)
            harness.clock.advance(by: 20)
            #expect(try await client.send(.get, "/api/v1/links", key: busy).status == .ok)
            let app = try await client.send(.get, "/api/v1/links/nothing1/resolve", key: Keys.app)
            #expect(Self.field("RateLimit-Limit", app) == nil)
        }
    }
}
