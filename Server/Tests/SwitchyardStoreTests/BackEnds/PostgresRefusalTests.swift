import Foundation
import Testing
@testable import SwitchyardStore

/// A server that refuses the store's connections is named in the error, not only the wait: the
/// pool retries a refused connection quietly, so without the store's own attempt an operator with
/// a wrong password or a full server reads only "did not answer".
@Suite("PostgreSQL refusals are named")
struct PostgresRefusalTests {
    /// The test server's URL with another user, password or database.
    static func url(user: String, password: String, database: String? = nil) throws -> String {
        var components = try #require(URLComponents(string: Backend.postgresURL ?? ""))
        components.user = user
        components.password = password
        if let database { components.path = "/\(database)" }
        return try #require(components.string)
    }

    /// The error a ping of a store at `url` fails with. The pool gives up after its two-second
    /// limit; the store's own attempt that names the refusal may take minutes (a liveness bound:
    /// on a loaded machine it took more than two seconds).
    static func pingError(_ url: String) async throws -> StoreError? {
        let store = try PostgresLinkStore(url: url, timeout: .seconds(2), refusalTimeout: .seconds(180))
        let error = await #expect(throws: StoreError.self) { try await store.ping() }
        try await store.close()
        return error
    }

    @Test("A wrong password is named", .needsPostgres)
    func wrongPassword() async throws {
        let error = try await Self.pingError(Self.url(user: "postgres", password: "not-the-password"))
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("password authentication failed") == true, "\(String(describing: error))")
    }

    @Test("A missing database is named", .needsPostgres)
    func missingDatabase() async throws {
        let password = try #require(URLComponents(string: Backend.postgresURL ?? "")?.password)
        let error = try await Self.pingError(Self.url(user: "postgres", password: password, database: "switchyard_no_such_db"))
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("\"switchyard_no_such_db\" does not exist") == true, "\(String(describing: error))")
    }

    @Test("A role out of connections is named (53300), as a full server is", .needsPostgres)
    func outOfConnections() async throws {
        let role = "switchyard_full_\(UInt32.random(in: 0...UInt32.max))"
        let admin = try PostgresLinkStore(url: Backend.postgresURL ?? "", timeout: TestDatabase.timeout)
        try await admin.execute(unsafeSQL: "CREATE ROLE \(role) LOGIN PASSWORD 'p' CONNECTION LIMIT 0")
        let error = await #expect(throws: StoreError.self) {
            try await Self.pingError(Self.url(user: role, password: "p")).map { throw $0 }
        }
        try await admin.execute(unsafeSQL: "DROP ROLE \(role)")
        try await admin.close()
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("too many connections") == true && error?.message.contains("53300") == true,
                "\(String(describing: error))")
    }
}
