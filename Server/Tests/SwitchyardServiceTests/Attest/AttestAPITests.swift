import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// `POST /api/v1/attest/challenge` and `POST /api/v1/attest` over a real socket on every store,
/// with a real device's attestation (verified at a time inside its leaf's validity).
@Suite struct AttestAPITests {
    /// The harness's table, with the device sample's app among its iOS apps, and the service's
    /// default body limit (an attestation object in base64 is about 7 KB).
    static func configuration() -> ServiceConfiguration {
        var routes = Harness.routes
        routes.apps.ios = ["TEAMID.com.example.shop", AttestSupport.deviceAppID]
        var configuration = Harness.configuration(routes: routes)
        configuration.limits.maximumBodySize = ServiceConfiguration.Limits().maximumBodySize
        return configuration
    }

    static func attestBody(install: String = "install-attested-1", keyID: String = AttestSupport.deviceKeyID,
                           challenge: String = AttestSupport.deviceChallenge,
                           attestation: String = AttestSupport.deviceAttestation) -> String {
        #"{"install": "\#(install)", "keyId": "\#(keyID)", "challenge": "\#(challenge)", "attestation": "\#(attestation)"}"#
    }

    @Test(arguments: StoreKind.available)
    func aChallengeIsOneTimeAndShortLived(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let issued = try await client.send(.post, "/api/v1/attest/challenge", key: Keys.app)
            #expect(issued.status == .created, "\(issued.text)")
            let challenge = try #require(try issued.json()["challenge"]?.stringValue)
            #expect(challenge.count == 43, "32 random bytes, base64url without padding")
            #expect(try issued.json()["expiresAt"]?.stringValue == APIDates.text(harness.clock.now.addingTimeInterval(300)))
            #expect(try await harness.store.consumeChallenge(challenge, now: harness.clock.now))
            #expect(try await !harness.store.consumeChallenge(challenge, now: harness.clock.now), "used once")

            let late = try #require(try await client.send(.post, "/api/v1/attest/challenge", key: Keys.app).json()["challenge"]?.stringValue)
            harness.clock.advance(by: 301)
            let refused = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: Self.attestBody(challenge: late))
            #expect(refused.status == .badRequest)
            #expect(try refused.json()["type"] == "https://switchyard.dev/problems/attest-challenge-invalid")
            #expect(try await client.send(.post, "/api/v1/attest/challenge", key: nil).status == .unauthorized)
            // A valid key of another role is refused as such (403 role-refused).
            #expect(try await client.send(.post, "/api/v1/attest/challenge", key: Keys.admin).status == .forbidden)
        }
    }

    /// The device's attestation, over a challenge the service issued, attests its install once.
    @Test(arguments: StoreKind.available)
    func aRealDeviceAttestationAttestsTheInstall(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            harness.clock.advance(by: AttestSupport.deviceValidAt.timeIntervalSince(harness.clock.now))
            try await harness.store.insertChallenge(AttestSupport.deviceChallenge, expiresAt: harness.clock.now.addingTimeInterval(60))
            let attested = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: Self.attestBody())
            #expect(attested.status == .created, "\(attested.text)")
            #expect(try attested.json() == [
                "install": "install-attested-1", "keyId": .string(AttestSupport.deviceKeyID),
                "appId": .string(AttestSupport.deviceAppID), "environment": "production",
                "validationCategory": .null, "bundleVersion": .null,
            ])
            let stored = try #require(try await harness.store.attestKey(id: AttestSupport.deviceKeyID))
            #expect(stored.install == "install-attested-1" && stored.counter == 0 && stored.publicKey.count == 65)

            try await harness.store.insertChallenge(AttestSupport.deviceChallenge, expiresAt: harness.clock.now.addingTimeInterval(60))
            let again = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: Self.attestBody(install: "install-attested-2"))
            #expect(again.status == .conflict)
            #expect(try again.json()["type"] == "https://switchyard.dev/problems/attest-key-exists")
            #expect(try await harness.store.attestKey(id: AttestSupport.deviceKeyID)?.install == "install-attested-1")
        }
    }

    /// Each refusal names the failed step: another app's table, a leaf past its expiry, a changed
    /// key id; a challenge that was never issued is refused before any of it.
    @Test(arguments: StoreKind.available)
    func aFailedAttestationNamesItsStep(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            harness.clock.advance(by: AttestSupport.deviceValidAt.timeIntervalSince(harness.clock.now))
            func attest(_ body: String) async throws -> TestResponse {
                try await harness.store.insertChallenge(AttestSupport.deviceChallenge, expiresAt: harness.clock.now.addingTimeInterval(60))
                return try await client.send(.post, "/api/v1/attest", key: Keys.app, json: body)
            }
            let otherKey = Data(repeating: 7, count: 32).base64EncodedString()
            let wrongKey = try await attest(Self.attestBody(keyID: otherKey))
            #expect(wrongKey.status == .forbidden)
            #expect(try wrongKey.json()["type"] == "https://switchyard.dev/problems/attestation-invalid")
            #expect(try wrongKey.json()["detail"] == "key-id: the key id is not SHA-256 of the leaf's public key")

            harness.clock.advance(by: 3 * 86_400)
            let expired = try await attest(Self.attestBody())
            #expect(try expired.json()["detail"]?.stringValue?.hasPrefix("certificate-chain: ") == true, "\(expired.text)")

            let unknown = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: Self.attestBody(challenge: "never-issued"))
            #expect(try unknown.json()["type"] == "https://switchyard.dev/problems/attest-challenge-invalid")
            #expect(try await harness.store.attestKey(id: AttestSupport.deviceKeyID) == nil)
        }
        var otherTable = Self.configuration()
        otherTable.routes.apps.ios = ["TEAMID.com.example.shop"]
        try await Harness.live(kind, configuration: otherTable) { client, harness in
            harness.clock.advance(by: AttestSupport.deviceValidAt.timeIntervalSince(harness.clock.now))
            try await harness.store.insertChallenge(AttestSupport.deviceChallenge, expiresAt: harness.clock.now.addingTimeInterval(60))
            let otherApp = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: Self.attestBody())
            #expect(otherApp.status == .forbidden)
            #expect(try otherApp.json()["detail"] == "app-id: the RP ID hash is not SHA-256 of TEAMID.com.example.shop")
        }
    }

    @Test func aBadBodyIsA400NamingTheField() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let notBase64 = try await client.send(.post, "/api/v1/attest", key: Keys.app,
                                                  json: Self.attestBody(attestation: "not base64!"))
            #expect(notBase64.status == .badRequest)
            #expect(try notBase64.json()["detail"] == "'attestation' must be standard base64")
            let shortKey = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: Self.attestBody(keyID: "AAAA"))
            #expect(try shortKey.json()["detail"] == "'keyId' must be 32 bytes in base64 (SHA-256 of the key), got 3")
        }
    }
}
