/// The body of `PATCH /api/v1/links/{code}` (the `UpdateLink` schema): the link's new fallbacks,
/// which replace the old ones.
struct UpdateLinkRequest: Codable, Sendable, Hashable {
    /// The new fallbacks.
    var fallbacks: FallbackURLs

    enum CodingKeys: String, CodingKey, CaseIterable {
        case fallbacks
    }

    /// Creates a body.
    init(fallbacks: FallbackURLs) {
        self.fallbacks = fallbacks
    }

    /// Reads the body: `'fallbacks' is required`, `unknown field 'x'`.
    init(from decoder: any Decoder) throws {
        let fields = try BodyFields(decoder)
        try fields.rejectUnknownKeys(CodingKeys.self)
        guard let fallbacks = try fields.nested(FallbackURLs.self, CodingKeys.fallbacks) else {
            throw Problem.malformed("'fallbacks' is required")
        }
        self.fallbacks = fallbacks
    }
}

extension UpdateLinkRequest: OpenAPISchema {
    static let schemaName = "UpdateLink"

    static var schema: JSONSchema {
        var fallbacks = FallbackURLs.requestSchema
        fallbacks.types = ["object"]
        return .object(["fallbacks": fallbacks], required: ["fallbacks"], additionalProperties: .forbidden)
    }
}
