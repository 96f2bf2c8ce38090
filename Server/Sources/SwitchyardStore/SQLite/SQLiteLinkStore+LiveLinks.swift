import GRDB

extension SQLiteLinkStore {
    /// Every team's links that are not deleted, in code order (the primary key's), after `code`.
    public func liveLinks(after code: String?, limit: Int) async throws -> [SmartLink] {
        let limit = ListLimit.clamped(limit)
        return try await read { db in
            let rows: [Row]
            if let code {
                rows = try Row.fetchAll(db, sql: """
                    SELECT \(Self.columns) FROM links WHERE deleted_at IS NULL AND code > ? ORDER BY code LIMIT ?
                    """, arguments: [code, limit])
            } else {
                rows = try Row.fetchAll(db, sql: """
                    SELECT \(Self.columns) FROM links WHERE deleted_at IS NULL ORDER BY code LIMIT ?
                    """, arguments: [limit])
            }
            return try rows.map(Self.decodeLink)
        }
    }
}
