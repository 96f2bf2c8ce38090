/// The body of `POST /api/v1/deferred/claim` (the `DeferredClaim` schema): what the app knows of
/// its device, to match against the opens before the install, and — for an exact claim — the code
/// the app found itself (Android's install referrer, a copied short link).
///
/// ```json
/// {"platform": "ios", "osVersion": "18.1", "language": "en-US"}
/// {"platform": "android", "osVersion": "14", "code": "Ab3dE9xQ"}
/// ```
struct DeferredClaimRequest: Codable, Sendable, Hashable {
    /// `ios` or `android`.
    var platform: String
    /// The OS version, digits and dots.
    var osVersion: String
    /// The device's language (BCP 47), when known.
    var language: String?
    /// The link's code, when the app has it (an exact claim); nil for a heuristic claim.
    var code: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case platform, osVersion, language, code
    }

    /// Creates a claim.
    init(platform: String, osVersion: String, language: String? = nil, code: String? = nil) {
        self.platform = platform
        self.osVersion = osVersion
        self.language = language
        self.code = code
    }

    /// Reads and checks the claim: `'platform' must be "ios" or "android", got 'windows'`.
    init(from decoder: any Decoder) throws {
        let fields = try BodyFields(decoder)
        try fields.rejectUnknownKeys(CodingKeys.self)
        platform = try fields.requiredString(CodingKeys.platform)
        guard platform == "ios" || platform == "android" else {
            throw Problem.invalid("invalid-claim", "Invalid claim", "'platform' must be \"ios\" or \"android\", got '\(platform)'")
        }
        osVersion = try fields.requiredString(CodingKeys.osVersion)
        guard osVersion.count <= 32, DeferredMatching.normalizedVersion(osVersion[...]) != nil,
              osVersion.allSatisfy({ $0.isNumber || $0 == "." }) else {
            throw Problem.invalid("invalid-claim", "Invalid claim", "'osVersion' must be a version such as \"18.1\", got '\(osVersion)'")
        }
        language = try fields.string(CodingKeys.language)
        try BodyFields.check(language, "language", maxLength: 64)
        code = try fields.string(CodingKeys.code)
        try BodyFields.check(code, "code", maxLength: 256)
    }
}

extension DeferredClaimRequest: OpenAPISchema {
    static let schemaName = "DeferredClaim"

    static var schema: JSONSchema {
        .object([
            "platform": .string(oneOf: ["ios", "android"]),
            "osVersion": .string(maxLength: 32, pattern: #"^[0-9]+(\.[0-9]+)*$"#),
            "language": JSONSchema.string(maxLength: 64).nullable(),
            "code": JSONSchema.string("The link's code, when the app has it (install referrer, copied short link): an exact claim.",
                                      maxLength: 256).nullable(),
        ], required: ["platform", "osVersion"], additionalProperties: .forbidden)
    }
}
