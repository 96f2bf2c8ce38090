import Hummingbird

/// The answer of `GET /health` (the `Health` schema): `ok`, or `unavailable` with a 503.
struct HealthStatus: Sendable, Hashable, ResponseEncodable {
    /// `ok` or `unavailable`.
    var status: String
    /// The database's state, the same words.
    var database: String

    /// Everything answers.
    static let ok = HealthStatus(status: "ok", database: "ok")
    /// The database does not.
    static let unavailable = HealthStatus(status: "unavailable", database: "unavailable")
}

extension HealthStatus: APIObject, OpenAPISchema {
    static let schemaName = "Health"

    static let fields: [APIField<Self>] = [
        APIField("status", \.status, oneOf: ["ok", "unavailable"]), APIField("database", \.database),
    ]
}
