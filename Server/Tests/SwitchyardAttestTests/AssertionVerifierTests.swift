import Crypto
import Foundation
import SwitchyardAttest
import Testing

@Suite struct AssertionVerifierTests {
    static let appID = "TEAMID1234.com.example.shop"

    /// An assertion built as a device builds one: authenticator data (RP ID hash, flags, counter),
    /// then an ECDSA P-256 signature over SHA-256 of authenticator data and client data hash.
    static func assertion(
        key: P256.Signing.PrivateKey, counter: UInt32, clientDataHash: [UInt8], appID: String = appID
    ) throws -> [UInt8] {
        let authData = Array(SHA256.hash(data: Array(appID.utf8))) + [0x00]
            + (0..<4).reversed().map { UInt8(truncatingIfNeeded: counter >> (8 * UInt32($0))) }
        let nonce = Data(SHA256.hash(data: authData + clientDataHash))
        let signature = try key.signature(for: nonce).derRepresentation
        return CBORWriter.write(.map([
            CBORPair(key: .text("signature"), value: .bytes(Array(signature))),
            CBORPair(key: .text("authenticatorData"), value: .bytes(authData)),
        ]))
    }

    let key = P256.Signing.PrivateKey()
    let request = Array(SHA256.hash(data: Array(#"{"install":"i-1","link":"abc"}"#.utf8)))
    var publicKey: [UInt8] { Array(key.publicKey.x963Representation) }

    func verify(_ assertion: [UInt8], hash: [UInt8]? = nil, previous: UInt32) throws(AttestFailure) -> UInt32 {
        try AssertionVerifier(appID: Self.appID).verify(
            assertion, clientDataHash: hash ?? request, publicKey: publicKey, previousCounter: previous)
    }

    @Test func anAssertionWithAGrowingCounterVerifiesAndReturnsItsCounter() throws {
        #expect(try verify(Self.assertion(key: key, counter: 1, clientDataHash: request), previous: 0) == 1)
        #expect(try verify(Self.assertion(key: key, counter: 7, clientDataHash: request), previous: 1) == 7)
    }

    @Test func aReplayedAssertionIsRefused() throws {
        let assertion = try Self.assertion(key: key, counter: 3, clientDataHash: request)
        let counter = try verify(assertion, previous: 2)
        #expect(throws: AttestFailure(.counter, "the counter 3 is not above 3: a replayed assertion")) {
            try verify(assertion, previous: counter)
        }
    }

    @Test func aLoweredCounterIsRefused() throws {
        let assertion = try Self.assertion(key: key, counter: 4, clientDataHash: request)
        #expect(throws: AttestFailure(.counter, "the counter 4 is not above 9: a replayed assertion")) {
            try verify(assertion, previous: 9)
        }
    }

    @Test func aSignatureOverOtherDataIsRefused() throws {
        let other = Array(SHA256.hash(data: Array(#"{"install":"i-2","link":"abc"}"#.utf8)))
        let assertion = try Self.assertion(key: key, counter: 1, clientDataHash: other)
        #expect(throws: AttestFailure(.signature, "the signature does not verify over this request with the attested key")) {
            try verify(assertion, previous: 0)
        }
    }

    @Test func anotherKeysSignatureIsRefused() throws {
        let assertion = try Self.assertion(key: P256.Signing.PrivateKey(), counter: 1, clientDataHash: request)
        #expect(throws: AttestFailure(.signature, "the signature does not verify over this request with the attested key")) {
            try verify(assertion, previous: 0)
        }
    }

    @Test func anotherAppsAssertionIsRefused() throws {
        let assertion = try Self.assertion(key: key, counter: 1, clientDataHash: request, appID: "TEAMID1234.com.example.other")
        #expect(throws: AttestFailure(.appIdentifier, "the RP ID hash is not SHA-256 of \(Self.appID)")) {
            try verify(assertion, previous: 0)
        }
    }

    @Test func aMalformedAssertionIsAFormatFailure() {
        #expect(throws: AttestFailure(.format, "signature or authenticatorData is missing")) {
            try verify(CBORWriter.write(.map([])), previous: 0)
        }
        #expect(throws: AttestFailure(.format, "CBOR: input ends inside an item at byte 0")) {
            try verify([], previous: 0)
        }
    }

    /// A real device's first assertion after its attestation (counter 1), verified with the key the
    /// attestation gave, for the production and the development device.
    @Test(arguments: [(AttestFixtures.deviceSample, AttestFixtures.deviceAssertion),
                      (AttestFixtures.developmentSample, AttestFixtures.developmentAssertion)])
    func aRealDeviceAssertionVerifiesWithItsAttestedKey(sample: AttestFixtures.Sample, assertionText: String) async throws {
        let key = try await AttestationVerifier(appID: sample.appID, environment: sample.environment)
            .verify(sample.bytes, keyID: sample.keyIDBytes, clientDataHash: sample.clientDataHash, at: sample.validDate)
        let assertion = Array(Data(base64Encoded: assertionText.filter { !$0.isWhitespace })!)
        let verifier = AssertionVerifier(appID: sample.appID)
        let counter = try verifier.verify(
            assertion, clientDataHash: sample.clientDataHash, publicKey: key.publicKey, previousCounter: 0)
        #expect(counter == 1)
        #expect(throws: AttestFailure.self) {
            try verifier.verify(assertion, clientDataHash: sample.clientDataHash, publicKey: key.publicKey, previousCounter: counter)
        }
    }
}
