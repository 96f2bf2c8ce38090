#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import GRDB
import GRDBSQLite

/// One prepared statement run once per row, its values bound through SQLite's C API.
///
/// For the click writer's rows (thousands per transaction): GRDB's `StatementArguments` box each
/// value in an existential and copy them into an array on every execution, which cost more than
/// SQLite's own work for a short row. Used inside a GRDB write, on the writer's connection; the
/// statement is prepared for the transaction and finalized with it (it is not GRDB's cached one,
/// so GRDB never sees it half-bound).
///
/// Every ``rowsPerYield`` rows the thread gives up the processor (`sched_yield`): a batch of
/// 10,000 clicks is milliseconds of CPU in one transaction, and on a core that also answers
/// requests the kernel would run it in slices, each a pause for every request on that core
/// (see BENCHMARKS.md, "The click writer's slices, and what a real browser's open costs"). With nothing
/// else to run, a yield returns at once.
///
/// ```swift
/// var insert = try RowWriter(db, sql: "INSERT INTO clicks (code, at) VALUES (?, ?)")
/// for click in clicks {
///     try insert.run { row in
///         row.bind(1, click.code)
///         row.bind(2, StoredDate.milliseconds(click.at))
///     }
/// }
/// ```
struct RowWriter {
    /// The values of one row, bound by 1-based index.
    struct Bindings: ~Copyable {
        fileprivate let handle: SQLiteStatement
        /// The first binding's failure, if any: thrown once the row is bound.
        fileprivate var failure: CInt = SQLITE_OK

        /// Binds text, or NULL for nil.
        mutating func bind(_ index: CInt, _ value: String?) {
            guard var value else { return record(sqlite3_bind_null(handle, index)) }
            let code = value.withUTF8 { bytes in
                // An empty buffer may have no address, which SQLite would bind as NULL.
                guard let start = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, transient)
                }
                return sqlite3_bind_text(handle, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
                                         CInt(bytes.count), transient)
            }
            record(code)
        }

        /// Binds an integer.
        mutating func bind(_ index: CInt, _ value: Int64) {
            record(sqlite3_bind_int64(handle, index, value))
        }

        private mutating func record(_ code: CInt) {
            if code != SQLITE_OK, failure == SQLITE_OK { failure = code }
        }
    }

    /// Rows between two yields of the processor: about a quarter of a millisecond of work.
    static let rowsPerYield = 256

    private let statement: Statement
    private let connection: SQLiteConnection?
    /// Rows run since the last yield.
    private var rowsSinceYield = 0

    /// Prepares `sql` on `db`'s connection.
    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
        connection = db.sqliteConnection
    }

    /// Binds one row with `bind` and runs the statement once.
    mutating func run(_ bind: (inout Bindings) -> Void) throws {
        rowsSinceYield += 1
        if rowsSinceYield == Self.rowsPerYield {
            rowsSinceYield = 0
            sched_yield()
        }
        let handle = statement.sqliteStatement
        var bindings = Bindings(handle: handle)
        bind(&bindings)
        let code = bindings.failure == SQLITE_OK ? sqlite3_step(handle) : bindings.failure
        // The message is read before the reset; the reset comes whatever happened, so a failed
        // row leaves the statement ready for the next.
        let message = code == SQLITE_DONE ? nil : connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns (a C macro Swift
/// does not import).
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
