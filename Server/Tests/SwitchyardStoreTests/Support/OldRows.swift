import Foundation
import GRDB
import Testing
@testable import SwitchyardStore

/// Rows as an older release wrote them, for the migration tests: each step is a schema version
/// and the SQL written at it. Instants are rendered by the back end (`Time`), so one list of
/// statements serves SQLite and PostgreSQL.
///
/// ```swift
/// let rows = OldRows(at: 12) { time in
///     ["INSERT INTO links (code, team, route, route_parameters, query_parameters, created_at)
///       VALUES ('old1', 't', 'about', '{}', '{}', \(time(Instant.base)))"]
/// }
/// try await rows.migrate(on: .sqlite) { store in /* read old1 back */ }
/// ```
struct OldRows: Sendable {
    /// An instant as the back end stores it: milliseconds since 1970 on SQLite, a `timestamptz`
    /// literal on PostgreSQL.
    typealias Time = @Sendable (Date) -> String

    /// One schema version and the statements written at it.
    struct Step: Sendable {
        let version: Int
        let statements: @Sendable (Time) -> [String]
    }

    /// The steps, in the order they are written.
    let steps: [Step]

    /// Rows written at one schema version.
    init(at version: Int, _ statements: @escaping @Sendable (Time) -> [String]) {
        steps = [Step(version: version, statements: statements)]
    }

    /// Rows written at several schema versions, in order.
    init(_ steps: [Step]) {
        self.steps = steps
    }

    /// Opens an unmigrated store on a fresh database of `backend`, migrates it through each step's
    /// version and writes that step's rows, then migrates to the latest schema and runs `check`.
    func migrate(on backend: Backend, check: (any LinkStore) async throws -> Void) async throws {
        try await TestDatabase.with(backend) { database in
            let store = try await database.open(migrate: false)
            for step in steps {
                switch store {
                case let sqlite as SQLiteLinkStore:
                    try await sqlite.migrate(through: step.version)
                    let statements = step.statements { "\(Int64(($0.timeIntervalSince1970 * 1000).rounded()))" }
                    try await sqlite.write { db in
                        for sql in statements { try db.execute(sql: sql) }
                    }
                case let postgres as PostgresLinkStore:
                    try await postgres.migrate(through: step.version)
                    for sql in step.statements({ "to_timestamp(\($0.timeIntervalSince1970))" }) {
                        try await postgres.execute(unsafeSQL: sql)
                    }
                default:
                    Issue.record("the \(backend) back end has no schema versions")
                    return
                }
            }
            try await store.migrate()
            try await check(store)
        }
    }
}
