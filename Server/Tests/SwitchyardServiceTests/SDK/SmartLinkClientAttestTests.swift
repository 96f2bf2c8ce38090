import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Synchronization
import Testing

/// The SDK's App Attest flow against the real service over a socket (URLSession), on SQLite: a
/// client with an attestor signs its redeems; without one (or where App Attest is not supported)
/// a link that demands proof throws `installProofRequired`.
@Suite struct SmartLinkClientAttestTests {
    /// An attestor as a device would be: a P-256 key of the test's (stored as attested) signs
    /// assertions over SHA-256 of the client data; `attestation` is what `attestKey` answers.
    final class TestAttestor: InstallAttestor {
        let device: AttestSupport.DeviceKey
        let supported: Bool
        let attestation: Data
        private let stored = Mutex<String?>(nil)
        private let counter = Mutex<UInt32>(0)

        init(device: AttestSupport.DeviceKey, supported: Bool = true, keyID: String? = nil, attestation: Data = Data()) {
            self.device = device
            self.supported = supported
            self.attestation = attestation
            stored.withLock { $0 = keyID }
        }

        var isSupported: Bool { supported }
        func generateKey() async throws -> String { device.keyID }
        func attestKey(_ keyID: String, clientData: Data) async throws -> Data { attestation }
        func generateAssertion(_ keyID: String, clientData: Data) async throws -> Data {
            let next = counter.withLock { $0 += 1; return $0 }
            return Data(base64Encoded: try device.assertion(over: String(decoding: clientData, as: UTF8.self), counter: next))!
        }
        func storedKeyID() -> String? { stored.withLock { $0 } }
        func storeKeyID(_ keyID: String?) { stored.withLock { $0 = keyID } }
    }

    /// The SDK's client for the live service behind `client`, as the install `installID`.
    static func sdk(_ client: any TestClientProtocol, installID: String,
                    attestor: (any InstallAttestor)? = nil) throws -> SmartLinkClient {
        let port = try #require(client.port)
        return SmartLinkClient(service: URL(string: "http://127.0.0.1:\(port)")!, appKey: Keys.app,
                               table: try RouteTable(Harness.routes), installID: installID, attestor: attestor)
    }

    /// A device whose key the service already holds for `install`, as if it attested earlier.
    static func attestedDevice(_ harness: Harness, install: String) async throws -> AttestSupport.DeviceKey {
        let device = AttestSupport.DeviceKey(appID: "TEAMID.com.example.shop")
        #expect(try await harness.store.insertAttestKey(device.record(install: install, at: harness.clock.now)))
        return device
    }

    /// Creates a link from `body` and returns its code.
    static func create(_ client: any TestClientProtocol, _ body: String) async throws -> String {
        try #require(try await client.create(body)["code"]?.stringValue)
    }

