public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    /// One multi-row upsert per 1,000 counts, in key order (so instances writing at once take
    /// each row's lock in the same order), in one transaction.
    public func addEventCounts(_ counts: [EventCount]) async throws {
        guard !counts.isEmpty else { return }
        let sorted = counts.sorted { ($0.code, $0.day, $0.event.rawValue, $0.platform.rawValue) < ($1.code, $1.day, $1.event.rawValue, $1.platform.rawValue) }
        let statements = Self.eventStatements(sorted)
        let logger = logger
        let batch = statements
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                for query in batch { try await connection.query(query, logger: logger) }
            }
        }
    }

    /// The upserts of `sorted` into `event_days`, 1,000 rows a statement.
    static func eventStatements(_ sorted: [EventCount]) -> [PostgresQuery] {
        Self.multiRowStatements(
            sorted, columns: 5, insert: "INSERT INTO event_days (code, day, event, platform, count)",
            then: "ON CONFLICT (code, day, event, platform) DO UPDATE SET count = event_days.count + excluded.count"
        ) { count, binds in
            binds.append(count.code)
            binds.append(count.day)
            binds.append(count.event.rawValue)
            binds.append(count.platform.rawValue)
            binds.append(Int64(count.count))
        }
    }

    public func dailyCounts(code: String, fromDay: Int64) async throws -> [StatsCount] {
        let rows = try await rows("""
            SELECT NULL::text, day, platform, count FROM click_days WHERE code = \(code) AND day >= \(fromDay)
            UNION ALL
            SELECT event, day, platform, count FROM event_days WHERE code = \(code) AND day >= \(fromDay)
            """).map { try $0.decode((String?, Int64, String, Int).self) }
        return try StatsCount.decode(rows, what: "figures of '\(code)'")
    }

    public func teamDailyCounts(team: String, fromDay: Int64) async throws -> [StatsCount] {
        let rows = try await rows("""
            SELECT NULL::text, c.day, c.platform, sum(c.count)::bigint FROM click_days c JOIN links l ON l.code = c.code
            WHERE l.team = \(team) AND l.deleted_at IS NULL AND c.day >= \(fromDay) GROUP BY c.day, c.platform
            UNION ALL
            SELECT e.event, e.day, e.platform, sum(e.count)::bigint FROM event_days e JOIN links l ON l.code = e.code
            WHERE l.team = \(team) AND l.deleted_at IS NULL AND e.day >= \(fromDay) GROUP BY e.event, e.day, e.platform
            """).map { try $0.decode((String?, Int64, String, Int).self) }
        return try StatsCount.decode(rows, what: "figures of team '\(team)'")
    }

    public func topLinks(team: String, fromDay: Int64, limit: Int, cursor: String?) async throws -> LinkTotalsPage {
        let limit = ListLimit.clamped(limit)
        let query: PostgresQuery
        if let cursor {
            let after = try TopLinksCursor(parsing: cursor)
            query = """
                SELECT l.code, COALESCE(sum(c.count), 0)::bigint AS clicks
                FROM links l LEFT JOIN click_days c ON c.code = l.code AND c.day >= \(fromDay)
                WHERE l.team = \(team) AND l.deleted_at IS NULL
                GROUP BY l.code
                HAVING COALESCE(sum(c.count), 0) < \(after.clicks)
                    OR (COALESCE(sum(c.count), 0) = \(after.clicks) AND l.code < \(after.code))
                ORDER BY clicks DESC, l.code DESC LIMIT \(limit + 1)
                """
        } else {
            query = """
                SELECT l.code, COALESCE(sum(c.count), 0)::bigint AS clicks
                FROM links l LEFT JOIN click_days c ON c.code = l.code AND c.day >= \(fromDay)
                WHERE l.team = \(team) AND l.deleted_at IS NULL
                GROUP BY l.code ORDER BY clicks DESC, l.code DESC LIMIT \(limit + 1)
                """
        }
        let links = try await rows(query).map { row in
            let (code, clicks) = try row.decode((String, Int).self)
            return LinkTotals(code: code, clicks: clicks)
        }
        guard !links.isEmpty else { return LinkTotalsPage(links: [], nextCursor: nil) }
        var events: [String: [LinkEvent: Int]] = [:]
        for row in try await rows("""
            SELECT code, event, sum(count)::bigint FROM event_days
            WHERE day >= \(fromDay) AND code = ANY(\(links.map(\.code))) GROUP BY code, event
            """) {
            let (code, name, count) = try row.decode((String, String, Int).self)
            guard let event = LinkEvent(rawValue: name) else {
                throw StoreError(.corrupt, "figures of '\(code)': unknown event '\(name)'")
            }
            events[code, default: [:]][event] = count
        }
        return TopLinksCursor.page(links.map { LinkTotals(code: $0.code, clicks: $0.clicks, events: events[$0.code] ?? [:]) },
                                   limit: limit)
    }

    /// Among the oldest `limit` rows by id (the primary key's index; clicks are appended in time
    /// order), so a pass with nothing old reads one index page.
    public func deleteClicks(before date: Date, limit: Int) async throws -> Int {
        try await rows("""
            DELETE FROM clicks WHERE id IN (SELECT id FROM clicks ORDER BY id LIMIT \(max(1, limit)))
              AND at < \(StoredDate.rounded(date))
            RETURNING id
            """).count
    }

    public func countryCounts(code: String, fromDay: Int64) async throws -> [CountryCount] {
        var counts: [CountryCount] = []
        for row in try await rows("""
            SELECT country, sum(clicks)::bigint, sum(humans)::bigint, sum(uniques)::bigint FROM country_days
            WHERE code = \(code) AND day >= \(fromDay) GROUP BY country
            """) {
            let (country, clicks, humans, uniques) = try row.decode((String, Int, Int, Int).self)
            counts.append(CountryCount(country: country.isEmpty ? nil : country, clicks: clicks, humanClicks: humans, uniqueClicks: uniques))
        }
        return CountryCount.ordered(counts)
    }
}
