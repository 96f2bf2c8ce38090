import Foundation

/// A `postgres://user:password@host:port/database?sslmode=...&schema=...` URL, read the way libpq
/// reads it: port 5432, user `postgres` and database = user when absent; `sslmode` one of
/// `disable`, `prefer` (the default: TLS when the server offers it, certificate not checked),
/// `require` (TLS, certificate not checked) or `verify-full`; `schema` the schema the tables
/// live in (default `public`).
struct PostgresURL: Sendable, Hashable {
    enum TLSMode: String, Sendable { case disable, prefer, require, verifyFull = "verify-full" }

    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String
    var tls: TLSMode
    var schema: String?

    /// Where the server is, for messages (never the password).
    var endpoint: String { "\(host):\(port)/\(database)" }

    init(parsing text: String) throws(StoreError) {
        func fail(_ why: String) -> StoreError {
            StoreError(.configuration, "PostgreSQL URL is invalid: \(why)")
        }
        guard let url = URLComponents(string: text) else { throw fail("not a URL") }
        guard url.scheme == "postgres" || url.scheme == "postgresql" else {
            throw fail("the scheme must be postgres:// or postgresql://")
        }
        guard var host = url.host, !host.isEmpty else { throw fail("no host") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        port = url.port ?? 5432
        username = url.percentEncodedUser.flatMap { $0.removingPercentEncoding } ?? "postgres"
        password = url.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        database = path.isEmpty ? username : path
        tls = .prefer
        schema = nil
        for item in url.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw fail("sslmode must be disable, prefer, require or verify-full")
                }
                tls = mode
            case "schema":
                guard let value = item.value, Self.isSchemaName(value) else {
                    throw fail("schema must be lowercase letters, digits and underscores")
                }
                schema = value
            default:
                throw fail("unknown parameter '\(item.name)'")
            }
        }
    }

    /// A plain unquoted identifier: `[a-z_][a-z0-9_]*`, at most 63 bytes.
    static func isSchemaName(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 63 else { return false }
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_") }
        return isLetter(first) && name.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
