public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func insert(_ link: SmartLink) async throws {
        let inserted = try await rows("""
            INSERT INTO links (\(unescaped: Self.columns)) VALUES (
                \(link.code), \(link.team), \(link.route), \(link.routeName),
                \(StoredJSON.text(link.routeParameters)), \(StoredJSON.text(link.queryParameters)),
                \(StoredJSON.text(link.metadata)), \(link.redeemLimit), \(link.redeemCount),
                \(link.fallbacks.ios), \(link.fallbacks.android), \(link.fallbacks.web),
                \(link.preview.title), \(link.preview.description), \(link.preview.image),
                \(StoredDate.rounded(link.createdAt)), \(link.expiresAt.map(StoredDate.rounded)),
                \(link.deletedAt.map(StoredDate.rounded)))
            ON CONFLICT (code) DO NOTHING
            RETURNING code
            """)
        guard !inserted.isEmpty else { throw StoreError.codeTaken(link.code) }
    }

    public func link(code: String) async throws -> SmartLink? {
        try await rows("SELECT \(unescaped: Self.columns) FROM links WHERE code = \(code)")
            .first.map(Self.decodeLink)
    }

    public func list(team: String, limit: Int, cursor: String?) async throws -> LinkPage {
        let limit = ListLimit.clamped(limit)
        let query: PostgresQuery
        if let cursor {
            let after = try ListCursor(parsing: cursor)
            let createdAt = StoredDate.date(milliseconds: after.createdAt)
            query = """
                SELECT \(unescaped: Self.columns) FROM links
                WHERE team = \(team) AND deleted_at IS NULL
                  AND (created_at, code) < (\(createdAt), \(after.code))
                ORDER BY created_at DESC, code DESC LIMIT \(limit + 1)
                """
        } else {
            query = """
                SELECT \(unescaped: Self.columns) FROM links WHERE team = \(team) AND deleted_at IS NULL
                ORDER BY created_at DESC, code DESC LIMIT \(limit + 1)
                """
        }
        return makePage(try await rows(query).map(Self.decodeLink), limit: limit)
    }

    public func updateFallbacks(code: String, team: String, fallbacks: SmartLink.Fallbacks) async throws -> SmartLink? {
        try await rows("""
            UPDATE links SET fallback_ios = \(fallbacks.ios), fallback_android = \(fallbacks.android),
                             fallback_web = \(fallbacks.web)
            WHERE code = \(code) AND team = \(team) AND deleted_at IS NULL
            RETURNING \(unescaped: Self.columns)
            """).first.map(Self.decodeLink)
    }

    public func delete(code: String, team: String, at: Date) async throws -> Bool {
        !(try await rows("""
            UPDATE links SET deleted_at = \(StoredDate.rounded(at))
            WHERE code = \(code) AND team = \(team) AND deleted_at IS NULL
            RETURNING code
            """)).isEmpty
    }

    public func redeem(code: String, at: Date) async throws -> RedeemResult {
        let now = StoredDate.rounded(at)
        let spent = try await rows("""
            UPDATE links SET redeem_count = redeem_count + 1
            WHERE code = \(code) AND deleted_at IS NULL
              AND (expires_at IS NULL OR expires_at > \(now))
              AND (redeem_limit IS NULL OR redeem_count < redeem_limit)
            RETURNING \(unescaped: Self.columns)
            """)
        if let row = spent.first { return .redeemed(try Self.decodeLink(row)) }
        return classifyFailedRedeem(try await link(code: code), at: now)
    }
}
