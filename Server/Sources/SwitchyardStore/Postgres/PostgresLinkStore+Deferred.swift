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
    public func claimOpen(fingerprint: String, now: Date, webhooks: WebhookDeliveries?) async throws -> String? {
        let now = StoredDate.rounded(now)
        _ = try await rows("DELETE FROM deferred_opens WHERE expires_at <= \(now)")
        let claim: PostgresQuery = """
            DELETE FROM deferred_opens
            WHERE fingerprint = \(fingerprint) AND expires_at > \(now)
              AND (SELECT count(DISTINCT code) FROM deferred_opens
                   WHERE fingerprint = \(fingerprint) AND expires_at > \(now)) = 1
              AND NOT EXISTS (SELECT 1 FROM deferred_opens
                   WHERE fingerprint = \(fingerprint) AND expires_at > \(now) AND exact_only)
            RETURNING code
            """
        guard let webhooks else { return try await rows(claim).first?.decode(String.self) }
        let logger = logger
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                guard let code = try await connection.query(claim, logger: logger).collect().first?.decode(String.self) else { return nil }
                try await Self.enqueueClaim(connection, code: code, webhooks, logger: logger)
                return code
            }
        }
    }

    @discardableResult
    public func consumeOpens(fingerprint: String, code: String, now: Date, webhooks: [WebhookDelivery.New]) async throws -> Int {
        let now = StoredDate.rounded(now)
        _ = try await rows("DELETE FROM deferred_opens WHERE expires_at <= \(now)")
        let consume: PostgresQuery = """
            DELETE FROM deferred_opens WHERE fingerprint = \(fingerprint) AND code = \(code) RETURNING code
            """
        guard !webhooks.isEmpty else { return try await rows(consume).count }
        let logger = logger
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                let consumed = try await connection.query(consume, logger: logger).collect().count
                try await Self.enqueue(connection, webhooks, logger: logger)
                return consumed
            }
        }
    }

    @discardableResult
    public func forgetOpens(expiringBy date: Date) async throws -> Int {
        let date = StoredDate.rounded(date)
        return try await rows("DELETE FROM deferred_opens WHERE expires_at <= \(date) RETURNING code").count
    }
}
