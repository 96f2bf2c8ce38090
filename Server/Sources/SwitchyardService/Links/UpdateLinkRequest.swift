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

    enum CodingKeys: String, CodingKey, CaseIterable {
        case fallbacks
        case installProof
        case installProofFor
    }

    /// Creates a body.
    init(fallbacks: FallbackURLs? = nil, installProof: InstallProof?? = nil, installProofFor: [InstallProofAction]?? = nil) {
        self.fallbacks = fallbacks
        self.installProof = installProof
        self.installProofFor = installProofFor
    }

    /// Reads the body: `the body must set 'fallbacks', 'installProof' or 'installProofFor'`, `unknown field 'x'`,
    /// `'installProof' must be "attested", "none" or null, got 'x'`.
    init(from decoder: any Decoder) throws {
        let fields = try BodyFields(decoder)
        try fields.rejectUnknownKeys(CodingKeys.self)
        fallbacks = try fields.nested(FallbackURLs.self, CodingKeys.fallbacks)
        if fields.container.contains(BodyFields.FieldKey(CodingKeys.installProof.stringValue)) {
            if let text = try fields.string(CodingKeys.installProof) {
                guard let proof = InstallProof(rawValue: text) else {
                    throw Problem.invalid("invalid-field", "Invalid field",
                                          "'installProof' must be \"attested\", \"none\" or null, got '\(text)'")
                }
                installProof = .some(proof)
            } else {
                installProof = .some(nil)
            }
        }
        if fields.container.contains(BodyFields.FieldKey(CodingKeys.installProofFor.stringValue)) {
            installProofFor = .some(try fields.value(CodingKeys.installProofFor).map(InstallProofAction.parse))
        }
        guard fallbacks != nil || installProof != nil || installProofFor != nil else {
            throw Problem.malformed("the body must set 'fallbacks', 'installProof' or 'installProofFor'")
        }
    }
}

extension UpdateLinkRequest: OpenAPISchema {
    static let schemaName = "UpdateLink"

    static var schema: JSONSchema {
        var fallbacks = FallbackURLs.requestSchema
        fallbacks.types = ["object"]
        return .object([
            "fallbacks": fallbacks,
            "installProof": JSONSchema.string(
                "What an install must prove before it spends a redemption: an App Attest assertion (attested) or nothing (none); "
                    + "null returns the link to the service's default (--install-proof for a redeem-limited link, none otherwise).",
                oneOf: ["attested", "none"]).nullable(),
            "installProofFor": InstallProofAction.requestSchema.described(
                "The app endpoints installProof applies to (redeem, resolve); null returns the link to [\"redeem\"].").nullable(),
        ], additionalProperties: .forbidden, description: "At least one of fallbacks, installProof and installProofFor; a field left out is kept.")
    }
}
