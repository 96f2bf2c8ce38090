import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

extension OpenAPIResponsesTests {
    /// The App Attest answers: challenge and attestation (with a real device's attestation, at a
    /// time inside its leaf's validity), and a redeem refused for want of proof.
    static func attest(_ api: DocumentedClient, harness: Harness) async throws {
        let challenge = "POST /api/v1/attest/challenge", attest = "POST /api/v1/attest"
        try await api.expect(.created, challenge, key: Keys.app)
        try await api.expect(.unauthorized, challenge, key: nil)
        harness.clock.advance(by: AttestSupport.deviceValidAt.timeIntervalSince(harness.clock.now))
        func issue() async throws {
            try await harness.store.insertChallenge(AttestSupport.deviceChallenge, expiresAt: harness.clock.now.addingTimeInterval(60))
        }
        try await issue()
        try await api.expect(.created, attest, key: Keys.app, json: AttestAPITests.attestBody())
        try await issue()
        try await api.expect(.conflict, attest, key: Keys.app, json: AttestAPITests.attestBody())
        try await issue()
        let otherKey = Data(repeating: 1, count: 32).base64EncodedString()
        try await api.expect(.forbidden, attest, key: Keys.app, json: AttestAPITests.attestBody(keyID: otherKey))
        try await api.expect(.badRequest, attest, key: Keys.app, json: AttestAPITests.attestBody(challenge: "never-issued"))
        try await api.expect(.badRequest, attest, key: Keys.app, json: "{}")
        try await api.expect(.unauthorized, attest, key: nil, json: AttestAPITests.attestBody())
        let overLimit = #"{"install": ""# + String(repeating: "x", count: ServiceConfiguration.Limits().maximumBodySize) + #""}"#
        try await api.expect(.contentTooLarge, attest, key: Keys.app, json: overLimit)
        try await api.expect(.unsupportedMediaType, attest, key: Keys.app, json: AttestAPITests.attestBody(), headers: plainText)

        let code = try #require(try await api.expect(.created, "POST /api/v1/links", json: #"{"route": "about/team", "redeemLimit": 1, "installProof": "attested"}"#)
            .json()["code"]?.stringValue)
        try await api.expect(.forbidden, "POST /api/v1/links/{code}/redeem", "/api/v1/links/\(code)/redeem", key: Keys.app, json: installBody())

        let store = try #require(harness.store as? InMemoryLinkStore)
        await store.setAvailable(false)
        try await api.expect(.serviceUnavailable, challenge, key: Keys.app)
        try await api.expect(.serviceUnavailable, attest, key: Keys.app, json: AttestAPITests.attestBody())
        await store.setAvailable(true)
    }

    /// 429 from the attest endpoints (they spend the client address's redeem rate).
    static func attestRateLimited(_ api: DocumentedClient) async throws {
        let address: HTTPFields = [.xForwardedFor: "203.0.113.11"]
        try await api.expect(.created, "POST /api/v1/attest/challenge", key: Keys.app, headers: address)
        try await api.expect(.tooManyRequests, "POST /api/v1/attest/challenge", key: Keys.app, headers: address)
        try await api.expect(.tooManyRequests, "POST /api/v1/attest", key: Keys.app, json: AttestAPITests.attestBody(), headers: address)
    }
}
