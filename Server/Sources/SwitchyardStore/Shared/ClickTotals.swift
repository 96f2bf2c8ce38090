/// Clicks counted per link, UTC day and platform: what every store keeps beside the clicks
/// themselves, and what the dashboard and the API read.
///
/// A click's own row is appended to the `clicks` table, which has no index by code: appending
/// costs a page per page of rows. Counting is done here, once per batch, and each store adds the
/// counts to its `click_days` table (one upsert per link, day and platform in the batch), so no
/// index of the clicks by code is written a page per click (see BENCHMARKS.md, "Clicks counted per day, and
/// a writer that no longer overflows its stack").
///
/// ```swift
/// for (key, count) in ClickTotals(batch).sorted {
///     try add.execute(arguments: [key.code, key.day, key.platform.rawValue, count])  // an upsert
/// }
/// ```
struct ClickTotals {
    /// One row of `click_days`.
    struct Key: Hashable, Comparable {
        var code: String
        /// The UTC day, as ``StoredDate/day(_:)`` counts it.
        var day: Int64
        var platform: Click.Platform

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.code, lhs.day, lhs.platform.rawValue) < (rhs.code, rhs.day, rhs.platform.rawValue)
        }
    }

    private(set) var counts: [Key: Int] = [:]

    /// Counts `clicks`.
    init(_ clicks: some Sequence<Click>) {
        for click in clicks {
            counts[Key(code: click.code, day: StoredDate.day(click.at), platform: click.platform), default: 0] += 1
        }
    }

    /// The batch's people, as `event_days` rows in key order: ``LinkEvent/humanClick`` for each
    /// click that is not a robot's, ``LinkEvent/uniqueClick`` for each that is no repeat either.
    static func people(_ clicks: some Sequence<Click>) -> [EventCount] {
        var counts: [EventCount.Row: Int] = [:]
        for click in clicks where click.kind != .bot {
            let day = StoredDate.day(click.at)
            counts[EventCount.Row(code: click.code, event: .humanClick, day: day, platform: click.platform), default: 0] += 1
            if click.kind == .human {
                counts[EventCount.Row(code: click.code, event: .uniqueClick, day: day, platform: click.platform), default: 0] += 1
            }
        }
        return counts.map { EventCount(code: $0.key.code, event: $0.key.event, day: $0.key.day, platform: $0.key.platform, count: $0.value) }
            .sorted { ($0.code, $0.day, $0.event.rawValue, $0.platform.rawValue) < ($1.code, $1.day, $1.event.rawValue, $1.platform.rawValue) }
    }

    /// One row of `country_days`.
    struct CountryKey: Hashable {
        var code: String
        var day: Int64
        var country: String
    }

    /// The batch's clicks per link, day and country (`""` for unknown), in key order: every
    /// click, people's, and people's firsts (the `country_days` rows).
    static func countries(_ clicks: some Sequence<Click>) -> [(code: String, day: Int64, country: String, clicks: Int, humans: Int, uniques: Int)] {
        var counts: [CountryKey: (clicks: Int, humans: Int, uniques: Int)] = [:]
        for click in clicks {
            let key = CountryKey(code: click.code, day: StoredDate.day(click.at), country: click.country ?? "")
            var count = counts[key] ?? (0, 0, 0)
            count.clicks += 1
            if click.kind != .bot { count.humans += 1 }
            if click.kind == .human { count.uniques += 1 }
            counts[key] = count
        }
        return counts.map { (code: $0.key.code, day: $0.key.day, country: $0.key.country, clicks: $0.value.clicks, humans: $0.value.humans, uniques: $0.value.uniques) }
            .sorted { ($0.code, $0.day, $0.country) < ($1.code, $1.day, $1.country) }
    }

    /// The counts in key order: concurrent writers upsert rows in the same order, so two batches
    /// on PostgreSQL never wait on each other's rows in a cycle.
    var sorted: [(key: Key, count: Int)] {
        counts.sorted { $0.key < $1.key }.map { (key: $0.key, count: $0.value) }
    }
}

extension EventCount {
    /// What one count of ``ClickTotals/people(_:)`` adds to.
    struct Row: Hashable {
        var code: String
        var event: LinkEvent
        var day: Int64
        var platform: Click.Platform
    }
}