    @Test func anAttestedClientRedeemsALinkThatDemandsProof() async throws {
        try await Harness.live(.sqlite) { client, harness in
            let code = try await Self.create(
                client, #"{"route": "about/team", "metadata": {"coupon": "REAL"}, "redeemLimit": 1, "installProof": "attested"}"#)
            let device = try await Self.attestedDevice(harness, install: "install-real")

            let plain = try Self.sdk(client, installID: "install-script")
            #expect(!plain.attestsInstall)
            await #expect { _ = try await plain.redeem(code: code) } throws: { ($0 as? SmartLinkError)?.code == .installProofRequired }
            let simulator = try Self.sdk(client, installID: "install-simulator", attestor: TestAttestor(device: device, supported: false))
            #expect(!simulator.attestsInstall, "App Attest not supported: the client says so and sends no proof")
            await #expect { _ = try await simulator.redeem(code: code) } throws: { ($0 as? SmartLinkError)?.code == .installProofRequired }

            let attested = try Self.sdk(client, installID: "install-real", attestor: TestAttestor(device: device, keyID: device.keyID))
            #expect(attested.attestsInstall)
            #expect(try await attested.redeem(code: code) == ["coupon": "REAL"])
            #expect(try await attested.redeem(code: code) == ["coupon": "REAL"], "a retry signs again with a higher counter")
            #expect(try await harness.store.attestKey(id: device.keyID)?.counter == 2)
        }
    }

    /// A link that hands its metadata only to an attested install: an attested client's resolve is
    /// signed and gets it; a client without App Attest gets the route without it.
    @Test func anAttestedClientsResolveIsSigned() async throws {
        try await Harness.live(.sqlite) { client, harness in
            let code = try await Self.create(
                client, #"{"route": "about/team", "metadata": {"secret": "S"}, "installProof": "attested"}"#)
            let device = try await Self.attestedDevice(harness, install: "install-real")

            let unproven = try await Self.sdk(client, installID: "install-script").resolve(code: code)
            #expect(unproven.metadata == nil, "the route without the metadata")
            let attested = try Self.sdk(client, installID: "install-real", attestor: TestAttestor(device: device, keyID: device.keyID))
            #expect(try await attested.resolve(code: code).metadata == ["secret": "S"])
            #expect(try await harness.store.attestKey(id: device.keyID)?.counter == 1)
        }
    }

    /// A client without a stored key attests first: it fetches a challenge, has the device attest
    /// over it and posts the attestation; the service's refusal (here: an attestation made over
    /// another challenge, so its nonce differs) reaches the app as `attestation`, and no key is kept.
    @Test func aNewInstallAttestsOverTheServicesChallenge() async throws {
        try await Harness.live(.sqlite, configuration: AttestAPITests.configuration()) { client, harness in
            harness.clock.advance(by: AttestSupport.deviceValidAt.timeIntervalSince(harness.clock.now))
            let code = try await Self.create(client, #"{"route": "about/team", "redeemLimit": 1}"#)
            let attestor = TestAttestor(device: AttestSupport.DeviceKey(appID: AttestSupport.deviceAppID),
                                        attestation: Data(base64Encoded: AttestSupport.deviceAttestation)!)
            let sdk = try Self.sdk(client, installID: "install-new", attestor: attestor)
            await #expect { _ = try await sdk.redeem(code: code) } throws: { error in
                guard let error = error as? SmartLinkError else { return false }
                return error.code == .attestation && error.message.hasPrefix("nonce: ")
            }
            #expect(attestor.storedKeyID() == nil)
            #expect(try await harness.store.link(code: code)?.redeemCount == 0)
        }
    }

    /// A stored key id the service does not know (a database restored without it): the redeem is
    /// answered `attest-key-unknown`, and the client forgets the key and attests again over a
    /// fresh challenge, once. Here the device's attestation was made over another challenge, so
    /// the new attestation is refused (its nonce), the client throws, keeps no key, and nothing is spent.
    @Test(arguments: StoreKind.available)
    func aKeyTheServiceDoesNotKnowIsForgottenAndAttestedAgain(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: AttestAPITests.configuration()) { client, harness in
            harness.clock.advance(by: AttestSupport.deviceValidAt.timeIntervalSince(harness.clock.now))
            let code = try await Self.create(client, #"{"route": "about/team", "redeemLimit": 1, "installProof": "attested"}"#)
            let device = AttestSupport.DeviceKey(appID: AttestSupport.deviceAppID)
            let attestor = TestAttestor(device: device, keyID: device.keyID,
                                        attestation: Data(base64Encoded: AttestSupport.deviceAttestation)!)
            #expect(try await harness.store.attestKey(id: device.keyID) == nil, "the service does not know the stored key")
            let sdk = try Self.sdk(client, installID: "install-restored", attestor: attestor)
            await #expect { _ = try await sdk.redeem(code: code) } throws: { error in
                guard let error = error as? SmartLinkError else { return false }
                return error.code == .attestation && error.message.hasPrefix("nonce: ")
            }
            #expect(attestor.storedKeyID() == nil, "the unknown key was forgotten and the refused one not kept")
            #expect(try await harness.store.forgetChallenges(expiredBy: .distantFuture, limit: 10) == 0,
                    "the one challenge the client fetched was spent by its attestation")
            #expect(try await harness.store.link(code: code)?.redeemCount == 0)
        }
    }

    /// The same on a resolve of a link that hands its metadata only to an attested install: the
    /// service answers `attestKeyUnknown`, and the client forgets the key, attests over a fresh
    /// challenge and resolves once more. The new attestation is refused here (its nonce), so the
    /// second resolve carries no proof: the route comes back without the metadata, and no key is kept.
    @Test(arguments: StoreKind.available)
    func aResolveWithAKeyTheServiceDoesNotKnowAttestsAgain(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: AttestAPITests.configuration()) { client, harness in
            harness.clock.advance(by: AttestSupport.deviceValidAt.timeIntervalSince(harness.clock.now))
            let code = try await Self.create(
                client, #"{"route": "about/team", "metadata": {"secret": "S"}, "installProof": "attested"}"#)
            let device = AttestSupport.DeviceKey(appID: AttestSupport.deviceAppID)
            let attestor = TestAttestor(device: device, keyID: device.keyID,
                                        attestation: Data(base64Encoded: AttestSupport.deviceAttestation)!)
            #expect(try await harness.store.attestKey(id: device.keyID) == nil, "the service does not know the stored key")
            let sdk = try Self.sdk(client, installID: "install-restored", attestor: attestor)
            let link = try await sdk.resolve(code: code)
            #expect(link.route == "about/team")
            #expect(link.metadata == nil)
            #expect(attestor.storedKeyID() == nil, "the unknown key was forgotten and the refused one not kept")
            #expect(try await harness.store.forgetChallenges(expiredBy: .distantFuture, limit: 10) == 0,
                    "the client fetched a challenge and spent it on a new attestation")
            await harness.recorder.flush()
            #expect(try await ResolveProofTests.appOpens(client, code) == 1, "two resolves, one app open")
        }
    }
}
