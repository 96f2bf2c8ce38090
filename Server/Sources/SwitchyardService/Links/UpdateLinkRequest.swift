import SwitchyardStore

/// The body of `PATCH /api/v1/links/{code}` (the `UpdateLink` schema): the link's new fallbacks,
/// which replace the old ones, and its install proof (null: back to the service's default).
/// Fields left out are kept; at least one is required.
struct UpdateLinkRequest: Codable, Sendable, Hashable {
    /// The new fallbacks, or nil to keep them.
    var fallbacks: FallbackURLs?
    /// The new install proof: nil keeps it, `.some(nil)` returns it to the service's default.
    var installProof: InstallProof??

    enum CodingKeys: String, CodingKey, CaseIterable {
        case fallbacks
        case installProof
    }

    /// Creates a body.
    init(fallbacks: FallbackURLs? = nil, installProof: InstallProof?? = nil) {
        self.fallbacks = fallbacks
        self.installProof = installProof
    }

    /// Reads the body: `the body must set 'fallbacks' or 'installProof'`, `unknown field 'x'`,
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
        guard fallbacks != nil || installProof != nil else {
            throw Problem.malformed("the body must set 'fallbacks' or 'installProof'")
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
        ], additionalProperties: .forbidden, description: "At least one of fallbacks and installProof; a field left out is kept.")
    }
}
