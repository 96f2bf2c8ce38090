/// A key that passed attestation: what the service keeps to verify the install's assertions.
public struct AttestedKey: Sendable, Equatable {
    /// The key id: SHA-256 of ``publicKey``.
    public let keyID: [UInt8]
    /// The P-256 public key, ANSI X9.63 uncompressed (65 bytes).
    public let publicKey: [UInt8]
    /// The environment the key came from.
    public let environment: AppAttestEnvironment
    /// Apple's receipt from the attestation statement (for fraud-metric requests), or empty.
    public let receipt: [UInt8]

    /// A key as attested.
    public init(keyID: [UInt8], publicKey: [UInt8], environment: AppAttestEnvironment, receipt: [UInt8]) {
        self.keyID = keyID
        self.publicKey = publicKey
        self.environment = environment
        self.receipt = receipt
    }
}
