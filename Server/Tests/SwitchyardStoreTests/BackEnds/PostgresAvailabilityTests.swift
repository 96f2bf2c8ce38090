import Foundation
import Logging
import Testing
@testable import SwitchyardStore

@Suite("PostgreSQL store availability")
struct PostgresAvailabilityTests {
    @Test("After its connections are killed the store answers again without reopening",
          .needsPostgres)
    func recovers() async throws {
        try await TestDatabase.with(.postgres) { database in
            let store = try await database.open()
            try await store.insert(makeLink("survivor"))
            let admin = try PostgresLinkStore(url: Backend.postgresURL ?? "", timeout: TestDatabase.timeout)
            try await admin.execute(unsafeSQL: """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = 'switchyard/\(database.location)'
                """)
            try await admin.close()
            var failures = 0
            var answer: SmartLink?
            for _ in 0..<50 where answer == nil {
                do {
                    answer = try await store.link(code: "survivor")
                } catch let error as StoreError {
                    #expect(error.code == .unavailable, "\(error)")
                    failures += 1
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            #expect(answer?.code == "survivor")
            #expect(failures <= 3)
            try await store.ping()
        }
    }

    @Test("A batch of clicks over several statements is written whole or not at all",
          .needsPostgres)
    func clickBatchesAreAtomic() async throws {
        try await TestDatabase.with(.postgres) { database in
            let store = try await database.open()
            var batch = (0..<2_500).map { Click(code: "batch", at: Date(timeIntervalSince1970: Double($0)), platform: .ios) }
            // PostgreSQL refuses a NUL in text: the third statement fails after two have run.
            batch[2_200].referrer = "bad\u{0}referrer"
            await #expect(throws: (any Error).self) { try await store.record(batch) }
            #expect(try await store.clickCounts(code: "batch").isEmpty)
            batch[2_200].referrer = nil
            try await store.record(batch)
            #expect(try await store.clickCounts(code: "batch") == [.ios: 2_500])
        }
    }

    @Test("Key guesses spend into debt across instances; full buckets are deleted in batches, the others kept",
          .needsPostgres)
    func rateBucketsExpire() async throws {
        try await TestDatabase.with(.postgres) { database in
            let first = try #require(try await database.open() as? PostgresLinkStore)
            let second = try #require(try await database.open() as? PostgresLinkStore)
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            // 3 a minute: 20 concurrent guesses through two instances, each spent.
            let answers = try await withThrowingTaskGroup(of: Int?.self) { group in
                for index in 0..<20 {
                    let store = index.isMultiple(of: 2) ? first : second
                    group.addTask { try await store.spendToken(key: "key-guess:10.0.0.1", capacity: 3, seconds: 60, now: start, intoDebt: true) }
                }
                return try await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(answers.filter { $0 == nil }.count == 3)
            #expect(answers.compactMap { $0 }.max() == 360, "17 tokens owed plus one: 18 tokens at one every 20 s")
            #expect(try await first.spendToken(key: "key-guess:10.0.0.1", capacity: 3, seconds: 60, now: start + 359, intoDebt: true) != nil)

            // 1,200 callers spend one token each; 6 s later (one token back at 10 a minute) their buckets are full.
            for index in 0..<1200 {
                _ = try await (index.isMultiple(of: 2) ? first : second)
                    .spendToken(key: "redeem:client:\(index)", capacity: 10, seconds: 60, now: start)
            }
            func count() async throws -> Int {
                try await first.rows("SELECT count(*) FROM rate_buckets").first!.decode(Int.self)
            }
            #expect(try await count() == 1201)
            #expect(try await first.forgetFullBuckets(at: start + 5, limit: 500) == 0, "none is full yet")
            #expect(try await first.forgetFullBuckets(at: start + 6, limit: 500) == 500)
            #expect(try await second.forgetFullBuckets(at: start + 6, limit: 500) == 500)
            #expect(try await first.forgetFullBuckets(at: start + 6, limit: 500) == 200)
            #expect(try await count() == 1, "the address in debt keeps its bucket")
            #expect(try await first.forgetFullBuckets(at: start + 420, limit: 500) == 1)
            #expect(try await first.spendToken(key: "key-guess:10.0.0.1", capacity: 3, seconds: 60, now: start + 420, intoDebt: true) == nil,
                    "a deleted bucket is a full one")
        }
    }

    @Test("A rate bucket is shared by every instance: exactly its capacity passes at once, then it refills",
          .needsPostgres)
    func sharedRateBuckets() async throws {
        try await TestDatabase.with(.postgres) { database in
            let first = try #require(try await database.open() as? PostgresLinkStore)
            let second = try #require(try await database.open() as? PostgresLinkStore)
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            // 60 requests through two instances against a bucket of 10 a minute.
            let answers = try await withThrowingTaskGroup(of: Int?.self) { group in
                for index in 0..<60 {
                    let store = index.isMultiple(of: 2) ? first : second
                    group.addTask { try await store.spendToken(key: "create:team:shop", capacity: 10, seconds: 60, now: start) }
                }
                return try await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(answers.filter { $0 == nil }.count == 10)
            #expect(Set(answers.compactMap { $0 }) == [6], "one token every 6 s")
            #expect(try await second.spendToken(key: "create:team:other", capacity: 10, seconds: 60, now: start) == nil,
                    "another caller has its own bucket")
            #expect(try await first.spendToken(key: "create:team:shop", capacity: 10, seconds: 60, now: start + 4) == 2)
            #expect(try await second.spendToken(key: "create:team:shop", capacity: 10, seconds: 60, now: start + 6) == nil)
            #expect(try await first.spendToken(key: "create:team:shop", capacity: 10, seconds: 60, now: start + 6) == 6)
            #expect(try await first.spendToken(key: "create:team:shop", capacity: 10, seconds: 60, now: start - 100) == 6,
                    "a clock that moved back refills nothing")
        }
    }

    @Test("The version table records each step once",
          .needsPostgres)
    func versionTable() async throws {
        try await TestDatabase.with(.postgres) { database in
            let store = try #require(try await database.open() as? PostgresLinkStore)
            try await store.migrate()
            #expect(try await store.appliedMigrations() == PostgresLinkStore.migrations.map(\.version))
            #expect(store.schema == database.location)
        }
    }

    @Test("Upgrading to click totals counts the clicks already written, per code, UTC day and platform",
          .needsPostgres)
    func clickTotalsMigration() async throws {
        try await TestDatabase.with(.postgres) { database in
            let store = try #require(try await database.open(migrate: false) as? PostgresLinkStore)
            try await store.migrate(through: 5)
            let day = 86_400.0
            for (code, at, platform) in [("a", 5 * day + 0.001, "ios"), ("a", 5 * day + 0.002, "ios"), ("a", 6 * day - 0.001, "android"),
                                         ("a", 6 * day, "ios"), ("b", 5 * day, "ios"), ("a", -0.001, "desktop")] {
                _ = try await store.rows(
                    "INSERT INTO clicks (code, at, platform) VALUES (\(code), \(Date(timeIntervalSince1970: at)), \(platform))")
            }
            try await store.migrate()
            #expect(try await store.appliedMigrations() == PostgresLinkStore.migrations.map(\.version))
            let rows = try await store.rows("SELECT code, day, platform, count FROM click_days ORDER BY code, day, platform")
                .map { row in
                    let (code, day, platform, count) = try row.decode((String, Int64, String, Int64).self)
                    return "\(code) \(day) \(platform) \(count)"
                }
            #expect(rows == ["a -1 desktop 1", "a 5 android 1", "a 5 ios 2", "a 6 ios 1", "b 5 ios 1"])
            // New clicks add to the migrated totals.
            try await store.record([Click(code: "a", at: Date(timeIntervalSince1970: 5 * day + 60), platform: .ios)])
            #expect(try await store.clicksPerDay(code: "a", since: Date(timeIntervalSince1970: 5 * day)).map(\.count) == [4, 1])
        }
    }
}
