import Hummingbird

/// The answer of `GET /health` (the `Health` schema): `ok`, or `unavailable` with a 503.
struct HealthStatus: Codable, Sendable, Hashable, ResponseEncodable {
    /// `ok` or `unavailable`.
    var status: String
    /// The database's state, the same words.
    var database: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case status, database
    }

    /// Everything answers.
    static let ok = HealthStatus(status: "ok", database: "ok")
    /// The database does not.
    static let unavailable = HealthStatus(status: "unavailable", database: "unavailable")
}

extension HealthStatus: OpenAPISchema {
    static let schemaName = "Health"

    static var schema: JSONSchema {
        .object(["status": .string(oneOf: ["ok", "unavailable"]), "database": .string()], required: ["status", "database"])
    }
}
