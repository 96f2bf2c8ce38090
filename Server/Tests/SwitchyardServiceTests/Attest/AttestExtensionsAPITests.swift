import AttestTestSupport
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@_spi(AttestTesting) import SwitchyardAttest
@_spi(AttestTesting) @testable import SwitchyardService
import SwitchyardStore
import Testing

/// App Attest as current iOS sends it, over a real socket on every store: the extension map after
/// the credential's key with the flag clear, the operator's policy on the stated category and
/// bundle version (at attestation and at each assertion), and the certificate mesh that once held
/// a core for minutes, refused while `/health` answers.
@Suite struct AttestExtensionsAPITests {
    static let appID = "TEAMID.com.example.shop"

    static func configuration(root: SyntheticAttestation, policy: AppAttestPolicy? = nil) -> ServiceConfiguration {
        var configuration = AttestAPITests.configuration()
        configuration.attest.root = root.root
        if let policy { configuration.attest.policies[appID] = policy }
        return configuration
    }

    static func body(_ made: SyntheticAttestation.Made, install: String, challenge: String) -> String {
        #"{"install": "\#(install)", "keyId": "\#(Data(made.keyID).base64EncodedString())", "challenge": "\#(challenge)", "#
            + #""attestation": "\#(Data(made.object).base64EncodedString())"}"#
    }

    /// A challenge issued by the service (its hash is what the device attests over).
    static func challenge(_ client: some TestClientProtocol) async throws -> (text: String, hash: [UInt8]) {
        let text = try #require(try await client.send(.post, "/api/v1/attest/challenge", key: Keys.app).json()["challenge"]?.stringValue)
        return (text, Array(SHA256.hash(data: Array(text.utf8))))
    }

    @Test(arguments: StoreKind.available)
    func anAttestationWithTheMapAndTheFlagClearAttests(kind: StoreKind) async throws {
        let factory = try SyntheticAttestation()
        try await Harness.live(kind, configuration: Self.configuration(root: factory)) { client, harness in
            harness.clock.advance(by: factory.now.timeIntervalSince(harness.clock.now))
            let challenge = try await Self.challenge(client)
            let made = try factory.attest(appID: Self.appID, clientDataHash: challenge.hash,
                                          extensions: SyntheticAttestation.appleExtensions(category: 4, bundleVersion: "2024.1"))
            let attested = try await client.send(.post, "/api/v1/attest", key: Keys.app,
                                                 json: Self.body(made, install: "install-ios-26", challenge: challenge.text))
            #expect(attested.status == .created, "\(attested.text)")
            #expect(try attested.json()["validationCategory"] == "app-store")
            #expect(try attested.json()["bundleVersion"] == "2024.1")
            #expect(try await harness.store.attestKey(id: Data(made.keyID).base64EncodedString())?.install == "install-ios-26")
        }
    }

