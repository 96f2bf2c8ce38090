import Foundation
import GRDB
import Testing
@testable import SwitchyardStore

/// Not a check: the work behind BENCHMARKS.md's "A million clicks rolled up and deleted" (issue
/// 55). `SWITCHYARD_ROLLUP_PROBE=N` records N clicks over 120 days on 1,000 links (people, repeats
/// and robots, ten countries and unknown) on SQLite, and on PostgreSQL when
/// `SWITCHYARD_POSTGRES_URL` is set; then deletes them all as the retention sweep does (500 a
/// call), printing the time of each step and the database's size before and after, and checks
/// that every figure is the same after.
@Suite struct RollupProbe {
    static let clicks = ProcessInfo.processInfo.environment["SWITCHYARD_ROLLUP_PROBE"].flatMap { Int($0) }

    @Test(.enabled(if: clicks != nil, "set SWITCHYARD_ROLLUP_PROBE=N to measure N clicks rolled up and deleted"),
          arguments: Backend.postgresURL == nil ? [Backend.sqlite] : [.sqlite, .postgres])
    func aMillionClicksRolledUpAndDeleted(_ backend: Backend) async throws {
        let total = try #require(Self.clicks)
        try await TestDatabase.with(backend) { database in
            let store = try await database.open()
            for index in 0..<1000 { try await store.insert(makeLink(String(format: "c%04d", index))) }
            let countries: [String?] = ["GB", "FR", "DE", "US", "ES", "IT", "NL", "SE", "PL", "JP", nil]
            let platforms: [Click.Platform] = [.ios, .android, .desktop, .ios, .android, .crawler]
            let kinds: [Click.Kind] = [.human, .human, .human, .human, .human, .human, .human, .duplicate, .bot, .bot]
            let span = 120.0 * 86_400 / Double(total)
            var clock = ContinuousClock.now
            var batch: [Click] = []
            for index in 0..<total {
                batch.append(Click(code: String(format: "c%04d", (index &* 7919) % 1000), at: Instant.at(Double(index) * span),
                                   platform: platforms[index % platforms.count], referrer: index % 3 == 0 ? "https://mail.example.com/inbox/\(index % 97)" : nil,
                                   kind: kinds[index % kinds.count], country: countries[index % countries.count]))
                if batch.count == 10_000 { try await store.record(batch); batch.removeAll(keepingCapacity: true) }
            }
            if !batch.isEmpty { try await store.record(batch) }
            let written = ContinuousClock.now - clock
            let figures = try await Self.figures(store)
            let before = try await Self.size(database, store)

            clock = ContinuousClock.now
            var deleted = 0, calls = 0
            while true {
                let count = try await store.deleteClicks(before: Instant.at(121 * 86_400), limit: 500)
                deleted += count
                calls += 1
                if count < 500 { break }
            }
            let deleting = ContinuousClock.now - clock
            let after = try await Self.size(database, store)
            #expect(deleted == total)
            #expect(try await Self.figures(store) == figures, "every figure the same after the raw clicks are gone")
            clock = ContinuousClock.now
            let compacted = try await Self.compact(database, store)
            let compacting = ContinuousClock.now - clock
            print("""
                rollup probe (\(backend.rawValue), debug build): \(total) clicks written in batches of 10,000 in \(written); \
                size \(before) bytes; deleted in \(calls) calls of 500 in \(deleting); size after \(after) bytes \
                (free pages kept for new clicks); after \(backend == .sqlite ? "VACUUM" : "VACUUM FULL clicks") (\(compacting)) \(compacted) bytes
                """)
        }
    }

    /// Every figure of 20 links and of all their days: what must not change.
    static func figures(_ store: any LinkStore) async throws -> [String] {
        var all: [String] = []
        for index in stride(from: 0, to: 1000, by: 50) {
            let code = String(format: "c%04d", index)
            let daily = try await store.dailyCounts(code: code, fromDay: 0).map { "\($0.day) \($0.event?.rawValue ?? "click") \($0.platform) \($0.count)" }
            let countries = try await store.countryCounts(code: code, fromDay: 0).map { "\($0.country ?? "-") \($0.clicks) \($0.humanClicks) \($0.uniqueClicks)" }
            all += [code] + daily.sorted() + countries
        }
        return all
    }

    /// The database's bytes on disk: the SQLite file and its WAL after a checkpoint, or the
    /// PostgreSQL schema's tables with their indexes.
    static func size(_ database: TestDatabase, _ store: any LinkStore) async throws -> Int {
        switch database.backend {
        case .sqlite:
            let queue = try DatabaseQueue(path: database.location)
            try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try queue.close()
            return ["", "-wal"].reduce(0) { sum, suffix in
                sum + ((try? FileManager.default.attributesOfItem(atPath: database.location + suffix)[.size] as? Int) ?? 0)
            }
        case .postgres:
            let postgres = try #require(store as? PostgresLinkStore)
            return try await postgres.integer(unsafeSQL: """
                SELECT sum(pg_total_relation_size(quote_ident(schemaname) || '.' || quote_ident(tablename)))::bigint
                FROM pg_tables WHERE schemaname = '\(database.location)'
                """)
        case .memory:
            return 0
        }
    }

    /// Gives the freed space back (`VACUUM`; on PostgreSQL `VACUUM FULL` of the clicks), then the size.
    static func compact(_ database: TestDatabase, _ store: any LinkStore) async throws -> Int {
        switch database.backend {
        case .sqlite:
            let queue = try DatabaseQueue(path: database.location)
            try await queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
            try queue.close()
        case .postgres:
            let postgres = try #require(store as? PostgresLinkStore)
            try await postgres.execute(unsafeSQL: "VACUUM FULL \(database.location).clicks")
        case .memory:
            break
        }
        return try await size(database, store)
    }
}
