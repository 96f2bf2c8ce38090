public import Foundation

extension InMemoryLinkStore {
    /// The clicks recorded for `code`, oldest first (`@testable` only).
    func recordedClicks(code: String) -> [Click] {
        (clicks[code] ?? []).sorted { $0.at < $1.at }
    }

    /// Appends clicks and adds them to their day's totals.
    public func record(_ clicks: [Click], webhooks: WebhookClickDeliveries?) async throws {
        try check()
        for var click in clicks {
            click.at = StoredDate.rounded(click.at)
            self.clicks[click.code, default: []].append(click)
        }
        for (key, count) in ClickTotals(clicks).counts {
            clickDays[key.code, default: [:]][key, default: 0] += count
        }
        for count in ClickTotals.countries(clicks) {
            var kept = countryDays[count.code, default: [:]][CountryDay(day: count.day, country: count.country)] ?? (0, 0, 0)
            kept.clicks += count.clicks
            kept.humans += count.humans
            kept.uniques += count.uniques
            countryDays[count.code, default: [:]][CountryDay(day: count.day, country: count.country)] = kept
        }
        for count in ClickTotals.people(clicks) {
            eventDays[count.code, default: [:]][EventCount.Key(day: count.day, event: count.event, platform: count.platform), default: 0]
                += count.count
        }
        if let webhooks {
            var teams: [String: String] = [:]
            for click in clicks { teams[click.code] = links[click.code]?.team }
            webhookTables.enqueue(webhooks(teams, clicks))
        }
    }

    /// Click totals by platform.
    public func clickCounts(code: String) async throws -> [Click.Platform: Int] {
        try check()
        var counts: [Click.Platform: Int] = [:]
        for (key, count) in clickDays[code] ?? [:] { counts[key.platform, default: 0] += count }
        return counts
    }

    /// Clicks per UTC day from the day `since` falls in.
    public func clicksPerDay(code: String, since: Date) async throws -> [(day: Date, count: Int)] {
        try check()
        let first = StoredDate.day(since)
        var counts: [Int64: Int] = [:]
        for (key, count) in clickDays[code] ?? [:] where key.day >= first { counts[key.day, default: 0] += count }
        return counts.sorted { $0.key < $1.key }.map { (day: StoredDate.dayStart($0.key), count: $0.value) }
    }
}

extension InMemoryLinkStore {
    /// One row of `country_days`, by link.
    struct CountryDay: Hashable {
        var day: Int64
        var country: String
    }

    public func countryCounts(code: String, fromDay: Int64) async throws -> [CountryCount] {
        try check()
        var sums: [String: (clicks: Int, humans: Int, uniques: Int)] = [:]
        for (key, count) in countryDays[code] ?? [:] where key.day >= fromDay {
            var sum = sums[key.country] ?? (0, 0, 0)
            sum.clicks += count.clicks
            sum.humans += count.humans
            sum.uniques += count.uniques
            sums[key.country] = sum
        }
        return CountryCount.ordered(sums.map {
            CountryCount(country: $0.key.isEmpty ? nil : $0.key, clicks: $0.value.clicks, humanClicks: $0.value.humans, uniqueClicks: $0.value.uniques)
        })
    }
}
