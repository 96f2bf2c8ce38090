public import Foundation

extension EventCount {
    /// One row of `event_days`.
    struct Key: Hashable {
        var day: Int64
        var event: LinkEvent
        var platform: Click.Platform
    }
}

extension InMemoryLinkStore {
    public func addEventCounts(_ counts: [EventCount]) async throws {
        try check()
        for count in counts {
            eventDays[count.code, default: [:]][EventCount.Key(day: count.day, event: count.event, platform: count.platform), default: 0]
                += count.count
        }
    }

    public func dailyCounts(code: String, fromDay: Int64) async throws -> [StatsCount] {
        try check()
        return counts(of: code, fromDay: fromDay)
    }

    public func teamDailyCounts(team: String, fromDay: Int64) async throws -> [StatsCount] {
        try check()
        var sums: [StatsCount: Int] = [:]
        for link in links.values where link.team == team && link.deletedAt == nil {
            for count in counts(of: link.code, fromDay: fromDay) {
                var key = count
                key.count = 0
                sums[key, default: 0] += count.count
            }
        }
        return sums.map { key, total in
            var count = key
            count.count = total
            return count
        }
    }

    public func topLinks(team: String, fromDay: Int64, limit: Int, cursor: String?) async throws -> LinkTotalsPage {
        try check()
        let limit = ListLimit.clamped(limit)
        let after = try cursor.map { text throws(StoreError) in try TopLinksCursor(parsing: text) }
        var totals = links.values.filter { $0.team == team && $0.deletedAt == nil }.map { link in
            var total = LinkTotals(code: link.code, clicks: 0)
            for count in counts(of: link.code, fromDay: fromDay) {
                if let event = count.event { total.events[event, default: 0] += count.count } else { total.clicks += count.count }
            }
            return total
        }
        totals.sort { ($0.clicks, $0.code) > ($1.clicks, $1.code) }
        if let after {
            totals = totals.filter { $0.clicks < after.clicks || ($0.clicks == after.clicks && $0.code < after.code) }
        }
        return TopLinksCursor.page(Array(totals.prefix(limit + 1)), limit: limit)
    }

    public func deleteClicks(before date: Date, limit: Int) async throws -> Int {
        try check()
        let cutoff = StoredDate.rounded(date)
        let old = clicks.flatMap { code, list in list.indices.filter { list[$0].at < cutoff }.map { (code, list[$0].at, $0) } }
            .sorted { $0.1 < $1.1 }
            .prefix(max(1, limit))
        var doomed: [String: Set<Int>] = [:]
        for (code, _, index) in old { doomed[code, default: []].insert(index) }
        for (code, indices) in doomed {
            clicks[code] = clicks[code]?.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
        }
        return old.count
    }

    /// A link's click and event counts from `fromDay` on.
    private func counts(of code: String, fromDay: Int64) -> [StatsCount] {
        let clickCounts = (clickDays[code] ?? [:]).filter { $0.key.day >= fromDay }.map { key, count in
            StatsCount(event: nil, day: key.day, platform: key.platform, count: count)
        }
        let eventCounts = (eventDays[code] ?? [:]).filter { $0.key.day >= fromDay }.map { key, count in
            StatsCount(event: key.event, day: key.day, platform: key.platform, count: count)
        }
        return clickCounts + eventCounts
    }
}
