public import Crypto
public import Foundation
import SwiftASN1
@_spi(AttestTesting) public import SwitchyardAttest
public import X509

/// App Attest objects made the way a device and Apple's CA make them, under a root of the test's
/// own: a P-384 root, an intermediate it issues, and a leaf holding the install's P-256 key with
/// the nonce extension over the authenticator data and the client data hash. A verifier given
/// ``root`` checks them step by step as it checks Apple's.
public struct SyntheticAttestation: Sendable {
    /// The test's root CA (give it to ``AttestationVerifier`` or the service's settings).
    public let root: Certificate
    /// When the certificates are valid: an hour before and a day after this instant.
    public let now: Date
    private let rootKey: Data
    private let intermediateKey: Data
    /// The intermediate's certificate.
    public let intermediate: Certificate
    /// The environment whose AAGUID the objects carry.
    public var environment: AppAttestEnvironment = .production

    /// A root and an intermediate (named `intermediateName`) valid around `now`.
    public init(now: Date = Date(), intermediateName: String = "Synthetic App Attestation CA 1") throws {
        self.now = now
        let rootKey = P384.Signing.PrivateKey()
        let intermediateKey = P384.Signing.PrivateKey()
        self.rootKey = rootKey.rawRepresentation
        self.intermediateKey = intermediateKey.rawRepresentation
        let rootName = try DistinguishedName { CommonName("Synthetic App Attestation Root CA") }
        let intermediateName = try DistinguishedName { CommonName(intermediateName) }
        root = try Self.certificate(subject: rootName, key: .init(rootKey.publicKey), issuer: rootName,
                                    issuerKey: .init(rootKey), authority: true, now: now)
        intermediate = try Self.certificate(subject: intermediateName, key: .init(intermediateKey.publicKey), issuer: rootName,
                                            issuerKey: .init(rootKey), authority: true, now: now)
    }

