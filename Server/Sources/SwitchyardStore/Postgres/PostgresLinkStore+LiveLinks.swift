import PostgresNIO

extension PostgresLinkStore {
    /// Every team's links that are not deleted, in code order (byte order, `COLLATE "C"`, as
    /// SQLite compares), after `code`.
    public func liveLinks(after code: String?, limit: Int) async throws -> [SmartLink] {
        let limit = ListLimit.clamped(limit)
        let query: PostgresQuery
        if let code {
            query = """
                SELECT \(unescaped: Self.columns) FROM links WHERE deleted_at IS NULL AND code COLLATE "C" > \(code)
                ORDER BY code COLLATE "C" LIMIT \(limit)
                """
        } else {
            query = """
                SELECT \(unescaped: Self.columns) FROM links WHERE deleted_at IS NULL ORDER BY code COLLATE "C" LIMIT \(limit)
                """
        }
        return try await rows(query).map(Self.decodeLink)
    }
}
