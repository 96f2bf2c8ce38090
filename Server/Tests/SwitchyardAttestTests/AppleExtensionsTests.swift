import AttestTestSupport
import Crypto
import Foundation
@_spi(AttestTesting) import SwitchyardAttest
import Switchyard
import Testing

/// Attestations and assertions as current iOS writes them: Apple's extension map after the
/// credential's key (or after the assertion's 37 bytes), with the extension-data flag clear (as
/// devices send it) or set; the nonce or the signature covers the map. Made under a synthetic root
/// (``SyntheticAttestation``), as a device and Apple's CA would make them.
@Suite struct AppleExtensionsTests {
    static let appID = "TEAM123456.com.example.shop"
    let hash = Array(SHA256.hash(data: Array("challenge-49".utf8)))

    func verify(_ made: SyntheticAttestation.Made, _ factory: SyntheticAttestation) async throws(AttestFailure) -> AttestedKey {
        try await AttestationVerifier(appID: Self.appID, environment: .production, root: factory.root)
            .verify(made.object, keyID: made.keyID, clientDataHash: hash, at: factory.now)
    }

    func failure(_ made: SyntheticAttestation.Made, _ factory: SyntheticAttestation) async -> AttestFailure? {
        do {
            _ = try await verify(made, factory)
            return nil
        } catch {
            return error
        }
    }

    @Test func theMapWithTheFlagClearAsCurrentIPhonesSendIt() async throws {
        let factory = try SyntheticAttestation()
        let made = try factory.attest(appID: Self.appID, clientDataHash: hash,
                                      extensions: SyntheticAttestation.appleExtensions(category: 4, bundleVersion: "1234"))
        let key = try await verify(made, factory)
        #expect(key.validationCategory == .appStore)
        #expect(key.bundleVersion == "1234")
        #expect(key.publicKey == made.publicKey)
    }

    @Test func theMapWithTheFlagSet() async throws {
        let factory = try SyntheticAttestation()
        let made = try factory.attest(appID: Self.appID, clientDataHash: hash,
                                      extensions: SyntheticAttestation.appleExtensions(category: 2, bundleVersion: "7.1"),
                                      flagExtensions: true)
        let key = try await verify(made, factory)
        #expect(key.validationCategory == .testFlight && key.bundleVersion == "7.1")
    }

    @Test func theCategoryAsAnIntegerAndUnknownEntriesAreRead() async throws {
        let factory = try SyntheticAttestation()
        var map = SyntheticAttestation.appleExtensions(category: 3, bundleVersion: nil, categoryAsInteger: true)
        // One more entry, a key Apple may add: the count in the map's head goes from 1 to 2.
        map[0] += 1
        map += [0x6c] + Array("apple_new_01".utf8) + [0xf5]
        let made = try factory.attest(appID: Self.appID, clientDataHash: hash, extensions: map)
        let key = try await verify(made, factory)
        #expect(key.validationCategory == .development && key.bundleVersion == nil)
    }

    @Test func withoutTheMapAsBefore() async throws {
        let factory = try SyntheticAttestation()
        let key = try await verify(try factory.attest(appID: Self.appID, clientDataHash: hash), factory)
        #expect(key.validationCategory == nil && key.bundleVersion == nil)
    }

    @Test(arguments: [
        ("truncated", Array(SyntheticAttestation.appleExtensions(category: 4, bundleVersion: "1234").dropLast(2)), "CBOR"),
        ("oversized", [0xa1, 0x63] + Array("pad".utf8) + [0x59, 0x02, 0x58] + [UInt8](repeating: 0, count: 600), "more than 512"),
        ("not a map", [0x83, 0x01, 0x02, 0x03], "not a CBOR map"),
        ("trailing", SyntheticAttestation.appleExtensions(category: 4, bundleVersion: "1") + [0x00], "bytes follow the map"),
        ("short category", [0xa1, 0x78, 0x1c] + Array("apple_validation_category_01".utf8) + [0x43, 1, 0, 0], "apple_validation_category_01"),
        ("version not text", [0xa1, 0x77] + Array("apple_bundle_version_01".utf8) + [0x01], "apple_bundle_version_01"),
        ("integer key", [0xa1, 0x01, 0x02], "not text"),
    ] as [(String, [UInt8], String)])
    func malformedMapsAreRefused(name: String, map: [UInt8], reason: String) async throws {
        let factory = try SyntheticAttestation()
        let made = try factory.attest(appID: Self.appID, clientDataHash: hash, extensions: map)
        let refused = await failure(made, factory)
        #expect(refused?.step == .format, "\(name): \(String(describing: refused))")
        #expect(refused?.detail.contains(reason) == true, "\(name): \(String(describing: refused?.detail))")
    }

    @Test func theFlagSetWithNothingAfterIsRefused() async throws {
        let factory = try SyntheticAttestation()
        let made = try factory.attest(appID: Self.appID, clientDataHash: hash, flagExtensions: true)
        let refused = await failure(made, factory)
        #expect(refused?.step == .format && refused?.detail.contains("0x80") == true, "\(String(describing: refused))")
    }

    /// The nonce covers the map: a map changed after the leaf was issued fails at the nonce step.
    @Test func theNonceCoversTheMap() async throws {
        let factory = try SyntheticAttestation()
        let made = try factory.attest(appID: Self.appID, clientDataHash: hash,
                                      extensions: SyntheticAttestation.appleExtensions(category: 3, bundleVersion: "1"))
        var object = made.object
        // The category's first byte (3, development) is the fourth-to-last byte before the version entry; make it 4.
        let index = try #require(object.lastIndex(of: 0x03))
        object[index] = 0x04
        let refused = await failure(SyntheticAttestation.Made(object: object, keyID: made.keyID, privateKey: made.privateKey), factory)
        #expect(refused?.step == .nonce, "\(String(describing: refused))")
    }

