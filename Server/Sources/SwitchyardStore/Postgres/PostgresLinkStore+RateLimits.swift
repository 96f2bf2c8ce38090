public import Foundation
import PostgresNIO

extension PostgresLinkStore: SharedRateLimits {
    /// One statement: the bucket's row is locked while it is refilled and spent, so concurrent
    /// requests through any instance take turns on it. A clock that moved back refills nothing.
    /// Each row also keeps when it will be full again (`full_at`), for ``forgetFullBuckets(at:limit:)``.
    public func spendToken(key: String, capacity: Int, seconds: Int, now: Date, intoDebt: Bool) async throws -> Int? {
        let capacity = Double(capacity)
        let perSecond = capacity / Double(seconds)
        let now = StoredDate.rounded(now)
        // The bucket refilled to the new row's instant (EXCLUDED.updated_at is `now`).
        let refilled = """
            LEAST(\(capacity), b.tokens + GREATEST(0, EXTRACT(EPOCH FROM (EXCLUDED.updated_at - b.updated_at))::double precision) \
            * \(perSecond))
            """
        let condition = intoDebt ? "" : "WHERE \(refilled) >= 1"
        let spent = try await rows("""
            INSERT INTO rate_buckets AS b (key, tokens, updated_at, full_at)
            VALUES (\(key), \(capacity - 1), \(now), \(now.addingTimeInterval(1 / perSecond)))
            ON CONFLICT (key) DO UPDATE SET
                tokens = \(unescaped: refilled) - 1,
                updated_at = GREATEST(b.updated_at, EXCLUDED.updated_at),
                full_at = GREATEST(b.updated_at, EXCLUDED.updated_at)
                    + make_interval(secs => (\(capacity) - (\(unescaped: refilled) - 1)) / \(perSecond))
            \(unescaped: condition)
            RETURNING tokens
            """)
        if let row = spent.first {
            let tokens = try row.decode(Double.self)
            // In debt, a token was spent that was not there.
            return tokens >= 0 ? nil : TokenBucket.secondsUntilToken(tokens: tokens, perSecond: perSecond)
        }
        let current = try await rows("""
            SELECT LEAST(\(capacity), tokens
                + GREATEST(0, EXTRACT(EPOCH FROM (\(now) - updated_at))::double precision) * \(perSecond))
            FROM rate_buckets WHERE key = \(key)
            """)
        let tokens = try current.first?.decode(Double.self) ?? 0
        return TokenBucket.secondsUntilToken(tokens: tokens, perSecond: perSecond)
    }

    /// One statement through the `full_at` index; a bucket spent again meanwhile is kept (the
    /// condition is checked again on the locked row).
    public func forgetFullBuckets(at now: Date, limit: Int) async throws -> Int {
        let now = StoredDate.rounded(now)
        let deleted = try await rows("""
            DELETE FROM rate_buckets WHERE full_at <= \(now) AND key IN (
                SELECT key FROM rate_buckets WHERE full_at <= \(now) ORDER BY full_at LIMIT \(max(1, limit)))
            RETURNING 1
            """)
        return deleted.count
    }
}
