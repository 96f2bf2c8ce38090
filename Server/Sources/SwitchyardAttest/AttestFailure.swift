/// Why an attestation or an assertion was refused: the step of Apple's validation that failed, and
/// what was wrong there.
public struct AttestFailure: Error, Equatable, CustomStringConvertible {
    /// The checks of Apple's "Attestation Object Validation Guide" and of assertion verification,
    /// by name.
    public enum Step: String, Sendable, CaseIterable {
        /// The object is not the CBOR, authenticator data or COSE key it should be.
        case format
        /// The certificate chain does not lead to Apple's App Attestation Root CA at the given time.
        case certificateChain = "certificate-chain"
        /// The leaf's nonce extension is not SHA-256 of authenticator data and client data hash.
        case nonce
        /// The key id is not SHA-256 of the leaf's public key, or not the credential id.
        case keyIdentifier = "key-id"
        /// The RP ID hash is not SHA-256 of the app id.
        case appIdentifier = "app-id"
        /// The counter is not zero (attestation) or did not grow (assertion).
        case counter
        /// The AAGUID names another environment than the one the app is configured for.
        case environment
        /// The assertion's signature does not verify with the attested key.
        case signature
    }

    /// The step that failed.
    public let step: Step
    /// What was wrong, in words.
    public let detail: String

    /// A failure of `step`, with what was wrong.
    public init(_ step: Step, _ detail: String) {
        self.step = step
        self.detail = detail
    }

    /// `step: detail`, the form the `attest verify` command prints.
    public var description: String { "\(step.rawValue): \(detail)" }
}
