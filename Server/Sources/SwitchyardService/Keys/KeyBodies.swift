import Hummingbird
import SwitchyardStore

/// The body of `POST /api/v1/keys` (the `CreateKey` schema): a key of the caller's team.
///
/// ```json
/// {"name": "ci-deploy", "role": "editor", "expiresAt": "2027-03-01T00:00:00Z"}
/// ```
struct CreateKeyRequest: Sendable, Hashable {
    /// 1 to 64 letters, digits, `-`, `_` and `.`; unique in the service.
    var name: String
    var role: AccessKey.Role
    /// ISO 8601; nil: the key does not expire.
    var expiresAt: String?

    /// An empty body.
    init() {
        name = ""
        role = .viewer
    }
}

extension CreateKeyRequest: APIRequestBody, OpenAPISchema {
    static let schemaName = "CreateKey"

    /// Read and checked with the API's messages: `'name' is required`, `'role' must be one of
    /// admin, editor, viewer, app`.
    static let requestFields: [BodyField<Self>] = [
        .requiredString("name", \.name, .string("The key's name, unique in the service.", minLength: 1, maxLength: 64,
                                                pattern: "^[A-Za-z0-9._-]+$")),
        BodyField("role", \.role, AccessKey.Role.casesSchema.described(
            "admin: everything; editor: links and imports; viewer: reads links, stats and explanations; app: the app's endpoints."),
                  required: true, read: { members, key in
                      guard let text = try members.string(key), let role = AccessKey.Role(rawValue: text) else {
                          let roles = AccessKey.Role.allCases.map(\.rawValue).joined(separator: ", ")
                          throw Problem.invalid("invalid-role", "Invalid role", "'role' must be one of \(roles)")
                      }
                      return role
                  }),
        .string("expiresAt", \.expiresAt, .string("When the key stops working (ISO 8601, in the future); absent: never.",
                                                  format: "date-time")),
    ]
}

extension AccessKey.Role: APIEnumeration {}

/// A named key as its team sees it (the `Key` schema): never the key itself, except in the
/// answer of its creation (`key`).
struct KeyResponse: Sendable, Hashable, ResponseEncodable {
    var name: String
    var team: String
    var role: AccessKey.Role
    var hint: String
    var createdAt: String
    var expiresAt: String?
    var lastUsedAt: String?
    var revokedAt: String?
    var key: String?

    init(_ record: AccessKey, key: String? = nil) {
        name = record.name
        team = record.team
        role = record.role
        hint = record.hint
        createdAt = APIDates.text(record.createdAt)
        expiresAt = record.expiresAt.map(APIDates.text)
        lastUsedAt = record.lastUsedAt.map(APIDates.text)
        revokedAt = record.revokedAt.map(APIDates.text)
        self.key = key
    }
}

extension KeyResponse: APIObject, OpenAPISchema {
    static let schemaName = "Key"

    static let fields: [APIField<Self>] = [
        APIField("name", \.name),
        APIField("team", \.team),
        APIField("role", \.role),
        APIField("hint", \.hint, "The key's first characters, to tell keys apart."),
        APIField("createdAt", \.createdAt, format: "date-time"),
        APIField("expiresAt", \.expiresAt, "When the key stops working; null: never.", format: "date-time"),
        APIField("lastUsedAt", \.lastUsedAt, "When the key was last presented (written within seconds); null: never.",
                 format: "date-time"),
        APIField("revokedAt", \.revokedAt, "When the key was revoked; null while it works.", format: "date-time"),
        APIField("key", \.key, "The key itself: in the answer of its creation only, never again.", whenAbsent: .omitted),
    ]
}

/// `GET /api/v1/keys`: the team's named keys, revoked ones included, by name.
struct KeyListResponse: Sendable, Hashable, ResponseEncodable {
    var keys: [KeyResponse]
}

extension KeyListResponse: APIObject, OpenAPISchema {
    static let schemaName = "KeyList"

    static let fields: [APIField<Self>] = [APIField("keys", \.keys)]
}
