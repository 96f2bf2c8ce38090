public import Switchyard

/// What an operator accepts of the running app, from what current iOS states in attestations and
/// assertions (``AppleExtensions``): the validation categories allowed (an App Store build only, or
/// TestFlight and development too) and a minimum bundle version.
///
/// An attestation or assertion that states neither (older iOS writes no extensions) passes: the
/// statement cannot be forged (Apple's certificate or the attested key signs it), so only its
/// absence is let through.
///
/// ```swift
/// let policy = AppAttestPolicy(allowedCategories: [.appStore, .testFlight], minimumBundleVersion: DottedVersion("120"))
/// try policy.check(key.validationCategory, bundleVersion: key.bundleVersion)
/// ```
public struct AppAttestPolicy: Sendable, Equatable {
    /// The categories allowed; nil for any.
    public var allowedCategories: Set<ValidationCategory>?
    /// The lowest bundle version allowed; nil for any.
    public var minimumBundleVersion: DottedVersion?

    /// A policy; without arguments, one that allows everything.
    public init(allowedCategories: Set<ValidationCategory>? = nil, minimumBundleVersion: DottedVersion? = nil) {
        self.allowedCategories = allowedCategories
        self.minimumBundleVersion = minimumBundleVersion
    }

    /// Whether the policy allows everything.
    public var allowsEverything: Bool { allowedCategories == nil && minimumBundleVersion == nil }

    /// Refuses a stated category outside ``allowedCategories`` or a stated bundle version below
    /// ``minimumBundleVersion`` (or not a dotted version, when a minimum is set).
    /// - Throws: ``AttestFailure`` at the `policy` step, naming what was stated and what is allowed.
    public func check(_ category: ValidationCategory?, bundleVersion: String?) throws(AttestFailure) {
        if let allowed = allowedCategories, let category, !allowed.contains(category) {
            let names = allowed.map(\.description).sorted().joined(separator: ", ")
            throw AttestFailure(.policy, "the app's validation category is \(category); this service accepts \(names)")
        }
        if let minimum = minimumBundleVersion, let bundleVersion {
            guard let version = DottedVersion(bundleVersion) else {
                throw AttestFailure(.policy, "the app's bundle version '\(bundleVersion)' is not a dotted version; the minimum is \(minimum)")
            }
            guard version >= minimum else {
                throw AttestFailure(.policy, "the app's bundle version is \(bundleVersion), below the minimum \(minimum)")
            }
        }
    }
}
