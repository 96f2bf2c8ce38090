public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    /// Appends the clicks and adds them to their day's totals, in one transaction: a batch is
    /// written whole or not at all. Totals are upserted in key order, so instances writing at once
    /// take each row's lock in the same order.
    public func record(_ clicks: [Click], webhooks: WebhookClickDeliveries?) async throws {
        guard !clicks.isEmpty else { return }
        var statements = Self.multiRowStatements(
            clicks, columns: 7, insert: "INSERT INTO clicks (code, at, platform, referrer, campaign, kind, country)"
        ) { click, binds in
            binds.append(click.code)
            binds.append(StoredDate.rounded(click.at))
            binds.append(click.platform.rawValue)
            binds.append(click.referrer)
            binds.append(click.campaign.map(StoredJSON.text))
            binds.append(click.kind.rawValue)
            binds.append(click.country)
        }
        statements += Self.multiRowStatements(
            ClickTotals(clicks).sorted, columns: 4, insert: "INSERT INTO click_days (code, day, platform, count)",
            then: "ON CONFLICT (code, day, platform) DO UPDATE SET count = click_days.count + excluded.count"
        ) { total, binds in
            binds.append(total.key.code)
            binds.append(total.key.day)
            binds.append(total.key.platform.rawValue)
            binds.append(Int64(total.count))
        }
        // The people among them (human and unique counts), in the same transaction.
        statements += Self.eventStatements(ClickTotals.people(clicks))
        statements += Self.multiRowStatements(
            ClickTotals.countries(clicks), columns: 6, insert: "INSERT INTO country_days (code, day, country, clicks, humans, uniques)",
            then: """
                ON CONFLICT (code, day, country) DO UPDATE SET clicks = country_days.clicks + excluded.clicks,
                    humans = country_days.humans + excluded.humans, uniques = country_days.uniques + excluded.uniques
                """
        ) { count, binds in
            binds.append(count.code)
            binds.append(count.day)
            binds.append(count.country)
            binds.append(Int64(count.clicks))
            binds.append(Int64(count.humans))
            binds.append(Int64(count.uniques))
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

    /// The most rows one INSERT carries (seven binds a row at most: well under the protocol's 65,535).
    static let rowsPerStatement = 1000

    /// `insert VALUES (...), (...) then`, one statement per ``rowsPerStatement`` rows, each row's
    /// `columns` values appended by `bind`: how clicks, their per-day totals and event totals are written.
    static func multiRowStatements<Row>(_ rows: [Row], columns: Int, insert: String, then suffix: String = "",
                                        bind: (Row, inout PostgresBindings) -> Void) -> [PostgresQuery] {
        stride(from: 0, to: rows.count, by: rowsPerStatement).map { start in
            let chunk = rows[start..<min(start + rowsPerStatement, rows.count)]
            var binds = PostgresBindings(capacity: chunk.count * columns)
            for row in chunk { bind(row, &binds) }
            return PostgresQuery(unsafeSQL: "\(insert) VALUES \(placeholders(rows: chunk.count, columns: columns)) \(suffix)",
                                 binds: binds)
        }
    }

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
