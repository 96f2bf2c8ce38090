public import Foundation

/// An install's App Attest key as stored: what verifies its assertions, and the highest counter
/// accepted so far (an assertion must carry a higher one).
public struct AttestKeyRecord: Sendable, Hashable {
    /// The key id (SHA-256 of the public key), standard base64.
    public var keyID: String
    /// The install the key belongs to.
    public var install: String
    /// The app id the key was attested for (`TEAMID.bundle`).
    public var appID: String
    /// The P-256 public key, X9.63 uncompressed.
    public var publicKey: [UInt8]
    /// The highest assertion counter accepted (0 right after attestation).
    public var counter: Int64
    /// When the key was attested.
    public var attestedAt: Date

    /// A stored key.
    public init(keyID: String, install: String, appID: String, publicKey: [UInt8], counter: Int64 = 0, attestedAt: Date) {
        self.keyID = keyID
        self.install = install
        self.appID = appID
        self.publicKey = publicKey
        self.counter = counter
        self.attestedAt = attestedAt
    }
}
