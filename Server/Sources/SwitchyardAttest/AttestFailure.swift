public import Switchyard

/// Why an attestation or an assertion was refused: the step of Apple's validation that failed, and
/// what was wrong there.
public struct AttestFailure: CodedError, Equatable {
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
        /// The app's stated validation category or bundle version is not one the operator allows
        /// (``AppAttestPolicy``).
        case policy
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

    /// The step's code: its name in snake_case (`certificate_chain` for ``Step/certificateChain``).
    public var code: Code {
        switch step {
        case .format: .format
        case .certificateChain: .certificateChain
        case .nonce: .nonce
        case .keyIdentifier: .keyIdentifier
        case .appIdentifier: .appIdentifier
        case .counter: .counter
        case .environment: .environment
        case .signature: .signature
        case .policy: .policy
        }
    }

    /// `step: detail`, the form the `attest verify` command prints and the service answers.
    public var message: String { "\(step.rawValue): \(detail)" }
}

/// The step of an attestation or assertion that failed.
extension ErrorCode<AttestFailure> {
    /// ``AttestFailure/Step/format``.
    public static var format: Self { Self(rawValue: "format") }
    /// ``AttestFailure/Step/certificateChain``.
    public static var certificateChain: Self { Self(rawValue: "certificate_chain") }
    /// ``AttestFailure/Step/nonce``.
    public static var nonce: Self { Self(rawValue: "nonce") }
    /// ``AttestFailure/Step/keyIdentifier``.
    public static var keyIdentifier: Self { Self(rawValue: "key_id") }
    /// ``AttestFailure/Step/appIdentifier``.
    public static var appIdentifier: Self { Self(rawValue: "app_id") }
    /// ``AttestFailure/Step/counter``.
    public static var counter: Self { Self(rawValue: "counter") }
    /// ``AttestFailure/Step/environment``.
    public static var environment: Self { Self(rawValue: "environment") }
    /// ``AttestFailure/Step/signature``.
    public static var signature: Self { Self(rawValue: "signature") }
    /// ``AttestFailure/Step/policy``.
    public static var policy: Self { Self(rawValue: "policy") }
}
