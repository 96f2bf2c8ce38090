import Foundation
import Testing
@testable import SwitchyardStore

/// Click counts survive their raw rows (issue 55), on each back end: clicks of every kind and
/// country are counted per day as they are written — every click, people's, people's firsts, by
/// platform and by country — so deleting the raw clicks past their retention leaves every figure
/// exact, on both sides of the retention boundary.
enum ClickRollupConformance: String, ConformanceCase {
    case figuresOutliveRawClicks

    func check(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("camp1"))
        let old = Instant.at(0), recent = Instant.at(200 * 86_400)
        func clicks(at day: Date) -> [Click] {
            [Click(code: "camp1", at: day, platform: .ios, kind: .human, country: "GB"),
             Click(code: "camp1", at: day.addingTimeInterval(60), platform: .ios, kind: .duplicate, country: "GB"),
             Click(code: "camp1", at: day.addingTimeInterval(61), platform: .desktop, kind: .bot, country: "US"),
             Click(code: "camp1", at: day.addingTimeInterval(62), platform: .android, kind: .human)]
        }
        try await store.record(clicks(at: old))
        try await store.record(clicks(at: recent))
        let figures = try await store.dailyCounts(code: "camp1", fromDay: 0)
        let countries = try await store.countryCounts(code: "camp1", fromDay: 0)
        #expect(countries == [CountryCount(country: "GB", clicks: 4, humanClicks: 4, uniqueClicks: 2),
                              CountryCount(country: "US", clicks: 2, humanClicks: 0, uniqueClicks: 0),
                              CountryCount(country: nil, clicks: 2, humanClicks: 2, uniqueClicks: 2)],
                "most clicks first; a tie by country, unknown last")
        let oldDay = StoredDate.day(old)
        #expect(Set(figures.filter { $0.day == oldDay }) == [
            StatsCount(event: nil, day: oldDay, platform: .ios, count: 2), StatsCount(event: nil, day: oldDay, platform: .desktop, count: 1),
            StatsCount(event: nil, day: oldDay, platform: .android, count: 1),
            StatsCount(event: .humanClick, day: oldDay, platform: .ios, count: 2), StatsCount(event: .humanClick, day: oldDay, platform: .android, count: 1),
            StatsCount(event: .uniqueClick, day: oldDay, platform: .ios, count: 1), StatsCount(event: .uniqueClick, day: oldDay, platform: .android, count: 1),
        ])

        // The retention boundary between the two days: the old day's raw clicks go, its figures stay.
        let boundary = Instant.at(100 * 86_400)
        #expect(try await store.deleteClicks(before: boundary, limit: 500) == 4)
        #expect(try await store.deleteClicks(before: boundary, limit: 500) == 0)
        #expect(Set(try await store.dailyCounts(code: "camp1", fromDay: 0)) == Set(figures))
        #expect(try await store.countryCounts(code: "camp1", fromDay: 0) == countries)
        #expect(try await store.countryCounts(code: "camp1", fromDay: StoredDate.day(recent))
                == [CountryCount(country: "GB", clicks: 2, humanClicks: 2, uniqueClicks: 1),
                    CountryCount(country: "US", clicks: 1, humanClicks: 0, uniqueClicks: 0),
                    CountryCount(country: nil, clicks: 1, humanClicks: 1, uniqueClicks: 1)])
    }
}

/// The rollup case on each back end (PostgreSQL when `SWITCHYARD_POSTGRES_URL` is set).
@Suite("Click rollup conformance", .serialized)
struct ClickRollupConformanceTests {
    @Test("In memory", arguments: ClickRollupConformance.allCases)
    func memory(_ check: ClickRollupConformance) async throws { try await check.run(on: .memory) }

    @Test("SQLite", arguments: ClickRollupConformance.allCases)
    func sqlite(_ check: ClickRollupConformance) async throws { try await check.run(on: .sqlite) }

    @Test("PostgreSQL", .needsPostgres, arguments: ClickRollupConformance.allCases)
    func postgres(_ check: ClickRollupConformance) async throws { try await check.run(on: .postgres) }
}