    @Test(arguments: StoreKind.available)
    func thePolicyRefusesADevelopmentBuildAndAnOldVersion(kind: StoreKind) async throws {
        let factory = try SyntheticAttestation()
        let policy = AppAttestPolicy(allowedCategories: [.appStore], minimumBundleVersion: DottedVersion("200"))
        try await Harness.live(kind, configuration: Self.configuration(root: factory, policy: policy)) { client, harness in
            harness.clock.advance(by: factory.now.timeIntervalSince(harness.clock.now))
            for (category, version, reason) in [(UInt32(3), "300", "validation category is development"),
                                                (4, "199", "bundle version is 199, below the minimum 200")] {
                let challenge = try await Self.challenge(client)
                let made = try factory.attest(appID: Self.appID, clientDataHash: challenge.hash,
                                              extensions: SyntheticAttestation.appleExtensions(category: category, bundleVersion: version))
                let refused = try await client.send(.post, "/api/v1/attest", key: Keys.app,
                                                    json: Self.body(made, install: "install-dev", challenge: challenge.text))
                #expect(refused.status == .forbidden, "\(refused.text)")
                #expect(try refused.json()["detail"]?.stringValue?.contains("policy: the app's \(reason)") == true, "\(refused.text)")
                #expect(try await harness.store.attestKey(id: Data(made.keyID).base64EncodedString()) == nil)
            }
            // An App Store build attests; its assertion from a development build later is refused, from the App Store accepted.
            let challenge = try await Self.challenge(client)
            let made = try factory.attest(appID: Self.appID, clientDataHash: challenge.hash,
                                          extensions: SyntheticAttestation.appleExtensions(category: 4, bundleVersion: "250"))
            #expect(try await client.send(.post, "/api/v1/attest", key: Keys.app,
                                          json: Self.body(made, install: "install-store", challenge: challenge.text)).status == .created)
            let code = try #require(try await client.create(
                #"{"route": "about/team", "metadata": {"coupon": "SAVE20"}, "redeemLimit": 2, "installProof": "attested"}"#)["code"]?.stringValue)
            func redeem(category: UInt32, counter: UInt32) async throws -> TestResponse {
                let hash = Array(SHA256.hash(data: Array("redeem:\(code):install-store".utf8)))
                let assertion = try SyntheticAttestation.assert(
                    with: made.privateKey, appID: Self.appID, clientDataHash: hash, counter: counter,
                    extensions: SyntheticAttestation.appleExtensions(category: category, bundleVersion: "250"))
                var headers: HTTPFields = [:]
                headers[InstallProofCheck.keyHeader] = Data(made.keyID).base64EncodedString()
                headers[InstallProofCheck.assertionHeader] = Data(assertion).base64EncodedString()
                return try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app,
                                             json: #"{"install": "install-store"}"#, headers: headers)
            }
            let development = try await redeem(category: 3, counter: 1)
            #expect(development.status == .forbidden, "\(development.text)")
            #expect(try development.json()["detail"]?.stringValue?.contains("validation category is development") == true)
            #expect(try await harness.store.link(code: code)?.redeemCount == 0)
            let store = try await redeem(category: 4, counter: 2)
            #expect(store.status == .ok, "\(store.text)")
            #expect(try await harness.store.link(code: code)?.redeemCount == 1)
        }
    }

    /// The mesh (6 keys, 36 certificates named CN=X, 13.5 KB and more), four at once: each refused
    /// for its shape, before a signature is checked, and `/health` answers between them.
    @Test(arguments: StoreKind.available)
    func theCertificateMeshIsRefusedWhileHealthAnswers(kind: StoreKind) async throws {
        let factory = try SyntheticAttestation()
        try await Harness.live(kind, configuration: Self.configuration(root: factory)) { client, harness in
            harness.clock.advance(by: factory.now.timeIntervalSince(harness.clock.now))
            var bodies: [String] = []
            for index in 0..<4 {
                let challenge = try await Self.challenge(client)
                let mesh = try factory.mesh(6, appID: Self.appID, clientDataHash: challenge.hash)
                bodies.append(Self.body(SyntheticAttestation.Made(object: mesh.object, keyID: mesh.keyID, privateKey: Data()),
                                        install: "install-mesh-\(index)", challenge: challenge.text))
            }
            #expect(bodies[0].utf8.count > 13_500)
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for body in bodies {
                    group.addTask {
                        let answer = try await client.send(.post, "/api/v1/attest", key: Keys.app, json: body)
                        return (Int(answer.status.code), try answer.json()["detail"]?.stringValue ?? "")
                    }
                }
                group.addTask {
                    let health = try await client.send(.get, "/health", key: nil)
                    return (Int(health.status.code), "health")
                }
                for try await (status, detail) in group {
                    if detail == "health" {
                        #expect(status == 200)
                    } else {
                        #expect(status == 403)
                        #expect(detail == "certificate-chain: x5c holds 37 items; an attestation's is a leaf and one intermediate certificate",
                                "\(detail)")
                    }
                }
            }
            // Not asserted (a timing): how long the four took, for the log.
            print("four certificate meshes refused in \(ContinuousClock.now - started)")
        }
    }

    /// Challenges are bounded every address together, not only per /64: a /48 holds millions.
    @Test(arguments: StoreKind.available)
    func challengesAreBoundedInAll(kind: StoreKind) async throws {
        let factory = try SyntheticAttestation()
        var configuration = Self.configuration(root: factory)
        configuration.attest.challengesInAll = 3
        configuration.trustedProxies = ["127.0.0.0/8", "::1"]
        try await Harness.live(kind, configuration: configuration) { client, _ in
            var statuses: [Int] = []
            for index in 0..<5 {
                let answer = try await client.send(.post, "/api/v1/attest/challenge", key: Keys.app,
                                                   headers: [.xForwardedFor: "2001:db8:0:\(index + 1)::1"])
                statuses.append(answer.status.code)
                if answer.status == .serviceUnavailable {
                    #expect(try answer.json()["type"] == "https://switchyard.dev/problems/attest-busy")
                    #expect(answer.headers[.retryAfter] == "300")
                }
            }
            #expect(statuses == [201, 201, 201, 503, 503], "five /64s of one /48: \(statuses)")
        }
    }

    /// One install attests a bounded number of keys: a real device minting keys is bounded too.
    @Test(arguments: StoreKind.available)
    func keysPerInstallAreCapped(kind: StoreKind) async throws {
        let factory = try SyntheticAttestation()
        var configuration = Self.configuration(root: factory)
        configuration.attest.keysPerInstall = 2
        try await Harness.live(kind, configuration: configuration) { client, harness in
            harness.clock.advance(by: factory.now.timeIntervalSince(harness.clock.now))
            var statuses: [Int] = []
            for _ in 0..<3 {
                let challenge = try await Self.challenge(client)
                let made = try factory.attest(appID: Self.appID, clientDataHash: challenge.hash)
                let answer = try await client.send(.post, "/api/v1/attest", key: Keys.app,
                                                   json: Self.body(made, install: "install-minting", challenge: challenge.text))
                statuses.append(answer.status.code)
                if answer.status == .tooManyRequests {
                    #expect(try answer.json()["type"] == "https://switchyard.dev/problems/too-many-keys")
                }
            }
            #expect(statuses == [201, 201, 429], "\(statuses)")
            #expect(try await harness.store.attestKeyCount(install: "install-minting") == 2)
            #expect(try await harness.store.attestKeyCount(install: "another-install") == 0)
        }
    }
}
