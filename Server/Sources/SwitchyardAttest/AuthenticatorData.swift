/// The authenticator data of an attestation or assertion (WebAuthn's layout): RP ID hash, flags,
/// counter, in an attestation the attested credential (AAGUID, credential id, COSE key), and
/// Apple's extension map after them (``AppleExtensions``), which current iOS writes with the
/// extension-data flag clear or set.
public struct AuthenticatorData: Sendable, Equatable {
    /// SHA-256 of the app id (`TEAMID.bundle`).
    public let rpIDHash: [UInt8]
    /// The flags byte.
    public let flags: UInt8
    /// The signature counter (zero in an attestation).
    public let counter: UInt32
    /// The attested credential, present in an attestation only.
    public let credential: AttestedCredential?
    /// Apple's extensions after the credential (attestation) or the 37 fixed bytes (assertion);
    /// nil when none follow.
    public let extensions: AppleExtensions?

    /// The flag that says extension data follows (WebAuthn's ED).
    public static let extensionDataFlag: UInt8 = 0x80

    /// The attested credential data.
    public struct AttestedCredential: Sendable, Equatable {
        /// The AAGUID: which App Attest environment made the key.
        public let aaguid: [UInt8]
        /// The credential id (the key id).
        public let credentialID: [UInt8]
        /// The credential's public key as a COSE key.
        public let publicKey: CBORValue
    }

    /// Reads authenticator data, and with `withCredential` the attested credential after it (an
    /// attestation's; an assertion's has none, whatever its flags), then Apple's extension map if
    /// any bytes follow, whether or not the extension-data flag is set.
    /// - Throws: ``AttestFailure`` at the `format` step when the bytes are short, the AT flag (0x40)
    ///   is missing where a credential is expected, the key is not CBOR, the extension-data flag is
    ///   set with nothing after, or what follows is not a well-formed map (``AppleExtensions``).
    public init(_ bytes: [UInt8], withCredential: Bool) throws(AttestFailure) {
        guard bytes.count >= 37 else {
            throw AttestFailure(.format, "authenticator data has \(bytes.count) bytes, fewer than 37")
        }
        rpIDHash = Array(bytes[0..<32])
        flags = bytes[32]
        counter = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var end = 37
        if withCredential {
            guard flags & 0x40 != 0 else {
                throw AttestFailure(.format, "the authenticator data has no attested credential (flag 0x40)")
            }
            guard bytes.count >= 55 else {
                throw AttestFailure(.format, "attested credential data is cut short")
            }
            let length = Int(bytes[53]) << 8 | Int(bytes[54])
            guard bytes.count >= 55 + length else {
                throw AttestFailure(.format, "the credential id runs past the authenticator data")
            }
            let key: (value: CBORValue, length: Int)
            do {
                key = try CBORReader.readPrefix(bytes[(55 + length)...])
            } catch {
                throw AttestFailure(.format, "the credential public key: \(error)")
            }
            credential = AttestedCredential(
                aaguid: Array(bytes[37..<53]), credentialID: Array(bytes[55..<(55 + length)]), publicKey: key.value)
            end = 55 + length + key.length
        } else {
            credential = nil
        }
        if end < bytes.count {
            extensions = try AppleExtensions(bytes[end...])
        } else if flags & Self.extensionDataFlag != 0 {
            throw AttestFailure(.format, "the extension-data flag (0x80) is set but no extensions follow")
        } else {
            extensions = nil
        }
    }
}