    /// One certificate, ECDSA-signed by `issuerKey`.
    public static func certificate(subject: DistinguishedName, key: Certificate.PublicKey, issuer: DistinguishedName,
                                   issuerKey: Certificate.PrivateKey, authority: Bool, now: Date,
                                   extra: [Certificate.Extension] = []) throws -> Certificate {
        let extensions = try Certificate.Extensions {
            if authority {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true))
            } else {
                Critical(KeyUsage(digitalSignature: true))
            }
            for item in extra { item }
        }
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(86_400),
            issuer: issuer, subject: subject, signatureAlgorithm: .ecdsaWithSHA384, extensions: extensions,
            issuerPrivateKey: issuerKey)
    }

    /// An install's key and what it attests.
    public struct Made: Sendable {
        /// The attestation object's CBOR bytes.
        public let object: [UInt8]
        /// The key id (SHA-256 of the public point).
        public let keyID: [UInt8]
        /// The attested key's private bytes (P-256 raw), to sign assertions with.
        public let privateKey: Data
        /// An object, its key id and the key's private bytes.
        public init(object: [UInt8], keyID: [UInt8], privateKey: Data) {
            self.object = object
            self.keyID = keyID
            self.privateKey = privateKey
        }

        /// The attested key's public point (X9.63).
        public var publicKey: [UInt8] { Array(try! P256.Signing.PrivateKey(rawRepresentation: privateKey).publicKey.x963Representation) }
    }

    /// An attestation of a new key for `appID` over `clientDataHash`: `extensions` (a CBOR map's
    /// bytes, or nil) after the credential's public key, with the extension-data flag set or clear.
    public func attest(appID: String, clientDataHash: [UInt8], extensions: [UInt8]? = nil, flagExtensions: Bool = false,
                       counter: UInt32 = 0) throws -> Made {
        let key = P256.Signing.PrivateKey()
        let point = Array(key.publicKey.x963Representation)
        let keyID = Array(SHA256.hash(data: point))
        var authData = Array(SHA256.hash(data: Array(appID.utf8)))
        authData.append(0x40 | (flagExtensions ? 0x80 : 0))
        authData += Self.bigEndian(counter)
        authData += environment.aaguid
        authData += [0, UInt8(keyID.count)] + keyID
        authData += Self.coseKey(point)
        authData += extensions ?? []
        let nonce = Array(SHA256.hash(data: authData + clientDataHash))
        let leafName = try DistinguishedName { CommonName(keyID.map { String(format: "%02x", $0) }.joined()) }
        let leaf = try Self.certificate(
            subject: leafName, key: .init(key.publicKey), issuer: intermediate.subject,
            issuerKey: .init(try P384.Signing.PrivateKey(rawRepresentation: intermediateKey)), authority: false, now: now,
            extra: [Certificate.Extension(oid: [1, 2, 840, 113635, 100, 8, 2], critical: false, value: Self.nonceExtension(nonce)[...])])
        let object = Self.attestationObject(authData: authData, chain: [Self.der(leaf), Self.der(intermediate)])
        return Made(object: object, keyID: keyID, privateKey: key.rawRepresentation)
    }

    /// An assertion with `key` over `clientDataHash`: the 37 fixed bytes, then `extensions` (a
    /// CBOR map's bytes, or nil), with the extension-data flag set or clear.
    public static func assert(with privateKey: Data, appID: String, clientDataHash: [UInt8], counter: UInt32,
                              extensions: [UInt8]? = nil, flagExtensions: Bool = false) throws -> [UInt8] {
        let key = try P256.Signing.PrivateKey(rawRepresentation: privateKey)
        var authData = Array(SHA256.hash(data: Array(appID.utf8)))
        authData.append(flagExtensions ? 0x80 : 0)
        authData += bigEndian(counter)
        authData += extensions ?? []
        let signature = Array(try key.signature(for: Data(SHA256.hash(data: authData + clientDataHash))).derRepresentation)
        return [0xa2] + text("signature") + bytes(signature) + text("authenticatorData") + bytes(authData)
    }

    /// Apple's extension map as current iOS writes it: the category as four bytes little-endian,
    /// the bundle version as text. `categoryAsInteger` writes the category as an unsigned integer.
    public static func appleExtensions(category: UInt32?, bundleVersion: String?, categoryAsInteger: Bool = false) -> [UInt8] {
        var entries: [[UInt8]] = []
        if let category {
            let value = categoryAsInteger ? unsigned(UInt64(category))
                : bytes((0..<4).map { UInt8(truncatingIfNeeded: category >> (8 * UInt32($0))) })
            entries.append(text("apple_validation_category_01") + value)
        }
        if let bundleVersion { entries.append(text("apple_bundle_version_01") + text(bundleVersion)) }
        return head(5, UInt64(entries.count)) + entries.flatMap { $0 }
    }

    /// The attestation object: `{"fmt": "apple-appattest", "attStmt": {"x5c": [...], "receipt": h''}, "authData": ...}`.
    public static func attestationObject(authData: [UInt8], chain: [[UInt8]]) -> [UInt8] {
        head(5, 3) + text("fmt") + text("apple-appattest")
            + text("attStmt") + head(5, 2) + text("x5c") + head(4, UInt64(chain.count)) + chain.flatMap(bytes)
            + text("receipt") + bytes([])
            + text("authData") + bytes(authData)
    }

    /// A certificate's DER bytes.
    public static func der(_ certificate: Certificate) -> [UInt8] {
        var serializer = DER.Serializer()
        try! serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    /// The nonce extension's value: SEQUENCE { [1] EXPLICIT OCTET STRING nonce }.
    static func nonceExtension(_ nonce: [UInt8]) -> [UInt8] {
        let octets: [UInt8] = [0x04, UInt8(nonce.count)] + nonce
        let tagged: [UInt8] = [0xa1, UInt8(octets.count)] + octets
        return [0x30, UInt8(tagged.count)] + tagged
    }

    /// The COSE key of a P-256 point: {1: 2, 3: -7, -1: 1, -2: x, -3: y}.
    static func coseKey(_ point: [UInt8]) -> [UInt8] {
        head(5, 5) + [0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21] + bytes(Array(point[1...32])) + [0x22] + bytes(Array(point[33...64]))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) } }
    static func text(_ string: String) -> [UInt8] { head(3, UInt64(string.utf8.count)) + Array(string.utf8) }
    static func bytes(_ value: [UInt8]) -> [UInt8] { head(2, UInt64(value.count)) + value }
    static func unsigned(_ value: UInt64) -> [UInt8] { head(0, value) }

    static func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        let top = major << 5
        switch argument {
        case 0..<24: return [top | UInt8(argument)]
        case 24...0xff: return [top | 24, UInt8(argument)]
        case 0x100...0xffff: return [top | 25, UInt8(argument >> 8), UInt8(truncatingIfNeeded: argument)]
        default: return [top | 26] + bigEndian(UInt32(truncatingIfNeeded: argument))
        }
    }
}

extension SyntheticAttestation {
    /// The chain search that once cost minutes: `n` keys and `n`² certificates all named `CN=X`,
    /// certificate (i, j) holding key j and signed by key i, and a leaf issued by `CN=X` over
    /// `clientDataHash`, in one attestation object for `appID`.
    public func mesh(_ n: Int, appID: String, clientDataHash: [UInt8]) throws -> (object: [UInt8], keyID: [UInt8]) {
        let keys = (0..<n).map { _ in P256.Signing.PrivateKey() }
        let name = try DistinguishedName { CommonName("X") }
        var chain: [[UInt8]] = []
        for i in 0..<n {
            for j in 0..<n {
                chain.append(Self.der(try Self.certificate(subject: name, key: .init(keys[j].publicKey), issuer: name,
                                                           issuerKey: .init(keys[i]), authority: true, now: now)))
            }
        }
        let made = try attest(appID: appID, clientDataHash: clientDataHash)
        let leafKey = try P256.Signing.PrivateKey(rawRepresentation: made.privateKey)
        let leaf = try Self.certificate(subject: try DistinguishedName { CommonName("leaf") }, key: .init(leafKey.publicKey),
                                        issuer: name, issuerKey: .init(keys[0]), authority: false, now: now)
        let decoded = try CBORReader.read(made.object)
        let authData = decoded["authData"]?.byteString ?? []
        return (Self.attestationObject(authData: authData, chain: [Self.der(leaf)] + chain), made.keyID)
    }
}
