import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// Clicks are counted per platform and per UTC day, from the day `since` falls in, for their
    /// own code only; batches add to the same day's totals.
    static func clicks(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("clicked"))
        try await store.insert(makeLink("other"))
        let day = 86_400.0
        // Instant.base is 2023-11-14T22:13:20Z: +2h is already the 15th.
        let day14 = Date(timeIntervalSince1970: 1_699_920_000)
        let clicks = [
            Click(code: "clicked", at: Instant.at(0), platform: .ios, referrer: "https://t.co/x"),
            Click(code: "clicked", at: Instant.at(60), platform: .ios),
            Click(code: "clicked", at: Instant.at(7_200), platform: .android),
            Click(code: "clicked", at: Instant.at(7_300), platform: .crawler, referrer: "https://slack.com"),
            Click(code: "clicked", at: Instant.at(2 * day), platform: .desktop),
            Click(code: "clicked", at: Instant.at(2 * day + 1), platform: .ios),
            Click(code: "other", at: Instant.at(5), platform: .other),
        ]
        try await store.record(Array(clicks.prefix(3)))
        try await store.record(Array(clicks.dropFirst(3)))
        try await store.record([])

        #expect(try await store.clickCounts(code: "clicked") == [.ios: 3, .android: 1, .crawler: 1, .desktop: 1])
        #expect(try await store.clickCounts(code: "other") == [.other: 1])
        #expect(try await store.clickCounts(code: "never") == [:])

        let perDay = try await store.clicksPerDay(code: "clicked", since: day14)
        #expect(perDay.map(\.day) == [day14, day14.addingTimeInterval(day), day14.addingTimeInterval(2 * day)])
        #expect(perDay.map(\.count) == [2, 2, 2])
        // From the day `since` falls in, whole: the click at 7,200 s counts though it came before.
        let recent = try await store.clicksPerDay(code: "clicked", since: Instant.at(7_250))
        #expect(recent.map(\.day) == [day14.addingTimeInterval(day), day14.addingTimeInterval(2 * day)])
        #expect(recent.map(\.count) == [2, 2])
        #expect(try await store.clicksPerDay(code: "clicked", since: Instant.at(3 * day)).isEmpty)
        #expect(try await store.clicksPerDay(code: "never", since: day14).isEmpty)

        // A large batch goes in whole, and adds to the totals already there.
        let many = (0..<2_500).map { Click(code: "other", at: Instant.at(Double($0)), platform: .desktop) }
        try await store.record(many)
        try await store.record([Click(code: "other", at: Instant.at(3), platform: .desktop)])
        #expect(try await store.clickCounts(code: "other") == [.other: 1, .desktop: 2_501])
        #expect(try await store.clicksPerDay(code: "other", since: day14).map(\.count) == [2_502])

        // Before 1970 the day is rounded down too (1969-12-31, not 1970-01-01).
        try await store.record([Click(code: "old", at: Date(timeIntervalSince1970: -1), platform: .ios)])
        let old = try await store.clicksPerDay(code: "old", since: Date(timeIntervalSince1970: -day))
        #expect(old.map(\.day) == [Date(timeIntervalSince1970: -day)])
    }
}
