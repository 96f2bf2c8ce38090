public import Foundation
import GRDB

extension SQLiteLinkStore {
    /// Appends the clicks and adds them to their day's totals, in one transaction.
    public func record(_ clicks: [Click], webhooks: WebhookClickDeliveries?) async throws {
        guard !clicks.isEmpty else { return }
        try await write { db in
            // Counted here, on GRDB's writer thread, not on the cooperative pool that answers requests.
            let totals = ClickTotals(clicks).sorted
            // Bound through SQLite's C API, yielding the processor every few hundred rows
            // (`RowWriter`), not through GRDB's `StatementArguments`, which boxes each value in an
            // existential and copies it into an array on every row.
            var append = try RowWriter(db, sql: "INSERT INTO clicks (code, at, platform, referrer, campaign, kind, country) VALUES (?, ?, ?, ?, ?, ?, ?)")
            for click in clicks {
                try append.run { row in
                    row.bind(1, click.code)
                    row.bind(2, StoredDate.milliseconds(click.at))
                    row.bind(3, click.platform.rawValue)
                    row.bind(4, click.referrer)
                    row.bind(5, click.campaign.map(StoredJSON.text))
                    row.bind(6, click.kind.rawValue)
                    row.bind(7, click.country)
                }
            }
            var add = try RowWriter(db, sql: """
                INSERT INTO click_days (code, day, platform, count) VALUES (?, ?, ?, ?)
                ON CONFLICT (code, day, platform) DO UPDATE SET count = count + excluded.count
                """)
            for (key, count) in totals {
                try add.run { row in
                    row.bind(1, key.code)
                    row.bind(2, key.day)
                    row.bind(3, key.platform.rawValue)
                    row.bind(4, Int64(count))
                }
            }
            // The people among them (human and unique counts), in the same transaction.
            var people = try RowWriter(db, sql: """
                INSERT INTO event_days (code, day, event, platform, count) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (code, day, event, platform) DO UPDATE SET count = count + excluded.count
                """)
            for count in ClickTotals.people(clicks) {
                try people.run { row in
                    row.bind(1, count.code)
                    row.bind(2, count.day)
                    row.bind(3, count.event.rawValue)
                    row.bind(4, count.platform.rawValue)
                    row.bind(5, Int64(count.count))
                }
            }
            var countries = try RowWriter(db, sql: """
                INSERT INTO country_days (code, day, country, clicks, humans, uniques) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (code, day, country) DO UPDATE SET clicks = clicks + excluded.clicks,
                    humans = humans + excluded.humans, uniques = uniques + excluded.uniques
                """)
            for count in ClickTotals.countries(clicks) {
                try countries.run { row in
                    row.bind(1, count.code)
                    row.bind(2, count.day)
                    row.bind(3, count.country)
                    row.bind(4, Int64(count.clicks))
                    row.bind(5, Int64(count.humans))
                    row.bind(6, Int64(count.uniques))
                }
            }
            if let webhooks { try Self.enqueueClicks(db, clicks, webhooks) }
        }
    }

    public func clickCounts(code: String) async throws -> [Click.Platform: Int] {
        let rows = try await read { db in
            try Row.fetchAll(db, sql: "SELECT platform, SUM(count) AS n FROM click_days WHERE code = ? GROUP BY platform",
                             arguments: [code])
                .map { row in (try row.decode(String.self, forColumn: "platform"), try row.decode(Int.self, forColumn: "n")) }
        }
        return try Self.platformCounts(rows, code: code)
    }

    public func clicksPerDay(code: String, since: Date) async throws -> [(day: Date, count: Int)] {
        let first = StoredDate.day(since)
        let rows = try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT day, SUM(count) AS n FROM click_days WHERE code = ? AND day >= ? GROUP BY day ORDER BY day
                """, arguments: [code, first])
                .map { row in (try row.decode(Int64.self, forColumn: "day"), try row.decode(Int.self, forColumn: "n")) }
        }
        return rows.map { (day: StoredDate.dayStart($0.0), count: $0.1) }
    }

    /// Click counts keyed by platform; an unknown platform name is corruption.
    static func platformCounts(_ rows: [(String, Int)], code: String) throws(StoreError) -> [Click.Platform: Int] {
        var counts: [Click.Platform: Int] = [:]
        for (name, count) in rows {
            guard let platform = Click.Platform(rawValue: name) else {
                throw StoreError(.corrupt, "clicks of '\(code)': unknown platform '\(name)'")
            }
            counts[platform] = count
        }
        return counts
    }
}
