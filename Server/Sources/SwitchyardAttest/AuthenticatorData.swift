/// The authenticator data of an attestation or assertion (WebAuthn's layout): RP ID hash, flags,
/// counter, and, in an attestation, the attested credential (AAGUID, credential id, COSE key).
public struct AuthenticatorData: Sendable, Equatable {
    /// SHA-256 of the app id (`TEAMID.bundle`).
    public let rpIDHash: [UInt8]
    /// The flags byte.
    public let flags: UInt8
    /// The signature counter (zero in an attestation).
    public let counter: UInt32
    /// The attested credential, present in an attestation only.
    public let credential: AttestedCredential?

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
    /// attestation's; an assertion's authenticator data is the first 37 bytes only, whatever its flags).
    /// - Throws: ``AttestFailure`` at the `format` step when the bytes are short, the AT flag (0x40)
    ///   is missing where a credential is expected, or the key is not CBOR.
    public init(_ bytes: [UInt8], withCredential: Bool) throws(AttestFailure) {
        guard bytes.count >= 37 else {
            throw AttestFailure(.format, "authenticator data has \(bytes.count) bytes, fewer than 37")
        }
        rpIDHash = Array(bytes[0..<32])
        flags = bytes[32]
        counter = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        guard withCredential else {
            credential = nil
            return
        }
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
        let key: CBORValue
        do {
            key = try CBORReader.read(Array(bytes[(55 + length)...]))
        } catch {
            throw AttestFailure(.format, "the credential public key: \(error)")
        }
        credential = AttestedCredential(
            aaguid: Array(bytes[37..<53]), credentialID: Array(bytes[55..<(55 + length)]), publicKey: key)
    }
}
