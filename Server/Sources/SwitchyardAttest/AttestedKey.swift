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
    /// How the attesting app was signed (App Store, TestFlight, development...), when the
    /// attestation says (`apple_validation_category_01`; current iOS does).
    public let validationCategory: ValidationCategory?
    /// The attesting app's bundle version, when the attestation says (`apple_bundle_version_01`).
    public let bundleVersion: String?

    /// A key as attested.
    public init(keyID: [UInt8], publicKey: [UInt8], environment: AppAttestEnvironment, receipt: [UInt8],
                validationCategory: ValidationCategory? = nil, bundleVersion: String? = nil) {
        self.keyID = keyID
        self.publicKey = publicKey
        self.environment = environment
        self.receipt = receipt
        self.validationCategory = validationCategory
        self.bundleVersion = bundleVersion
    }
}
