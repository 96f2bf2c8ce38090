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

    /// An empty claim.
    init() {
        platform = ""
        osVersion = ""
    }

    /// Creates a claim.
    init(platform: String, osVersion: String, language: String? = nil, code: String? = nil) {
        self.platform = platform
        self.osVersion = osVersion
        self.language = language
        self.code = code
    }
}

extension DeferredClaimRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "DeferredClaim"

    /// Read and checked with the API's messages: `'platform' must be "ios" or "android", got 'windows'`.
    static let requestFields: [BodyField<Self>] = [
        .requiredString("platform", \.platform, .string(oneOf: ["ios", "android"]), check: { platform throws(Problem) in
            guard platform == "ios" || platform == "android" else {
                throw Problem.invalid("invalid-claim", "Invalid claim", "'platform' must be \"ios\" or \"android\", got '\(platform)'")
            }
        }),
        .requiredString("osVersion", \.osVersion, .string(maxLength: 32, pattern: #"^[0-9]+(\.[0-9]+)*$"#), check: { version throws(Problem) in
            guard version.count <= 32, DeferredMatching.normalizedVersion(version[...]) != nil,
                  version.allSatisfy({ $0.isNumber || $0 == "." }) else {
                throw Problem.invalid("invalid-claim", "Invalid claim", "'osVersion' must be a version such as \"18.1\", got '\(version)'")
            }
        }),
        .string("language", \.language, JSONSchema.string(maxLength: 64).nullable(), maxLength: 64),
        .string("code", \.code, JSONSchema.string("The link's code, when the app has it (install referrer, copied short link): an exact claim.",
                                                  maxLength: 256).nullable(), maxLength: 256),
    ]
}
