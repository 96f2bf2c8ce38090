import Switchyard
import SwitchyardStore

/// The body of `PATCH /api/v1/links/{code}` (the `UpdateLink` schema): the link's new fallbacks,
/// which replace the old ones, its install proof (null: back to the service's default) and the
/// endpoints that proof applies to (null: the redeem only).
/// Fields left out are kept; at least one is required.
struct UpdateLinkRequest: Codable, Sendable, Hashable {
    /// The new fallbacks, or nil to keep them.
    var fallbacks: FallbackURLs?
    /// The new install proof: nil keeps it, `.some(nil)` returns it to the service's default.
    var installProof: InstallProof??
    /// The new endpoints of the proof: nil keeps them, `.some(nil)` returns them to the redeem only.
    var installProofFor: [InstallProofAction]??
    /// The new password: nil keeps it, `.some(nil)` removes it.
    var password: String?? = nil
    /// The new redirect rules as the body gives them: nil keeps them, `.some(.null)` (or `[]`) removes them.
    var rules: JSONValue? = nil
    /// The new A/B test as the body gives it: nil keeps it, `.some(.null)` removes it.
    var variants: JSONValue? = nil

    /// Creates a body.
    init(fallbacks: FallbackURLs? = nil, installProof: InstallProof?? = nil, installProofFor: [InstallProofAction]?? = nil) {
        self.fallbacks = fallbacks
        self.installProof = installProof
        self.installProofFor = installProofFor
    }

    /// An empty body, which sets nothing.
    init() {}
}

extension UpdateLinkRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "UpdateLink"

    /// Read with the API's messages (`unknown field 'x'`, `'installProof' must be "attested",
    /// "none" or null, got 'x'`); a member set to null is kept apart from one left out. The
    /// fallbacks' lengths are checked by ``validate()``.
    static let requestFields: [BodyField<Self>] = [
        .nested("fallbacks", \.fallbacks, fallbacksSchema),
        BodyField("installProof", \.installProof, JSONSchema.string(
            "What an install must prove before it spends a redemption: an App Attest assertion (attested) or nothing (none); "
                + "null returns the link to the service's default (--install-proof for a redeem-limited link, none otherwise).",
            oneOf: ["attested", "none"]).nullable(),
                  read: { members, key in
                      guard members.contains(key) else { return nil }
                      guard let text = try members.string(key) else { return .some(nil) }
                      guard let proof = InstallProof(rawValue: text) else {
                          throw Problem.invalid("invalid-field", "Invalid field",
                                                "'installProof' must be \"attested\", \"none\" or null, got '\(text)'")
                      }
                      return .some(proof)
                  }),
        BodyField("installProofFor", \.installProofFor, InstallProofAction.requestSchema.described(
            "The app endpoints installProof applies to (redeem, resolve); null returns the link to [\"redeem\"].").nullable(),
                  read: { members, key in
                      guard members.contains(key) else { return nil }
                      return .some(try members.value(key).map(InstallProofAction.parse))
                  }),
        BodyField("rules", \.rules, RuleSchemas.rules.described("The new redirect rules, which replace the old ones; null or [] removes them.").nullable(),
                  read: { members, key in
                      guard members.contains(key) else { return nil }
                      return try members.value(key) ?? .null
                  }),
        BodyField("variants", \.variants, VariantSchemas.test.described(
            "A new A/B test, which replaces the old one (its figures start again); null removes it.").nullable(),
                  read: { members, key in
                      guard members.contains(key) else { return nil }
                      return try members.value(key) ?? .null
                  }),
        BodyField("password", \.password, JSONSchema.string(
            "A new password for the link (kept only as a salted scrypt hash; browsers that opened it with the old one must type "
                + "the new one); null removes the password.", minLength: LinkPassword.lengths.lowerBound,
            maxLength: LinkPassword.lengths.upperBound).nullable(),
                  read: { members, key in
                      guard members.contains(key) else { return nil }
                      guard let text = try members.string(key) else { return .some(nil) }
                      try LinkPassword.checkLength(text, field: "password")
                      return .some(text)
                  }),
    ]

    static var checksWhenRead: Bool { false }

    static var bodyDescription: String? { "At least one of fallbacks, installProof, installProofFor, rules, variants and password; a field left out is kept." }

    /// `the body must set 'fallbacks', 'installProof', 'installProofFor', 'rules', 'variants' or 'password'`.
    func checkFields() throws(Problem) {
        guard fallbacks != nil || installProof != nil || installProofFor != nil || password != nil || rules != nil || variants != nil else {
            throw Problem.malformed("the body must set 'fallbacks', 'installProof', 'installProofFor', 'rules', 'variants' or 'password'")
        }
    }

    /// The fallbacks as an update gives them: an object (null is not a change).
    private static var fallbacksSchema: JSONSchema {
        var schema = FallbackURLs.requestSchema
        schema.types = ["object"]
        return schema
    }
}
