public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func remember(_ open: PendingOpen, now: Date) async throws {
        let now = StoredDate.rounded(now)
        _ = try await rows("DELETE FROM deferred_opens WHERE expires_at <= \(now)")
        _ = try await rows("""
            INSERT INTO deferred_opens (fingerprint, code, expires_at, exact_only)
            VALUES (\(open.fingerprint), \(open.code), \(open.expiresAt), \(open.exactOnly))
            """)
    }

    /// One statement: a concurrent claim that saw the same rows finds them deleted once the
    /// winner commits, and returns nothing.
    public func claimOpen(fingerprint: String, now: Date) async throws -> String? {
        let now = StoredDate.rounded(now)
        _ = try await rows("DELETE FROM deferred_opens WHERE expires_at <= \(now)")
        let claimed = try await rows("""
            DELETE FROM deferred_opens
            WHERE fingerprint = \(fingerprint) AND expires_at > \(now)
              AND (SELECT count(DISTINCT code) FROM deferred_opens
                   WHERE fingerprint = \(fingerprint) AND expires_at > \(now)) = 1
              AND NOT EXISTS (SELECT 1 FROM deferred_opens
                   WHERE fingerprint = \(fingerprint) AND expires_at > \(now) AND exact_only)
            RETURNING code
            """)
        return try claimed.first?.decode(String.self)
    }

    @discardableResult
    public func consumeOpens(fingerprint: String, code: String, now: Date) async throws -> Int {
        let now = StoredDate.rounded(now)
        _ = try await rows("DELETE FROM deferred_opens WHERE expires_at <= \(now)")
        return try await rows("""
            DELETE FROM deferred_opens WHERE fingerprint = \(fingerprint) AND code = \(code) RETURNING code
            """).count
    }

    @discardableResult
    public func forgetOpens(expiringBy date: Date) async throws -> Int {
        let date = StoredDate.rounded(date)
        return try await rows("DELETE FROM deferred_opens WHERE expires_at <= \(date) RETURNING code").count
    }
}
