public import Foundation
import PostgresNIO

extension PostgresLinkStore: SharedRateLimits {
    /// One statement: the bucket's row is locked while it is refilled and spent, so concurrent
    /// requests through any instance take turns on it. A clock that moved back refills nothing.
    public func spendToken(key: String, capacity: Int, seconds: Int, now: Date) async throws -> Int? {
        let capacity = Double(capacity)
        let perSecond = capacity / Double(seconds)
        let now = StoredDate.rounded(now)
        let spent = try await rows("""
            INSERT INTO rate_buckets AS b (key, tokens, updated_at) VALUES (\(key), \(capacity - 1), \(now))
            ON CONFLICT (key) DO UPDATE SET
                tokens = LEAST(\(capacity), b.tokens
                    + GREATEST(0, EXTRACT(EPOCH FROM (\(now) - b.updated_at))::double precision) * \(perSecond)) - 1,
                updated_at = GREATEST(b.updated_at, \(now))
            WHERE LEAST(\(capacity), b.tokens
                + GREATEST(0, EXTRACT(EPOCH FROM (\(now) - b.updated_at))::double precision) * \(perSecond)) >= 1
            RETURNING tokens
            """)
        guard spent.isEmpty else { return nil }
        let current = try await rows("""
            SELECT LEAST(\(capacity), tokens
                + GREATEST(0, EXTRACT(EPOCH FROM (\(now) - updated_at))::double precision) * \(perSecond))
            FROM rate_buckets WHERE key = \(key)
            """)
        let tokens = try current.first?.decode(Double.self) ?? 0
        return TokenBucket.secondsUntilToken(tokens: tokens, perSecond: perSecond)
    }
}
