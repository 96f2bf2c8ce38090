import Hummingbird
import Switchyard

/// The body of `POST /v1/shortLinks` (the `FirebaseShortLinkRequest` schema): a long link, or its
/// parts, and the suffix option.
struct FirebaseShortLinkRequest: Codable, Sendable, Hashable {
    /// `https://example.page.link/?link=...&apn=...`.
    var longDynamicLink: String?
    /// The long link's parts.
    var dynamicLinkInfo: FirebaseLinkInfo?
    /// `SHORT` or `UNGUESSABLE` (the default).
    var suffix: Suffix?

    /// `{"option": "SHORT" | "UNGUESSABLE"}`.
    struct Suffix: Codable, Sendable, Hashable {
        var option: String?

        init() {}

        init(option: String?) {
            self.option = option
        }
    }

    /// An empty body.
    init() {}

    /// Creates a body.
    init(longDynamicLink: String? = nil, dynamicLinkInfo: FirebaseLinkInfo? = nil, suffix: Suffix? = nil) {
        self.longDynamicLink = longDynamicLink
        self.dynamicLinkInfo = dynamicLinkInfo
        self.suffix = suffix
    }
}

extension FirebaseShortLinkRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "FirebaseShortLinkRequest"

    /// Read with Firebase's messages (`Invalid JSON payload received. Unknown name "extra": Cannot
    /// find field.`): exactly one of the long link and its parts.
    static let requestFields: [BodyField<Self>] = [
        BodyField("longDynamicLink", \.longDynamicLink, .string("https://example.page.link/?link=...&apn=...", maxLength: 10000),
                  read: { members, key in
                      // Which of the two is given is judged here, before the parts are read.
                      switch (try members.value(key), try members.value(BodyFields.FieldKey("dynamicLinkInfo"))) {
                      case (.string(let url)?, nil): return url
                      case (nil, .object?): return nil
                      case (.some, .some): throw FirebaseShortLinksAPI.invalid("Give either 'longDynamicLink' or 'dynamicLinkInfo', not both.")
                      case (nil, nil): throw FirebaseShortLinksAPI.invalid("Request is missing 'longDynamicLink' or 'dynamicLinkInfo'.")
                      default: throw FirebaseShortLinksAPI.invalid("'longDynamicLink' must be a string and 'dynamicLinkInfo' an object.")
                      }
                  }),
        BodyField("dynamicLinkInfo", \.dynamicLinkInfo, FirebaseLinkInfo.schema,
                  read: { members, key in try members.decodeIfPresent(FirebaseLinkInfo.self, key) }),
        BodyField("suffix", \.suffix, Suffix.requestSchema, read: { members, key in try members.decodeIfPresent(Suffix.self, key) }),
    ]

    static var bodyDescription: String? {
        "Firebase Dynamic Links' REST request: a long link, or its parts; the deep link must open a route of the table."
    }

    static func unknownField(_ key: String, in members: BodyFields) -> Problem {
        FirebaseShortLinksAPI.invalid("Invalid JSON payload received. Unknown name \"\(key)\": Cannot find field.")
    }
}

extension FirebaseShortLinkRequest.Suffix: APIRequestBody {
    /// Read with Firebase's messages: `'suffix.option' must be SHORT or UNGUESSABLE, got 'LONG'.`
    static let requestFields: [BodyField<Self>] = [
        BodyField("option", \.option, .string("UNGUESSABLE (17 characters) by default.", oneOf: ["SHORT", "UNGUESSABLE"]),
                  read: { members, key in
                      switch try members.value(key) {
                      case nil, .null?: return nil
                      case .string(let text)? where text == "SHORT" || text == "UNGUESSABLE": return text
                      case .string(let other)?: throw FirebaseShortLinksAPI.invalid("'suffix.option' must be SHORT or UNGUESSABLE, got '\(other)'.")
                      default: throw FirebaseShortLinksAPI.invalid("'suffix.option' must be the string SHORT or UNGUESSABLE.")
                      }
                  }),
    ]

    static func notAnObject(_ value: JSONValue, at path: String) -> Problem {
        FirebaseShortLinksAPI.invalid("'suffix' must be an object such as {\"option\": \"SHORT\"}.")
    }

    static func unknownField(_ key: String, in members: BodyFields) -> Problem {
        FirebaseShortLinksAPI.invalid("Invalid JSON payload received. Unknown name \"\(key)\" at 'suffix': Cannot find field.")
    }
}

/// The answer of `POST /v1/shortLinks` (the `FirebaseShortLink` schema).
struct FirebaseShortLinkResponse: Sendable, Hashable, ResponseEncodable {
    /// The short link.
    var shortLink: String
    /// The short link's preview page (`?d=1`).
    var previewLink: String
    /// What was accepted but not used, or not understood.
    var warning: [Warning]

    /// One warning.
    struct Warning: Sendable, Hashable {
        var warningCode: String
        var warningMessage: String

        init(_ code: String, _ message: String) {
            warningCode = code
            warningMessage = message
        }
    }
}

extension FirebaseShortLinkResponse: APIObject, OpenAPISchema {
    static let schemaName = "FirebaseShortLink"

    static let fields: [APIField<Self>] = [
        APIField("shortLink", \.shortLink), APIField("previewLink", \.previewLink), APIField("warning", \.warning),
    ]
}

extension FirebaseShortLinkResponse.Warning: APIObject {
    static let fields: [APIField<Self>] = [APIField("warningCode", \.warningCode), APIField("warningMessage", \.warningMessage)]
}

/// Firebase's error shape (the `FirebaseError` schema): `{"error": {"code", "message", "status"}}`.
struct FirebaseErrorResponse: Sendable, Hashable, ResponseEncodable {
    var error: Detail

    /// The error itself.
    struct Detail: Sendable, Hashable {
        /// The HTTP status.
        var code: Int
        var message: String
        /// Google's status name: `INVALID_ARGUMENT`, `UNAUTHENTICATED`, ...
        var status: String
    }

    /// A ``Problem`` in Firebase's words.
    init(_ problem: Problem) {
        let status = switch problem.status.code {
        case 400, 413, 415: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 409: "ALREADY_EXISTS"
        case 422: "FAILED_PRECONDITION"
        case 429: "RESOURCE_EXHAUSTED"
        case 503: "UNAVAILABLE"
        default: "INTERNAL"
        }
        error = Detail(code: Int(problem.status.code), message: problem.detail, status: status)
    }
}

extension FirebaseErrorResponse: APIObject, OpenAPISchema {
    static let schemaName = "FirebaseError"

    static let fields: [APIField<Self>] = [APIField("error", \.error)]

    static var schema: JSONSchema { objectSchema.refined("Firebase's error shape.") }
}

extension FirebaseErrorResponse.Detail: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("code", \.code), APIField("message", \.message), APIField("status", \.status),
    ]
}
