import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// The UTC day of `Instant.at(seconds)`.
    static func day(_ seconds: Double) -> Int64 { StoredDate.day(Instant.at(seconds)) }

    /// A link's clicks and events per day and platform: event counts add up across writes, and
    /// the days before `fromDay` are left out.
    static func statsDaily(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("daily"))
        let today = day(0)
        try await store.record([
            Click(code: "daily", at: Instant.at(0), platform: .ios),
            Click(code: "daily", at: Instant.at(1), platform: .ios),
            Click(code: "daily", at: Instant.at(-86_400), platform: .android),
            Click(code: "daily", at: Instant.at(-3 * 86_400), platform: .desktop),
        ])
        try await store.addEventCounts([
            EventCount(code: "daily", event: .appOpen, day: today, platform: .ios, count: 2),
            EventCount(code: "daily", event: .redeem, day: today - 1, platform: .android, count: 1),
        ])
        try await store.addEventCounts([EventCount(code: "daily", event: .appOpen, day: today, platform: .ios, count: 3)])
        let counts = Set(try await store.dailyCounts(code: "daily", fromDay: today - 1))
        #expect(counts == [
            StatsCount(event: nil, day: today, platform: .ios, count: 2),
            StatsCount(event: nil, day: today - 1, platform: .android, count: 1),
            StatsCount(event: .appOpen, day: today, platform: .ios, count: 5),
            StatsCount(event: .redeem, day: today - 1, platform: .android, count: 1),
            // People's clicks, counted with the clicks (each a person's first here).
            StatsCount(event: .humanClick, day: today, platform: .ios, count: 2),
            StatsCount(event: .uniqueClick, day: today, platform: .ios, count: 2),
            StatsCount(event: .humanClick, day: today - 1, platform: .android, count: 1),
            StatsCount(event: .uniqueClick, day: today - 1, platform: .android, count: 1),
        ])
        #expect(try await store.dailyCounts(code: "other", fromDay: today - 10).isEmpty)
    }

    /// A team's counts sum its live links only.
    static func statsTeam(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let today = day(0)
        for (code, team) in [("mine1", "acme"), ("mine2", "acme"), ("gone1", "acme"), ("theirs", "other")] {
            try await store.insert(makeLink(code, team: team))
            try await store.record([Click(code: code, at: Instant.at(0), platform: .ios)])
            try await store.addEventCounts([EventCount(code: code, event: .firstOpen, day: today, platform: .android, count: 1)])
        }
        #expect(try await store.delete(code: "gone1", team: "acme", at: Instant.at(5)))
        let counts = Set(try await store.teamDailyCounts(team: "acme", fromDay: today))
        #expect(counts == [
            StatsCount(event: nil, day: today, platform: .ios, count: 2),
            StatsCount(event: .firstOpen, day: today, platform: .android, count: 2),
            StatsCount(event: .humanClick, day: today, platform: .ios, count: 2),
            StatsCount(event: .uniqueClick, day: today, platform: .ios, count: 2),
        ])
        #expect(try await store.teamDailyCounts(team: "nobody", fromDay: today).isEmpty)
    }

    /// A team's links most clicked first, ties by code descending, links without clicks last,
    /// paged with cursors; a cursor no page gave is refused.
    static func statsTopLinks(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let today = day(0)
        let clicks = ["aaa": 3, "bbb": 5, "ccc": 3, "ddd": 0, "eee": 1]
        for (code, count) in clicks {
            try await store.insert(makeLink(code))
            try await store.record((0..<count).map { Click(code: code, at: Instant.at(Double($0)), platform: .desktop) })
        }
        try await store.record([Click(code: "ddd", at: Instant.at(-5 * 86_400), platform: .ios)])   // before the period
        try await store.insert(makeLink("zzz", team: "other"))
        try await store.record([Click(code: "zzz", at: Instant.at(0), platform: .ios)])
        try await store.addEventCounts([EventCount(code: "ccc", event: .redeem, day: today, platform: .ios, count: 4)])
        var seen: [LinkTotals] = []
        var cursor: String?
        repeat {
            let page = try await store.topLinks(team: "acme", fromDay: today - 1, limit: 2, cursor: cursor)
            #expect(page.links.count <= 2)
            seen += page.links
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen.map(\.code) == ["bbb", "ccc", "aaa", "eee", "ddd"])
        #expect(seen.map(\.clicks) == [5, 3, 3, 1, 0])
        #expect(seen.first { $0.code == "ccc" }?.events == [.redeem: 4, .humanClick: 3, .uniqueClick: 3])
        await #expect(throws: StoreError.invalidCursor("nonsense")) {
            _ = try await store.topLinks(team: "acme", fromDay: today, limit: 2, cursor: "nonsense")
        }
    }

    /// Raw clicks older than the cutoff are deleted oldest first, `limit` at a time; the per-day
    /// counts stay, and a pass with nothing old deletes nothing.
    static func statsClickRetention(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("kept"))
        try await store.record((0..<7).map { Click(code: "kept", at: Instant.at(Double($0) * 86_400), platform: .ios) })
        let cutoff = Instant.at(5 * 86_400)   // clicks of days 0 to 4 are older
        #expect(try await store.deleteClicks(before: cutoff, limit: 3) == 3)
        #expect(try await store.deleteClicks(before: cutoff, limit: 3) == 2)
        #expect(try await store.deleteClicks(before: cutoff, limit: 3) == 0)
        #expect(try await store.clickCounts(code: "kept") == [.ios: 7], "the per-day counts stay")
        #expect(try await store.deleteClicks(before: Instant.at(100 * 86_400), limit: 10) == 2, "the rest, later")
    }
}
