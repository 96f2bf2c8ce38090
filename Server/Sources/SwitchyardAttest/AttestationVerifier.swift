@_spi(FixedExpiryValidationTime) public import X509
import SwiftASN1
import Crypto
public import struct Foundation.Date

/// Verifies an App Attest attestation object as Apple's "Attestation Object Validation Guide" says.
///
/// ```swift
/// let verifier = AttestationVerifier(appID: "TEAMID.com.example.shop", environment: .production)
/// let key = try await verifier.verify(object, keyID: keyID, clientDataHash: hash, at: .now)
/// ```
public struct AttestationVerifier: Sendable {
    /// The app id the key must belong to: `TEAMID.bundle`.
    public var appID: String
    /// The environment the app's keys must come from.
    public var environment: AppAttestEnvironment
    /// The root every chain must end at: Apple's App Attestation Root CA.
    let root: Certificate

    /// A verifier for one app and environment.
    public init(appID: String, environment: AppAttestEnvironment) {
        self.init(appID: appID, environment: environment, root: AppAttestRoot.certificate)
    }

    /// A verifier whose chains end at another root: for tests that make their own attestations
    /// (a real attestation only ever chains to ``AppAttestRoot``).
    @_spi(AttestTesting) public init(appID: String, environment: AppAttestEnvironment, root: Certificate) {
        self.appID = appID
        self.environment = environment
        self.root = root
    }

    /// The most bytes one certificate of `x5c` may take: Apple's are under 1 KB.
    public static let maximumCertificateBytes = 4096

    /// The leaf extension that carries the nonce.
    static let nonceExtension: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 8, 2]

    /// Checks `object` (the attestation's CBOR bytes) in the guide's order and returns the attested key.
    /// - Parameters:
    ///   - keyID: the key id the device reported (SHA-256 of the key's public point).
    ///   - clientDataHash: SHA-256 of the one-time challenge (the device's `clientDataHash`).
    ///   - time: when to check the certificates' validity (leaf certificates live a few days).
    /// - Throws: ``AttestFailure`` naming the first step that failed.
    public func verify(
        _ object: [UInt8], keyID: [UInt8], clientDataHash: [UInt8], at time: Date
    ) async throws(AttestFailure) -> AttestedKey {
        let decoded: CBORValue
        do { decoded = try CBORReader.read(object) } catch { throw AttestFailure(.format, "\(error)") }
        guard decoded["fmt"]?.textString == "apple-appattest" else {
            throw AttestFailure(.format, "fmt is not apple-appattest")
        }
        guard let authDataBytes = decoded["authData"]?.byteString,
            case .array(let chain)? = decoded["attStmt"]?["x5c"]
        else {
            throw AttestFailure(.format, "authData or attStmt.x5c (leaf and intermediate) is missing")
        }
        // 1. The chain: Apple's shape only, a leaf (credCert) and one intermediate, the intermediate
        // issued by the pinned root. Anything else is refused before any signature is checked, so
        // one attestation costs at most two signature checks whatever x5c holds.
        let der = chain.compactMap(\.byteString)
        guard der.count == chain.count, der.count == 2 else {
            throw AttestFailure(.certificateChain, "x5c holds \(chain.count) item\(chain.count == 1 ? "" : "s"); an attestation's is a leaf and one intermediate certificate")
        }
        guard der.allSatisfy({ $0.count <= Self.maximumCertificateBytes }) else {
            throw AttestFailure(.certificateChain, "a certificate in x5c takes more than \(Self.maximumCertificateBytes) bytes")
        }
        let certificates: [Certificate]
        do { certificates = try der.map { try Certificate(derEncoded: $0) } } catch {
            throw AttestFailure(.certificateChain, "a certificate in x5c is not DER: \(error)")
        }
        let leaf = certificates[0]
        let intermediate = certificates[1]
        guard intermediate.issuer == root.subject, leaf.issuer == intermediate.subject else {
            throw AttestFailure(.certificateChain, "x5c is not a leaf issued by an intermediate of Apple's App Attestation Root CA")
        }
        var chainVerifier = Verifier(rootCertificates: CertificateStore([root])) {
            RFC5280Policy(fixedExpiryValidationTime: time)
        }
        let result = await chainVerifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate]))
        guard case .validCertificate = result else {
            throw AttestFailure(
                .certificateChain, "the chain does not lead to Apple's App Attestation Root CA at \(time)")
        }
        // 2-4. The nonce: SHA-256 of authenticator data and client data hash, in the leaf's extension.
        let nonce = Array(SHA256.hash(data: authDataBytes + clientDataHash))
        guard let stated = try? Self.nonce(in: leaf), stated == nonce else {
            throw AttestFailure(.nonce, "the leaf's nonce is not SHA-256 of authenticator data and client data hash")
        }
        // 5. The key id is SHA-256 of the leaf's public key.
        guard let publicKey = P256.Signing.PublicKey(leaf.publicKey) else {
            throw AttestFailure(.keyIdentifier, "the leaf's key is not a P-256 key")
        }
        let point = Array(publicKey.x963Representation)
        guard Array(SHA256.hash(data: point)) == keyID else {
            throw AttestFailure(.keyIdentifier, "the key id is not SHA-256 of the leaf's public key")
        }
        let authData = try AuthenticatorData(authDataBytes, withCredential: true)
        // 6. The RP ID hash is SHA-256 of the app id.
        guard authData.rpIDHash == Array(SHA256.hash(data: Array(appID.utf8))) else {
            throw AttestFailure(.appIdentifier, "the RP ID hash is not SHA-256 of \(appID)")
        }
        // 7. The counter is zero.
        guard authData.counter == 0 else {
            throw AttestFailure(.counter, "the counter is \(authData.counter), not 0")
        }
        guard let credential = authData.credential else {
            throw AttestFailure(.format, "the authenticator data has no attested credential")
        }
        // 8. The AAGUID names the configured environment.
        guard credential.aaguid == environment.aaguid else {
            let found = AppAttestEnvironment(aaguid: credential.aaguid).map(\.rawValue) ?? "an unknown AAGUID"
            throw AttestFailure(.environment, "the key is from \(found), the app expects \(environment.rawValue)")
        }
        // 9. The credential id is the key id.
        guard credential.credentialID == keyID else {
            throw AttestFailure(.keyIdentifier, "the credential id is not the key id")
        }
        return AttestedKey(
            keyID: keyID, publicKey: point, environment: environment,
            receipt: decoded["attStmt"]?["receipt"]?.byteString ?? [],
            validationCategory: authData.extensions?.validationCategory, bundleVersion: authData.extensions?.bundleVersion)
    }

    /// The 32 bytes of the nonce extension: SEQUENCE { [1] EXPLICIT OCTET STRING }.
    static func nonce(in leaf: Certificate) throws -> [UInt8]? {
        guard let value = leaf.extensions[oid: nonceExtension]?.value else { return nil }
        let root = try DER.parse(value)
        guard case .constructed(let outer) = root.content,
            let tagged = outer.first(where: { $0.identifier == ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific) }),
            case .constructed(let inner) = tagged.content,
            let octets = inner.first(where: { $0.identifier == .octetString }),
            case .primitive(let bytes) = octets.content
        else { return nil }
        return Array(bytes)
    }
}
