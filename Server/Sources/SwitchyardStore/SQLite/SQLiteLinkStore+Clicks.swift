public import Foundation
import GRDB

extension SQLiteLinkStore {
    public func record(_ clicks: [Click]) async throws {
        guard !clicks.isEmpty else { return }
        try await write { db in
            let statement = try db.makeStatement(
                sql: "INSERT INTO clicks (code, at, platform, referrer, campaign) VALUES (?, ?, ?, ?, ?)")
            for click in clicks {
                try statement.execute(
                    arguments: [click.code, StoredDate.milliseconds(click.at), click.platform.rawValue, click.referrer,
                                click.campaign.map(StoredJSON.text)])
            }
        }
    }

    public func clickCounts(code: String) async throws -> [Click.Platform: Int] {
        let rows = try await read { db in
            try Row.fetchAll(db, sql: "SELECT platform, COUNT(*) AS n FROM clicks WHERE code = ? GROUP BY platform",
                             arguments: [code])
                .map { row in (try row.decode(String.self, forColumn: "platform"), try row.decode(Int.self, forColumn: "n")) }
        }
        return try Self.platformCounts(rows, code: code)
    }

    public func clicksPerDay(code: String, since: Date) async throws -> [(day: Date, count: Int)] {
        let since = StoredDate.milliseconds(since)
        let rows = try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT at / \(StoredDate.millisecondsPerDay) AS day, COUNT(*) AS n FROM clicks
                WHERE code = ? AND at >= ? GROUP BY day ORDER BY day
                """, arguments: [code, since])
                .map { row in (try row.decode(Int64.self, forColumn: "day"), try row.decode(Int.self, forColumn: "n")) }
        }
        return rows.map { (day: StoredDate.date(milliseconds: $0.0 * StoredDate.millisecondsPerDay), count: $0.1) }
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
