import Crypto
import Foundation
import SwitchyardAttest
import Testing

@Suite struct AttestationVerifierTests {
    typealias Sample = AttestFixtures.Sample

    static let samples = [AttestFixtures.appleSample, AttestFixtures.deviceSample, AttestFixtures.developmentSample]

    func verify(
        _ sample: Sample, object: [UInt8]? = nil, appID: String? = nil, keyID: [UInt8]? = nil,
        clientDataHash: [UInt8]? = nil, at time: Date? = nil, environment: AppAttestEnvironment? = nil
    ) async throws(AttestFailure) -> AttestedKey {
        let verifier = AttestationVerifier(appID: appID ?? sample.appID, environment: environment ?? sample.environment)
        return try await verifier.verify(
            object ?? sample.bytes, keyID: keyID ?? sample.keyIDBytes,
            clientDataHash: clientDataHash ?? sample.clientDataHash, at: time ?? sample.validDate)
    }

    func failure(_ work: () async throws(AttestFailure) -> AttestedKey) async -> AttestFailure? {
        do {
            _ = try await work()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: samples)
    func realAttestationsVerifyInsideTheLeafsValidity(sample: Sample) async throws {
        let key = try await verify(sample)
        #expect(key.keyID == sample.keyIDBytes)
        #expect(key.publicKey.count == 65 && key.publicKey[0] == 0x04)
        #expect(Array(SHA256.hash(data: key.publicKey)) == sample.keyIDBytes)
        #expect(key.environment == sample.environment)
        #expect(!key.receipt.isEmpty)
    }

    /// Each sample passes the chain, nonce, key id, app id and counter checks under either
    /// policy, and is refused at the environment step under the other one: Apple's and the
    /// device sample carry the production AAGUID, the development sample `appattestdevelop`.
    @Test(arguments: samples)
    func theOtherEnvironmentsPolicyRefusesAtTheEnvironmentStep(sample: Sample) async {
        let other: AppAttestEnvironment = sample.environment == .production ? .development : .production
        let failure = await failure { () async throws(AttestFailure) in try await verify(sample, environment: other) }
        #expect(failure == AttestFailure(
            .environment, "the key is from \(sample.environment.rawValue), the app expects \(other.rawValue)"))
    }

    @Test(arguments: samples)
    func otherTeamOrBundleIsRefusedAtTheAppIDStep(sample: Sample) async {
        let team = sample.appID.prefix { $0 != "." }
        let bundle = sample.appID.drop { $0 != "." }.dropFirst()
        for appID in ["ZZZZZZZZZZ.\(bundle)", "\(team).com.example.other"] {
            let failure = await failure { () async throws(AttestFailure) in try await verify(sample, appID: appID) }
            #expect(failure == AttestFailure(.appIdentifier, "the RP ID hash is not SHA-256 of \(appID)"))
        }
    }

    @Test(arguments: samples)
    func otherKeyIDIsRefused(sample: Sample) async {
        var keyID = sample.keyIDBytes
        keyID[0] ^= 0x01
        let failure = await failure { () async throws(AttestFailure) in try await verify(sample, keyID: keyID) }
        #expect(failure?.step == .keyIdentifier)
    }

    @Test(arguments: samples)
    func aChangedChallengeIsRefusedAtTheNonceStep(sample: Sample) async {
        let other = Array(SHA256.hash(data: Array("another challenge".utf8)))
        let failure = await failure { () async throws(AttestFailure) in try await verify(sample, clientDataHash: other) }
        #expect(failure?.step == .nonce)
    }

    @Test(arguments: samples)
    func afterTheLeafsExpiryTheChainIsRefused(sample: Sample) async {
        let failure = await failure { () async throws(AttestFailure) in try await verify(sample, at: sample.expiredDate) }
        #expect(failure?.step == .certificateChain)
        let now = await self.failure { () async throws(AttestFailure) in try await verify(sample, at: Date()) }
        #expect(now?.step == .certificateChain)
    }

    @Test(arguments: samples)
    func aTamperedLeafCertificateIsRefused(sample: Sample) async throws {
        let object = try CBORReader.read(sample.bytes)
        var chain = try #require(certificates(in: object))
        chain[0][chain[0].count - 80] ^= 0x01  // inside the leaf's signed part
        let tampered = replacingChain(of: object, with: chain)
        let failure = await failure { () async throws(AttestFailure) in try await verify(sample, object: tampered) }
        #expect(failure?.step == .certificateChain)
    }

    @Test(arguments: samples)
    func aBrokenChainIsRefused(sample: Sample) async throws {
        let object = try CBORReader.read(sample.bytes)
        let chain = try #require(certificates(in: object))
        let other = sample.appID == AttestFixtures.appleSample.appID ? AttestFixtures.deviceSample : AttestFixtures.appleSample
        let otherLeaf = try #require(certificates(in: try CBORReader.read(other.bytes)))[0]
        for broken in [[chain[0], otherLeaf], [chain[0], chain[0]]] {
            let object = replacingChain(of: object, with: broken)
            let failure = await failure { () async throws(AttestFailure) in try await verify(sample, object: object) }
            #expect(failure?.step == .certificateChain)
        }
        let leafOnly = replacingChain(of: object, with: [chain[0]])
        let leafOnlyFailure = await failure { () async throws(AttestFailure) in try await verify(sample, object: leafOnly) }
        #expect(leafOnlyFailure == AttestFailure(.certificateChain, "x5c holds 1 item; an attestation's is a leaf and one intermediate certificate"))
        // The real chain with one certificate more is not Apple's shape either.
        let longer = replacingChain(of: object, with: chain + [chain[1]])
        let longerFailure = await failure { () async throws(AttestFailure) in try await verify(sample, object: longer) }
        #expect(longerFailure == AttestFailure(.certificateChain, "x5c holds 3 items; an attestation's is a leaf and one intermediate certificate"))
    }

    @Test func aNonZeroCounterIsRefused() async throws {
        let sample = AttestFixtures.appleSample
        let object = try CBORReader.read(sample.bytes)
        var authData = try #require(object["authData"]?.byteString)
        authData[36] = 1
        // The nonce covers the authenticator data, so the edited object fails there first.
        let edited = CBORWriter.write(object.setting("authData", to: .bytes(authData)))
        let failure = await failure { () async throws(AttestFailure) in try await verify(sample, object: edited) }
        #expect(failure?.step == .nonce)
    }

    @Test func notAnAttestationObjectIsAFormatFailure() async {
        for object: [UInt8] in [[], [0xa0], CBORWriter.write(.map([CBORPair(key: .text("fmt"), value: .text("packed"))]))] {
            let failure = await failure { () async throws(AttestFailure) in
                try await verify(AttestFixtures.appleSample, object: object)
            }
            #expect(failure?.step == .format)
        }
    }

    @Test func thePinnedRootIsApplesAppAttestationRootCA() {
        let root = AppAttestRoot.certificate
        #expect(root.subject.description.contains("CN=Apple App Attestation Root CA"))
        #expect(AppAttestRoot.sha256Fingerprint.hasPrefix("1cb9823b"))
    }

    private func certificates(in object: CBORValue) -> [[UInt8]]? {
        guard case .array(let items)? = object["attStmt"]?["x5c"] else { return nil }
        return items.compactMap(\.byteString)
    }

    private func replacingChain(of object: CBORValue, with chain: [[UInt8]]) -> [UInt8] {
        let statement = object["attStmt"]!.setting("x5c", to: .array(chain.map { .bytes($0) }))
        return CBORWriter.write(object.setting("attStmt", to: statement))
    }
}
