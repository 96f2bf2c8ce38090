public import Foundation
import GRDB

/// The embedded store: one SQLite file in WAL mode, written through GRDB's serial writer queue
/// and read through its reader pool, so no call blocks Swift's cooperative threads.
///
/// ```swift
/// let store = try SQLiteLinkStore(path: "switchyard.sqlite")
/// try await store.migrate()
/// try await store.insert(SmartLink(code: "x7Kq2", team: "acme", route: "product/:id",
///                                  routeParameters: ["id": "42"], createdAt: Date()))
/// ```
///
/// Every connection runs with `synchronous = FULL`: a write is fsynced to the WAL before its call
/// returns, so an acknowledged link survives a killed process and a power loss. Several processes
/// may open the same file; a writer waits for another up to the `busyTimeout` it was opened with
/// (``defaultBusyTimeout`` unless told otherwise).
public final class SQLiteLinkStore: LinkStore {
    /// How long a write waits for another process's write before failing as unavailable, unless
    /// the store is opened with another `busyTimeout`.
    public static let defaultBusyTimeout: TimeInterval = 5

    /// The database file.
    public let path: String
    let pool: DatabasePool
    /// As wide as the reader pool, so a read never waits for a reader by blocking (``read(_:)``).
    private let readGate: AsyncGate

    /// Opens (creating if needed) the database at `path`; call ``migrate()`` before use.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - busyTimeout: How long a write waits for another process's write before failing as
    ///     unavailable, in seconds.
    /// - Throws: ``StoreError`` (`.configuration`) when the file cannot be opened as a database.
    public init(path: String, busyTimeout: TimeInterval = SQLiteLinkStore.defaultBusyTimeout) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "switchyard"
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            readGate = AsyncGate(limit: configuration.maximumReaderCount)
            // GRDB turns the writer to NORMAL when it enables WAL (durable across process crashes,
            // not power loss); FULL fsyncs the WAL at every commit. Only the writer writes.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        } catch {
            throw StoreError(.configuration, "cannot open SQLite database at '\(path)': \(Self.describe(error))")
        }
    }

    /// Applies the schema steps this database has not seen yet, in one IMMEDIATE transaction
    /// (so two processes migrating at once take turns). Idempotent.
    public func migrate() async throws {
        try await migrate(through: Int.max)
    }

    /// Applies the steps up to `last` only (tests of a later step start from a database made by
    /// the steps before it).
    func migrate(through last: Int) async throws {
        try await write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS switchyard_schema_migrations (
                    version INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    applied_at INTEGER NOT NULL)
                """)
            let applied = try Int.fetchOne(db, sql: "SELECT MAX(version) FROM switchyard_schema_migrations") ?? 0
            for migration in Self.migrations where migration.version > applied && migration.version <= last {
                for statement in migration.statements {
                    try db.execute(sql: statement)
                }
                try db.execute(
                    sql: "INSERT INTO switchyard_schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    arguments: [migration.version, migration.name, StoredDate.milliseconds(Date())])
            }
        }
    }

    /// The schema versions applied to this database, in order.
    public func appliedMigrations() async throws -> [Int] {
        try await read { db in
            try Int.fetchAll(db, sql: "SELECT version FROM switchyard_schema_migrations ORDER BY version")
        }
    }

    public func ping() async throws {
        _ = try await read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func close() async throws {
        do {
            try pool.close()
        } catch {
            throw map(error)
        }
    }

    // MARK: Running statements

    /// Runs `body` in a write transaction on GRDB's writer queue, mapping failures.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.write(body)
        } catch {
            throw map(error)
        }
    }

    /// The one integer literal SQL answers (tests only: how many rows a table holds).
    func integer(unsafeSQL sql: String) async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }

    /// Runs `body` on a reader connection (a consistent WAL snapshot), mapping failures.
    ///
    /// The read runs on the calling task's thread, once the gate has a reader for it: a read of a
    /// few indexed rows takes tens of microseconds, and GRDB's asynchronous read hops through two
    /// dispatch queues and back, each hop a thread to wake, and on a busy core those wake-ups queue
    /// behind the server's own threads (see BENCHMARKS.md, "The one-core p99 tail found"). ``AsyncGate``
    /// waits without blocking; GRDB's pool never has to.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await readGate.run { try pool.read(body) }
        } catch {
            throw map(error)
        }
    }

    /// ``read(_:)`` for a `body` that runs a single statement, with no transaction around it:
    /// SQLite reads one statement from one snapshot on its own, and GRDB's `BEGIN` and `COMMIT`
    /// around it are a large part of the CPU of a `GET /{code}` for a code that is not found, and
    /// part of every miss (see BENCHMARKS.md, "The click writer's slices, and what a real browser's open
    /// costs"). (`unsafeRead` is GRDB's name for a read whose
    /// statements, were there several, could each see a different state.)
    func readOneStatement<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await readGate.run { try pool.unsafeRead(body) }
        } catch {
            throw map(error)
        }
    }

    /// SQLite's failures as ``StoreError``s: busy, locked, I/O and full as `.unavailable`;
    /// corruption and undecodable rows as `.corrupt`. Anything else (a bug) passes through.
    func map(_ error: any Error) -> any Error {
        if error is StoreError { return error }
        if error is RowDecodingError { return StoreError(.corrupt, "SQLite row unreadable: \(error)") }
        guard let error = error as? DatabaseError else { return error }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_CANTOPEN, .SQLITE_PROTOCOL:
            return StoreError(.unavailable, "SQLite database '\(path)' unavailable: \(Self.describe(error))")
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return StoreError(.corrupt, "SQLite database '\(path)' is corrupt: \(Self.describe(error))")
        default:
            return error
        }
    }

    static func describe(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? "\(error)"
    }
}
