import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Switchyard
import Synchronization
import Testing

/// After a reinstall the keychain still holds the App Attest key id, while the key itself (and
/// the install id) are gone: the device cannot sign with it. The client forgets such a key and
/// attests a new one, once; concurrent first calls attest once; a key id that cannot be kept is
/// reported. The stand-in service and the call log are `SmartLinkClientAttestRetryTests`'.
@Suite struct SmartLinkClientReinstallTests {
    typealias Retry = SmartLinkClientAttestRetryTests

    /// A device whose keychain holds `stored` but whose Secure Enclave has only the keys made
    /// since (a reinstall): signing with any other key fails as DeviceCheck's invalid key does.
    final class ReinstalledDevice: InstallAttestor {
        struct InvalidKey: Error {}
        struct KeychainFull: Error {}
        let host: String
        let keepsKeys: Bool
        private let state: Mutex<(stored: String?, made: Set<String>, generated: Int)>

        init(host: String, stored: String?, keepsKeys: Bool = true) {
            self.host = host
            self.keepsKeys = keepsKeys
            state = Mutex((stored, [], 0))
        }

        var isSupported: Bool { true }
        func generateKey() async throws -> String {
            Retry.record(host, "generateKey")
            try await Task.sleep(for: .milliseconds(20))   // long enough for concurrent callers to overlap
            return state.withLock { state in
                state.generated += 1
                let key = state.generated == 1 ? "key-new" : "key-new-\(state.generated)"
                state.made.insert(key)
                return key
            }
        }
        func attestKey(_ keyID: String, clientData: Data) async throws -> Data {
            Retry.record(host, "attestKey \(keyID) \(String(decoding: clientData, as: UTF8.self))")
            return Data("attestation".utf8)
        }
        func generateAssertion(_ keyID: String, clientData: Data) async throws -> Data {
            Retry.record(host, "generateAssertion \(keyID)")
            guard state.withLock({ $0.made.contains(keyID) }) else { throw InvalidKey() }
            return Data("assertion".utf8)
        }
        func storedKeyID() -> String? { state.withLock { $0.stored } }
        func storeKeyID(_ keyID: String?) throws {
            Retry.record(host, "storeKeyID \(keyID ?? "nil")")
            if keyID != nil, !keepsKeys { throw KeychainFull() }
            state.withLock { $0.stored = keyID }
        }
    }

    static func client(host: String, device: ReinstalledDevice) throws -> SmartLinkClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [Retry.StandIn.self]
        return SmartLinkClient(service: URL(string: "https://\(host)")!, appKey: "k",
                               table: try RouteTable(["product/:id"], hosts: ["shop.example.com"]), installID: "install-1",
                               appRelease: nil, session: URLSession(configuration: configuration), attestor: device)
    }

    /// The calls when the stored `key-old` cannot sign: forgotten, a new key attested, signed again.
    static func forgottenAndAttested(_ request: String) -> [String] {
        ["generateAssertion key-old", "storeKeyID nil", "POST /api/v1/attest/challenge", "generateKey",
         "attestKey key-new challenge-1", "POST /api/v1/attest", "storeKeyID key-new", "generateAssertion key-new",
         "\(request) key=key-new"]
    }

    @Test func aRedeemAfterAReinstallForgetsTheUnusableKeyAndAttestsOnce() async throws {
        let host = "reinstalled-redeem.example.com"
        let device = ReinstalledDevice(host: host, stored: "key-old")
        let sdk = try Self.client(host: host, device: device)
        #expect(try await sdk.redeem(code: "Ab3dE9xQ") == ["coupon": "REAL"])
        #expect(Retry.calls.withLock { $0[host] } == Self.forgottenAndAttested("POST /api/v1/links/Ab3dE9xQ/redeem"))
        #expect(device.storedKeyID() == "key-new")
    }

    @Test func aResolveAfterAReinstallGetsTheAttestedOnlyMetadata() async throws {
        let host = "reinstalled-resolve.example.com"
        let device = ReinstalledDevice(host: host, stored: "key-old")
        let sdk = try Self.client(host: host, device: device)
        let link = try await sdk.resolve(code: "Ab3dE9xQ")
        #expect(link.metadata == ["coupon": "REAL"], "the resolve was signed with the new key")
        #expect(Retry.calls.withLock { $0[host] } == Self.forgottenAndAttested("GET /api/v1/links/Ab3dE9xQ/resolve"))
    }

    @Test func concurrentFirstCallsAttestOnce() async throws {
        let host = "single-flight.example.com"
        let device = ReinstalledDevice(host: host, stored: nil)
        let sdk = try Self.client(host: host, device: device)
        try await withThrowingTaskGroup(of: [String: JSONValue].self) { group in
            for _ in 0..<5 { group.addTask { try await sdk.redeem(code: "Ab3dE9xQ") } }
            for try await metadata in group { #expect(metadata == ["coupon": "REAL"]) }
        }
        let calls = Retry.calls.withLock { $0[host] } ?? []
        #expect(calls.filter { $0 == "generateKey" }.count == 1)
        #expect(calls.filter { $0 == "POST /api/v1/attest" }.count == 1)
        #expect(calls.filter { $0.hasPrefix("POST /api/v1/links/") }.count == 5)
    }

    @Test func aKeyIDTheKeychainCannotKeepIsReported() async throws {
        let host = "keychain-full.example.com"
        let device = ReinstalledDevice(host: host, stored: nil, keepsKeys: false)
        let sdk = try Self.client(host: host, device: device)
        await #expect { _ = try await sdk.redeem(code: "Ab3dE9xQ") } throws: { error in
            (error as? SmartLinkError)?.code == .attestation
                && (error as? SmartLinkError)?.message.hasPrefix("App Attest could not keep the attested key id") == true
        }
    }
}
