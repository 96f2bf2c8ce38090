import Foundation
import GRDB
import Testing
@testable import SwitchyardStore

@Suite("SQLite store")
struct SQLiteLinkStoreTests {
    /// A fresh directory for one test.
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("The writer runs in WAL mode with synchronous FULL and a 5 s busy timeout")
    func pragmas() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteLinkStore(path: directory.appendingPathComponent("a.sqlite").path)
        try await store.migrate()
        let (journal, synchronous, busy) = try await store.write { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"),
             try Int.fetchOne(db, sql: "PRAGMA synchronous"),
             try Int.fetchOne(db, sql: "PRAGMA busy_timeout"))
        }
        #expect(journal == "wal")
        #expect(synchronous == 2)
        #expect(busy == 5000)
        let readerJournal = try await store.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(readerJournal == "wal")
        try await store.close()
    }

    @Test("The version table records each step once, however often migrate runs")
    func versionTable() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("v.sqlite").path
        let store = try SQLiteLinkStore(path: path)
        try await store.migrate()
        try await store.migrate()
        #expect(try await store.appliedMigrations() == SQLiteLinkStore.migrations.map(\.version))
        let indexes = try await store.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        }
        #expect(indexes == ["attest_challenges_client", "attest_challenges_expiry", "attest_keys_install", "audit_log_at", "audit_log_team", "dashboard_sessions_expiry", "deferred_opens_expiry", "deferred_opens_fingerprint",
                           "idempotency_keys_created", "links_live_route", "links_team_listing", "links_variants_pending_end", "redemptions_range", "webhook_deliveries_due",
                           "webhook_deliveries_webhook", "webhooks_team"])
        try await store.close()
    }

    @Test("Upgrading to click totals counts the clicks already written, per code, UTC day and platform")
    func clickTotalsMigration() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteLinkStore(path: directory.appendingPathComponent("old.sqlite").path)
        try await store.migrate(through: 5)
        let day: Int64 = 86_400_000
        try await store.write { db in
            for (code, at, platform) in [("a", 5 * day + 1, "ios"), ("a", 5 * day + 2, "ios"), ("a", 6 * day - 1, "android"),
                                         ("a", 6 * day, "ios"), ("b", 5 * day, "ios"), ("a", -1, "desktop")] {
                try db.execute(sql: "INSERT INTO clicks (code, at, platform) VALUES (?, ?, ?)", arguments: [code, at, platform])
            }
        }
        try await store.migrate()
        #expect(try await store.appliedMigrations() == SQLiteLinkStore.migrations.map(\.version))
        let rows = try await store.read { db in
            try Row.fetchAll(db, sql: "SELECT code, day, platform, count FROM click_days ORDER BY code, day, platform")
                .map { "\($0["code"] as String) \($0["day"] as Int64) \($0["platform"] as String) \($0["count"] as Int)" }
        }
        #expect(rows == ["a -1 desktop 1", "a 5 android 1", "a 5 ios 2", "a 6 ios 1", "b 5 ios 1"])
        #expect(try await store.clickCounts(code: "b") == [.ios: 1])
        // New clicks add to the migrated totals.
        try await store.record([Click(code: "a", at: Date(timeIntervalSince1970: 5 * 86_400 + 60), platform: .ios)])
        #expect(try await store.clicksPerDay(code: "a", since: Date(timeIntervalSince1970: 5 * 86_400)).map(\.count) == [4, 1])
        try await store.close()
    }

    @Test("A path that cannot be opened is a configuration error")
    func unopenable() throws {
        #expect(throws: StoreError(.configuration,
                                   "cannot open SQLite database at '/nonexistent-switchyard/links.sqlite': unable to open database file")) {
            try SQLiteLinkStore(path: "/nonexistent-switchyard/links.sqlite")
        }
    }

    @Test("A file that is not a database is refused")
    func notADatabase() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("text.sqlite").path
        try Data(String(repeating: "not a database, just text\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        do {
            let store = try SQLiteLinkStore(path: path)
            try await store.migrate()
            Issue.record("a text file opened as a database")
        } catch let error as StoreError {
            #expect(error.code == .configuration || error.code == .corrupt)
            #expect(error.message.contains("file is not a database"))
        }
    }

    @Test("Clicks are stored as given: no referrer, an empty one, non-ASCII, a NUL byte, campaign parameters")
    func clickRows() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteLinkStore(path: directory.appendingPathComponent("c.sqlite").path)
        try await store.migrate()
        let at = Date(timeIntervalSince1970: 1_764_000_000.123)
        let clicks = [
            Click(code: "Ab3dE9xQ", at: at, platform: .ios),
            Click(code: "Ab3dE9xQ", at: at, platform: .android, referrer: ""),
            Click(code: "x", at: at.addingTimeInterval(1), platform: .desktop, referrer: "https://exämple.com/ß?q=✓"),
            Click(code: "x", at: at, platform: .crawler, referrer: "a\u{0}b", campaign: ["utm_source": "naïve", "utm_medium": ""]),
        ]
        try await store.record(clicks)
        let rows = try await store.read { db in
            try Row.fetchAll(db, sql: "SELECT code, at, platform, referrer, campaign FROM clicks ORDER BY rowid").map { row in
                [row["code"] as String, String(row["at"] as Int64), row["platform"] as String,
                 (row["referrer"] as String?) ?? "NULL", (row["campaign"] as String?) ?? "NULL"]
            }
        }
        #expect(rows == [
            ["Ab3dE9xQ", "1764000000123", "ios", "NULL", "NULL"],
            ["Ab3dE9xQ", "1764000000123", "android", "", "NULL"],
            ["x", "1764000001123", "desktop", "https://exämple.com/ß?q=✓", "NULL"],
            // GRDB reads text up to a NUL byte: the stored bytes are checked below.
            ["x", "1764000000123", "crawler", "a", #"{"utm_medium":"","utm_source":"naïve"}"#],
        ])
        // An empty referrer is text, not NULL; the NUL byte is kept, not cut.
        let kinds = try await store.read { db in
            try Row.fetchAll(db, sql: "SELECT typeof(referrer), length(CAST(referrer AS BLOB)), hex(referrer) FROM clicks ORDER BY rowid")
                .map { "\($0[0] as String) \(($0[1] as Int?) ?? -1) \($0[2] as String)" }
        }
        #expect(kinds == ["null -1 ", "text 0 ", "text 29 \(Data("https://exämple.com/ß?q=✓".utf8).map { String(format: "%02X", $0) }.joined())",
                          "text 3 610062"])
        #expect(try await store.clickCounts(code: "x") == [.desktop: 1, .crawler: 1])
        // A batch past several yields of the processor (one per `RowWriter.rowsPerYield` rows).
        let many = (0..<(RowWriter.rowsPerYield * 3 + 5)).map { Click(code: "m\($0 % 7)", at: at, platform: .ios) }
        try await store.record(many)
        let written = try await store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM clicks WHERE code LIKE 'm%'") }
        #expect(written == many.count)
        #expect(try await store.clickCounts(code: "m0") == [.ios: many.count(where: { $0.code == "m0" })])
        try await store.close()
    }

    @Test("A row the database refuses throws with SQLite's message and leaves the statement ready for the next")
    func rowWriterFailure() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteLinkStore(path: directory.appendingPathComponent("r.sqlite").path)
        let rows = try await store.write { db -> [String] in
            try db.execute(sql: "CREATE TABLE t (name TEXT NOT NULL UNIQUE, n INTEGER)")
            var insert = try RowWriter(db, sql: "INSERT INTO t (name, n) VALUES (?, ?)")
            try insert.run { row in row.bind(1, "a"); row.bind(2, 1) }
            let names = [ResultCode.SQLITE_CONSTRAINT.rawValue: "constraint", ResultCode.SQLITE_RANGE.rawValue: "range"]
            /// What running the row threw: its code's name and SQLite's message.
            func failure(_ bind: (inout RowWriter.Bindings) -> Void) -> String {
                do {
                    try insert.run(bind)
                    return "no error"
                } catch let error as DatabaseError {
                    return "\(names[error.resultCode.rawValue] ?? "\(error.resultCode)"): \(error.message ?? "")"
                } catch {
                    return "\(error)"
                }
            }
            let failures = [
                failure { row in row.bind(1, nil as String?); row.bind(2, 2) },
                failure { row in row.bind(1, "a"); row.bind(2, 3) },
                // Out of range: the binding's own failure, before any step.
                failure { row in row.bind(1, "c"); row.bind(3, 3) },
            ]
            try insert.run { row in row.bind(1, "b"); row.bind(2, 4) }
            return failures + (try Row.fetchAll(db, sql: "SELECT name, n FROM t ORDER BY n").map { "\($0[0] as String)=\($0[1] as Int)" })
        }
        #expect(rows == ["constraint: NOT NULL constraint failed: t.name",
                         "constraint: UNIQUE constraint failed: t.name",
                         "range: column index out of range",
                         "a=1", "b=4"])
        try await store.close()
    }
}
