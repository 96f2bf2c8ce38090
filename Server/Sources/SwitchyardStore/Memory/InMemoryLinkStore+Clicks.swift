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
