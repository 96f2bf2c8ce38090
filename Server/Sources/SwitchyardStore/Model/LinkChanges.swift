public import SwitchyardRules

/// What an update changes of a live link (`PATCH /api/v1/links/{code}`); a field left nil is
/// kept as it is.
///
/// ```swift
/// // Ask an attested install of this link's redeems, and keep its fallbacks.
/// try await store.update(code: "spring", team: "shop", changes: LinkChanges(installProof: .some(.attested)))
/// ```
public struct LinkChanges: Sendable, Hashable {
    /// The new iOS, Android and web fallbacks (the iPad and App Store ones stay).
    public var fallbacks: SmartLink.Fallbacks?
    /// The new install proof: `.some(nil)` returns the link to the service's default.
    public var installProof: InstallProof??
    /// The new endpoints the proof applies to: `.some(nil)` returns the link to the redeem only.
    public var installProofFor: [InstallProofAction]??
    /// The new password hash: `.some(nil)` removes the password.
    public var passwordHash: String?? = nil
    /// The new redirect rules: `.some(nil)` (or an empty list) removes them.
    public var rules: [RedirectRule]?? = nil
    /// The new A/B test: `.some(nil)` removes it.
    public var variants: LinkVariants?? = nil

    /// Changes to make; nothing by default.
    public init(fallbacks: SmartLink.Fallbacks? = nil, installProof: InstallProof?? = nil,
                installProofFor: [InstallProofAction]?? = nil) {
        self.fallbacks = fallbacks
        self.installProof = installProof
        self.installProofFor = installProofFor
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { fallbacks == nil && installProof == nil && installProofFor == nil && passwordHash == nil && rules == nil && variants == nil }
}
