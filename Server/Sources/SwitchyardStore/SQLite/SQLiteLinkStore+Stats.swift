public import Foundation
import GRDB

extension SQLiteLinkStore {
    public func addEventCounts(_ counts: [EventCount]) async throws {
        guard !counts.isEmpty else { return }
        let sorted = counts.sorted { ($0.code, $0.day, $0.event.rawValue, $0.platform.rawValue) < ($1.code, $1.day, $1.event.rawValue, $1.platform.rawValue) }
        try await write { db in
            let add = try db.makeStatement(sql: """
                INSERT INTO event_days (code, day, event, platform, count) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (code, day, event, platform) DO UPDATE SET count = count + excluded.count
                """)
            for count in sorted {
                try add.execute(arguments: [count.code, count.day, count.event.rawValue, count.platform.rawValue, count.count])
            }
        }
    }

    public func dailyCounts(code: String, fromDay: Int64) async throws -> [StatsCount] {
        let rows = try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT NULL, day, platform, count FROM click_days WHERE code = ? AND day >= ?
                UNION ALL
                SELECT event, day, platform, count FROM event_days WHERE code = ? AND day >= ?
                """, arguments: [code, fromDay, code, fromDay]).map(Self.statsRow)
        }
        return try StatsCount.decode(rows, what: "figures of '\(code)'")
    }

    public func teamDailyCounts(team: String, fromDay: Int64) async throws -> [StatsCount] {
        let rows = try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT NULL, c.day, c.platform, SUM(c.count) FROM click_days c JOIN links l ON l.code = c.code
                WHERE l.team = ? AND l.deleted_at IS NULL AND c.day >= ? GROUP BY c.day, c.platform
                UNION ALL
                SELECT e.event, e.day, e.platform, SUM(e.count) FROM event_days e JOIN links l ON l.code = e.code
                WHERE l.team = ? AND l.deleted_at IS NULL AND e.day >= ? GROUP BY e.event, e.day, e.platform
                """, arguments: [team, fromDay, team, fromDay]).map(Self.statsRow)
        }
        return try StatsCount.decode(rows, what: "figures of team '\(team)'")
    }

    public func topLinks(team: String, fromDay: Int64, limit: Int, cursor: String?) async throws -> LinkTotalsPage {
        let limit = ListLimit.clamped(limit)
        let after = try cursor.map { text throws(StoreError) in try TopLinksCursor(parsing: text) }
        let totals: [LinkTotals] = try await read { db in
            var arguments: StatementArguments = [fromDay, team]
            var keyset = ""
            if let after {
                keyset = "HAVING clicks < ? OR (clicks = ? AND l.code < ?)"
                arguments += [after.clicks, after.clicks, after.code]
            }
            arguments += [limit + 1]
            let links = try Row.fetchAll(db, sql: """
                SELECT l.code, COALESCE(SUM(c.count), 0) AS clicks
                FROM links l LEFT JOIN click_days c ON c.code = l.code AND c.day >= ?
                WHERE l.team = ? AND l.deleted_at IS NULL
                GROUP BY l.code \(keyset)
                ORDER BY clicks DESC, l.code DESC LIMIT ?
                """, arguments: arguments).map { LinkTotals(code: $0[0], clicks: $0[1]) }
            guard !links.isEmpty else { return [] }
            let marks = Array(repeating: "?", count: links.count).joined(separator: ", ")
            var events: [String: [LinkEvent: Int]] = [:]
            var codes: StatementArguments = [fromDay]
            codes += StatementArguments(links.map(\.code))
            for row in try Row.fetchAll(db, sql: """
                SELECT code, event, SUM(count) FROM event_days WHERE day >= ? AND code IN (\(marks)) GROUP BY code, event
                """, arguments: codes) {
                let name: String = row[1]
                guard let event = LinkEvent(rawValue: name) else {
                    throw StoreError(.corrupt, "figures of '\(row[0] as String)': unknown event '\(name)'")
                }
                events[row[0], default: [:]][event] = row[2]
            }
            return links.map { LinkTotals(code: $0.code, clicks: $0.clicks, events: events[$0.code] ?? [:]) }
        }
        return TopLinksCursor.page(totals, limit: limit)
    }

    public func deleteClicks(before date: Date, limit: Int) async throws -> Int {
        let cutoff = StoredDate.milliseconds(date)
        return try await write { db in
            // Among the oldest `limit` rows (clicks are appended in time order, so they are the
            // first pages of the table): no scan of the whole table when nothing is old.
            try db.execute(sql: """
                DELETE FROM clicks WHERE id IN (SELECT id FROM clicks ORDER BY id LIMIT ?) AND at < ?
                """, arguments: [max(1, limit), cutoff])
            return db.changesCount
        }
    }

    /// A row of (event or NULL, day, platform, count).
    public func countryCounts(code: String, fromDay: Int64) async throws -> [CountryCount] {
        let counts = try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT country, SUM(clicks), SUM(humans), SUM(uniques) FROM country_days WHERE code = ? AND day >= ? GROUP BY country
                """, arguments: [code, fromDay]).map { row in
                CountryCount(country: (row[0] as String).isEmpty ? nil : row[0], clicks: row[1], humanClicks: row[2], uniqueClicks: row[3])
            }
        }
        return CountryCount.ordered(counts)
    }

    static func statsRow(_ row: Row) -> (String?, Int64, String, Int) {
        (row[0], row[1], row[2], row[3])
    }
}