    @Test func assertionsCarryTheMapAfterTheFixedBytes() throws {
        let key = P256.Signing.PrivateKey()
        for flag in [false, true] {
            let assertion = try SyntheticAttestation.assert(
                with: key.rawRepresentation, appID: Self.appID, clientDataHash: hash, counter: 3,
                extensions: SyntheticAttestation.appleExtensions(category: 4, bundleVersion: "88"), flagExtensions: flag)
            let verified = try AssertionVerifier(appID: Self.appID).verifyAssertion(
                assertion, clientDataHash: hash, publicKey: Array(key.publicKey.x963Representation), previousCounter: 2)
            #expect(verified.counter == 3)
            #expect(verified.extensions == AppleExtensions(validationCategory: .appStore, bundleVersion: "88"))
        }
        let plain = try SyntheticAttestation.assert(with: key.rawRepresentation, appID: Self.appID, clientDataHash: hash, counter: 1)
        let verified = try AssertionVerifier(appID: Self.appID).verifyAssertion(
            plain, clientDataHash: hash, publicKey: Array(key.publicKey.x963Representation), previousCounter: 0)
        #expect(verified.extensions == nil)
        let broken = try SyntheticAttestation.assert(with: key.rawRepresentation, appID: Self.appID, clientDataHash: hash, counter: 4,
                                                     extensions: [0xa1, 0x01])
        #expect(throws: AttestFailure.self) {
            try AssertionVerifier(appID: Self.appID).verify(broken, clientDataHash: hash,
                                                            publicKey: Array(key.publicKey.x963Representation), previousCounter: 0)
        }
    }

    @Test func thePolicyAllowsCategoriesAndAMinimumBundleVersion() throws {
        let policy = AppAttestPolicy(allowedCategories: [.appStore, .testFlight], minimumBundleVersion: DottedVersion("120"))
        try policy.check(.appStore, bundleVersion: "120")
        try policy.check(.testFlight, bundleVersion: "121.1")
        try policy.check(nil, bundleVersion: nil)  // older iOS states nothing
        for (category, version, reason) in [
            (ValidationCategory.development, "200", "validation category is development; this service accepts app-store, testflight"),
            (.appStore, "119", "bundle version is 119, below the minimum 120"),
            (.appStore, "1.0b", "bundle version '1.0b' is not a dotted version"),
            (ValidationCategory(rawValue: 77), "200", "validation category is 77"),
        ] {
            let error = #expect(throws: AttestFailure.self) {
                try policy.check(category, bundleVersion: version)
            }
            #expect(error?.step == .policy && error?.detail.hasPrefix("the app's \(reason)") == true, "\(String(describing: error))")
        }
        #expect(ValidationCategory(name: "app-store") == .appStore && ValidationCategory(name: "6") == .developerID)
        #expect(ValidationCategory(name: "appstore") == nil)
    }
}

/// What one attestation request can cost: Apple's chain shape only, refused before any signature
/// check otherwise.
@Suite struct AttestationChainShapeTests {
    let hash = Array(SHA256.hash(data: Array("challenge-50".utf8)))

    @Test func theCertificateMeshIsRefusedBeforeAnySignatureCheck() async throws {
        let factory = try SyntheticAttestation()
        let mesh = try factory.mesh(6, appID: AppleExtensionsTests.appID, clientDataHash: hash)
        do {
            _ = try await AttestationVerifier(appID: AppleExtensionsTests.appID, environment: .production, root: factory.root)
                .verify(mesh.object, keyID: mesh.keyID, clientDataHash: hash, at: factory.now)
            Issue.record("the mesh verified")
        } catch {
            #expect(error.step == .certificateChain)
            #expect(error.detail == "x5c holds 37 items; an attestation's is a leaf and one intermediate certificate")
        }
    }

    /// Two certificates, but not Apple's shape: an intermediate the root did not name, or a leaf
    /// from another issuer.
    @Test func twoCertificatesOfTheWrongNamesAreRefused() async throws {
        let factory = try SyntheticAttestation()
        let other = try SyntheticAttestation(intermediateName: "Another CA")
        let made = try factory.attest(appID: AppleExtensionsTests.appID, clientDataHash: hash)
        let decoded = try CBORReader.read(made.object)
        guard case .array(let chain)? = decoded["attStmt"]?["x5c"], let leaf = chain.first?.byteString else {
            Issue.record("no chain")
            return
        }
        let foreign = SyntheticAttestation.attestationObject(
            authData: decoded["authData"]?.byteString ?? [], chain: [leaf, SyntheticAttestation.der(other.intermediate)])
        do {
            _ = try await AttestationVerifier(appID: AppleExtensionsTests.appID, environment: .production, root: factory.root)
                .verify(foreign, keyID: made.keyID, clientDataHash: hash, at: factory.now)
            Issue.record("a foreign intermediate verified")
        } catch {
            #expect(error.step == .certificateChain)
            #expect(error.detail.contains("not a leaf issued by an intermediate"), "\(error.detail)")
        }
        // Apple's own root refuses the synthetic chain, whose intermediate it did not issue.
        do {
            _ = try await AttestationVerifier(appID: AppleExtensionsTests.appID, environment: .production)
                .verify(made.object, keyID: made.keyID, clientDataHash: hash, at: factory.now)
            Issue.record("a synthetic chain verified against Apple's root")
        } catch {
            #expect(error.step == .certificateChain)
        }
    }
}
