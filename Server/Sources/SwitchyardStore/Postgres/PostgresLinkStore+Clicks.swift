public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    /// Appends the clicks and adds them to their day's totals, in one transaction: a batch is
    /// written whole or not at all. Totals are upserted in key order, so instances writing at once
    /// take each row's lock in the same order.
    public func record(_ clicks: [Click], webhooks: WebhookClickDeliveries?) async throws {
        guard !clicks.isEmpty else { return }
        // Multi-row statements of at most 1,000 rows (five or four binds a row, well under the
        // protocol's 65,535).
        var statements: [PostgresQuery] = []
        for start in stride(from: 0, to: clicks.count, by: Self.rowsPerStatement) {
            let chunk = clicks[start..<min(start + Self.rowsPerStatement, clicks.count)]
            var binds = PostgresBindings(capacity: chunk.count * 5)
            for click in chunk {
                binds.append(click.code)
                binds.append(StoredDate.rounded(click.at))
                binds.append(click.platform.rawValue)
                binds.append(click.referrer)
                binds.append(click.campaign.map(StoredJSON.text))
            }
            statements.append(PostgresQuery(
                unsafeSQL: "INSERT INTO clicks (code, at, platform, referrer, campaign) VALUES "
                    + Self.placeholders(rows: chunk.count, columns: 5),
                binds: binds))
        }
        let totals = ClickTotals(clicks).sorted
        for start in stride(from: 0, to: totals.count, by: Self.rowsPerStatement) {
            let chunk = totals[start..<min(start + Self.rowsPerStatement, totals.count)]
            var binds = PostgresBindings(capacity: chunk.count * 4)
            for (key, count) in chunk {
                binds.append(key.code)
                binds.append(key.day)
                binds.append(key.platform.rawValue)
                binds.append(Int64(count))
            }
            statements.append(PostgresQuery(
                unsafeSQL: "INSERT INTO click_days (code, day, platform, count) VALUES "
                    + Self.placeholders(rows: chunk.count, columns: 4)
                    + " ON CONFLICT (code, day, platform) DO UPDATE SET count = click_days.count + excluded.count",
                binds: binds))
        }
        let logger = logger
        let batch = statements
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                for query in batch { try await connection.query(query, logger: logger) }
                if let webhooks { try await Self.enqueueClicks(connection, clicks, webhooks, logger: logger) }
            }
        }
    }

    /// The most rows one INSERT carries.
    static let rowsPerStatement = 1000

    public func clickCounts(code: String) async throws -> [Click.Platform: Int] {
        let rows = try await rows("SELECT platform, sum(count)::bigint FROM click_days WHERE code = \(code) GROUP BY platform")
            .map { try $0.decode((String, Int).self) }
        return try SQLiteLinkStore.platformCounts(rows, code: code)
    }

    public func clicksPerDay(code: String, since: Date) async throws -> [(day: Date, count: Int)] {
        try await rows("""
            SELECT day, sum(count)::bigint FROM click_days WHERE code = \(code) AND day >= \(StoredDate.day(since))
            GROUP BY day ORDER BY day
            """)
            .map { row in
                let (day, count) = try row.decode((Int64, Int).self)
                return (day: StoredDate.dayStart(day), count: count)
            }
    }
}
