import Crypto
import Foundation
import SwitchyardStore

/// App Attest material for the service's tests: a real device attestation, and keys the tests
/// make themselves to sign assertions as a device would.
enum AttestSupport {
    /// A real device's attestation (`Tests/Fixtures/AppAttest`, whose README names its source): app
    /// 8YE23NZS57.com.kayak.travel, production, made over the challenge `1234567890abcdefgh`
    /// (client data hash: its SHA-256, as the service's challenges are used). Its leaf is valid
    /// 2020-09-27T20:28:18Z to 2020-09-30T20:28:18Z.
    static let deviceAppID = "8YE23NZS57.com.kayak.travel"
    static let deviceKeyID = "VnfqjSp0rWyyqNhrfh+9/IhLIvXuYTPAmJEVQwl4dko="
    static let deviceChallenge = "1234567890abcdefgh"
    static let deviceValidAt = Date(timeIntervalSince1970: 1_601_251_200)  // 2020-09-28T00:00:00Z
    static let deviceAttestation: String = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/AppAttest/device-sample.attestation.b64")
        return ((try? String(contentsOf: file, encoding: .utf8)) ?? "").filter { !$0.isWhitespace }
    }()

    /// A key the test keeps as an install's attested key (stored as `POST /api/v1/attest` stores one).
    struct DeviceKey: Sendable {
        /// The private key's raw bytes (the key type itself is not `Sendable`).
        private let secret = P256.Signing.PrivateKey().rawRepresentation
        let appID: String

        init(appID: String) { self.appID = appID }

        private var key: P256.Signing.PrivateKey { try! P256.Signing.PrivateKey(rawRepresentation: secret) }

        var keyID: String { Data(SHA256.hash(data: key.publicKey.x963Representation)).base64EncodedString() }

        func record(install: String, at date: Date) -> AttestKeyRecord {
            AttestKeyRecord(keyID: keyID, install: install, appID: appID, publicKey: Array(key.publicKey.x963Representation),
                            attestedAt: date)
        }

        /// An assertion over `clientData` with `counter`, as DCAppAttestService makes one: authenticator
        /// data (RP ID hash, flags, counter), signed with ECDSA P-256 over SHA-256 of authenticator data
        /// and SHA-256 of the client data; CBOR `{"signature": bytes, "authenticatorData": bytes}`, base64.
        func assertion(over clientData: String, counter: UInt32) throws -> String {
            let authData = Array(SHA256.hash(data: Array(appID.utf8))) + [0x00]
                + (0..<4).reversed().map { UInt8(truncatingIfNeeded: counter >> (8 * UInt32($0))) }
            let clientDataHash = Array(SHA256.hash(data: Array(clientData.utf8)))
            let signature = Array(try key.signature(for: Data(SHA256.hash(data: authData + clientDataHash))).derRepresentation)
            let cbor: [UInt8] = [0xa2] + text("signature") + bytes(signature) + text("authenticatorData") + bytes(authData)
            return Data(cbor).base64EncodedString()
        }

        private func text(_ string: String) -> [UInt8] { [0x60 | UInt8(string.utf8.count)] + Array(string.utf8) }
        private func bytes(_ value: [UInt8]) -> [UInt8] { [0x58, UInt8(value.count)] + value }
    }
}
