import Foundation
import Logging
import Testing
@testable import SwitchyardStore

@Suite("PostgreSQL URLs")
struct PostgresURLTests {
    @Test("A URL gives libpq's defaults", arguments: [
        ("postgres://u:p%40ss@db.example.com:6543/links?sslmode=require&schema=shop",
         "db.example.com", 6543, "u", "p@ss", "links", PostgresURL.TLSMode.require, "shop"),
        ("postgresql://127.0.0.1/switchyard", "127.0.0.1", 5432, "postgres", nil, "switchyard", .prefer, nil),
        ("postgres://alice@localhost", "localhost", 5432, "alice", nil, "alice", .prefer, nil),
        ("postgres://a:b@[::1]:5433/d?sslmode=disable", "::1", 5433, "a", "b", "d", .disable, nil),
    ] as [(String, String, Int, String, String?, String, PostgresURL.TLSMode, String?)])
    func parses(_ text: String, host: String, port: Int, user: String, password: String?, database: String,
                tls: PostgresURL.TLSMode, schema: String?) throws {
        let url = try PostgresURL(parsing: text)
        #expect(url.host == host)
        #expect(url.port == port)
        #expect(url.username == user)
        #expect(url.password == password)
        #expect(url.database == database)
        #expect(url.tls == tls)
        #expect(url.schema == schema)
    }

    @Test("A malformed URL says what is wrong", arguments: [
        ("mysql://h/d", "PostgreSQL URL is invalid: the scheme must be postgres:// or postgresql://"),
        ("postgres:///d", "PostgreSQL URL is invalid: no host"),
        ("postgres://h/d?sslmode=maybe", "PostgreSQL URL is invalid: sslmode must be disable, prefer, require or verify-full"),
        ("postgres://h/d?schema=Bad-Name", "PostgreSQL URL is invalid: schema must be lowercase letters, digits and underscores"),
        ("postgres://h/d?pool=3", "PostgreSQL URL is invalid: unknown parameter 'pool'"),
    ])
    func refuses(_ text: String, message: String) {
        #expect(throws: StoreError(.configuration, message)) { try PostgresURL(parsing: text) }
        #expect(throws: StoreError(.configuration, message)) { try PostgresLinkStore(url: text) }
    }

    @Test("A schema given beside the URL must be a plain identifier")
    func badSchema() {
        #expect(throws: StoreError(.configuration, "schema 'x; DROP' must be lowercase letters, digits and underscores")) {
            try PostgresLinkStore(url: "postgres://h/d", schema: "x; DROP")
        }
    }
}
