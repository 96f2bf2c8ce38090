import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// What a holder of the app key can make `POST /api/v1/attest/challenge` keep, over a real socket
/// on every store: a capped number of outstanding challenges per client address (IPv6: its /64),
/// deleted by the expiry sweep once expired, each usable once and only before it expires.
@Suite struct AttestChallengeTests {
    static func configuration(cap: Int? = 3) -> ServiceConfiguration {
        var configuration = AttestAPITests.configuration()
        configuration.trustedProxies = ["127.0.0.0/8", "::1"]
        configuration.attest.challengesPerAddress = cap
        configuration.limits.expirySweepInterval = .milliseconds(50)
        return configuration
    }

    static func issue(_ client: any TestClientProtocol, from address: String) async throws -> TestResponse {
        try await client.send(.post, "/api/v1/attest/challenge", key: Keys.app, headers: [.xForwardedFor: address])
    }

    @Test(arguments: StoreKind.available)
    func manyChallengesFromOneAddressAreCapped(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<6 {
                statuses.append(try await Self.issue(client, from: "2001:db8:7:7::\(String(index + 1, radix: 16))").status)
            }
            #expect(statuses == [.created, .created, .created, .tooManyRequests, .tooManyRequests, .tooManyRequests])
            let refused = try await Self.issue(client, from: "2001:db8:7:7:ffff::1")
            #expect(refused.status == .tooManyRequests)
            #expect(try refused.json()["type"] == "https://switchyard.dev/problems/too-many-challenges")
            #expect(try refused.json()["detail"] == "this address holds 3 challenges that are neither used nor expired; use one with POST /api/v1/attest, or retry in 300 s")
            #expect(refused.headers[.retryAfter] == "300")
            #expect(try await Self.issue(client, from: "2001:db8:7:8::1").status == .created, "another /64 has its own cap")
            #expect(try await Self.issue(client, from: "192.0.2.8").status == .created, "an IPv4 address has its own")

            harness.clock.advance(by: 300)
            #expect(try await Self.issue(client, from: "2001:db8:7:7::1").status == .created, "expired challenges hold no place")
        }
    }

    /// A challenge spent by an attestation (valid or not) frees its place and cannot be used again.
    @Test(arguments: StoreKind.available)
    func aSpentChallengeFreesItsPlaceAndCannotBeUsedAgain(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration(cap: 1)) { client, harness in
            let address = "198.51.100.20"
            let challenge = try #require(try await Self.issue(client, from: address).json()["challenge"]?.stringValue)
            #expect(try await Self.issue(client, from: address).status == .tooManyRequests)
            let otherKey = Data(repeating: 7, count: 32).base64EncodedString()
            let body = AttestAPITests.attestBody(keyID: otherKey, challenge: challenge)
            let first = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: body, headers: [.xForwardedFor: address])
            #expect(try first.json()["type"] == "https://switchyard.dev/problems/attestation-invalid", "\(first.text)")
            let again = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: body, headers: [.xForwardedFor: address])
            #expect(again.status == .badRequest)
            #expect(try again.json()["type"] == "https://switchyard.dev/problems/attest-challenge-invalid")
            #expect(try await Self.issue(client, from: address).status == .created, "the spent challenge freed its place")
        }
    }

    /// Challenges from many addresses, none spent, are all deleted by the expiry sweep once they
    /// expire on the service's clock; a challenge that has not expired stays and is still usable
    /// once, and an expired one is refused.
    @Test(arguments: StoreKind.available)
    func challengesFromManyAddressesAreSweptOnceExpired(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            var issued: [String] = []
            for index in 0..<40 {
                let response = try await Self.issue(client, from: "2001:db8:\(String(index + 1, radix: 16))::1")
                issued.append(try #require(try response.json()["challenge"]?.stringValue))
            }
            harness.clock.advance(by: 301)
            let fresh = try #require(try await Self.issue(client, from: "203.0.113.50").json()["challenge"]?.stringValue)
            try await harness.waitForPasses(.expirySweep)
            let late = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: AttestAPITests.attestBody(challenge: issued[0]))
            #expect(try late.json()["type"] == "https://switchyard.dev/problems/attest-challenge-invalid")
            #expect(try await harness.store.consumeChallenge(fresh, now: harness.clock.now), "the sweep kept the fresh one")
            #expect(try await harness.store.forgetChallenges(expiredBy: .distantFuture, limit: 1000) == 0,
                    "nothing else is left: the sweep deleted the 40 expired challenges")
        }
    }
}
