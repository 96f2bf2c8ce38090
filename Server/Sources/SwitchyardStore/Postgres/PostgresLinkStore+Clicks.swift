public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func record(_ clicks: [Click]) async throws {
        guard !clicks.isEmpty else { return }
        // One multi-row INSERT per chunk (five binds a row, well under the protocol's 65535), all
        // in one transaction: a batch is written whole or not at all.
        var queries: [PostgresQuery] = []
        for start in stride(from: 0, to: clicks.count, by: Self.clicksPerStatement) {
            let chunk = clicks[start..<min(start + Self.clicksPerStatement, clicks.count)]
            var binds = PostgresBindings(capacity: chunk.count * 5)
            var values: [String] = []
            for (offset, click) in chunk.enumerated() {
                binds.append(click.code)
                binds.append(StoredDate.rounded(click.at))
                binds.append(click.platform.rawValue)
                binds.append(click.referrer)
                binds.append(click.campaign.map(StoredJSON.text))
                let first = offset * 5
                values.append("($\(first + 1), $\(first + 2), $\(first + 3), $\(first + 4), $\(first + 5))")
            }
            let sql = "INSERT INTO clicks (code, at, platform, referrer, campaign) VALUES " + values.joined(separator: ", ")
            queries.append(PostgresQuery(unsafeSQL: sql, binds: binds))
        }
        if queries.count == 1 {
            _ = try await rows(queries[0])
            return
        }
        let logger = logger
        let statements = queries
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                for query in statements { try await connection.query(query, logger: logger) }
            }
        }
    }

    /// The most clicks one INSERT carries.
    static let clicksPerStatement = 1000

    public func clickCounts(code: String) async throws -> [Click.Platform: Int] {
        let rows = try await rows("SELECT platform, count(*) FROM clicks WHERE code = \(code) GROUP BY platform")
            .map { try $0.decode((String, Int).self) }
        return try SQLiteLinkStore.platformCounts(rows, code: code)
    }

    public func clicksPerDay(code: String, since: Date) async throws -> [(day: Date, count: Int)] {
        try await rows("""
            SELECT extract(epoch FROM date_trunc('day', at AT TIME ZONE 'UTC'))::bigint AS day, count(*)
            FROM clicks WHERE code = \(code) AND at >= \(StoredDate.rounded(since))
            GROUP BY 1 ORDER BY 1
            """)
            .map { row in
                let (seconds, count) = try row.decode((Int64, Int).self)
                return (day: StoredDate.date(milliseconds: seconds * 1000), count: count)
            }
    }
}
