public import Foundation
import Logging
import PostgresNIO

extension PostgresLinkStore {
    /// Writes outbox rows on `connection` (in the caller's transaction), due at once: one
    /// multi-row INSERT per 1,000 rows.
    static func enqueue(_ connection: PostgresConnection, _ deliveries: [WebhookDelivery.New], logger: Logger) async throws {
        let statements = multiRowStatements(
            deliveries, columns: 6,
            insert: "INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, body, created_at, next_attempt_at)"
        ) { delivery, binds in
            binds.append(delivery.webhookID)
            binds.append(delivery.eventID)
            binds.append(delivery.type.rawValue)
            binds.append(delivery.body)
            binds.append(StoredDate.rounded(delivery.createdAt))
            binds.append(StoredDate.rounded(delivery.createdAt))
        }
        for statement in statements { try await connection.query(statement, logger: logger) }
    }

    /// The outbox rows of a click batch: the teams of its links read in one query, in the batch's
    /// transaction.
    static func enqueueClicks(_ connection: PostgresConnection, _ clicks: [Click], _ webhooks: WebhookClickDeliveries,
                              logger: Logger) async throws {
        var teams: [String: String] = [:]
        let rows = try await connection.query("SELECT code, team FROM links WHERE code = ANY(\(Array(Set(clicks.map(\.code)))))",
                                              logger: logger)
        for try await (code, team) in rows.decode((String, String).self) { teams[code] = team }
        try await enqueue(connection, webhooks(teams, clicks), logger: logger)
    }

    /// The outbox rows of a heuristic claim of `code`.
    static func enqueueClaim(_ connection: PostgresConnection, code: String, _ webhooks: WebhookDeliveries, logger: Logger) async throws {
        let rows = try await connection.query("SELECT \(unescaped: columns) FROM links WHERE code = \(code)", logger: logger).collect()
        guard let row = rows.first else { return }
        try await enqueue(connection, webhooks(try decodeLink(row)), logger: logger)
    }

    public func insertWebhook(_ webhook: Webhook, audit: AuditEntry?) async throws {
        let insert: PostgresQuery = """
            INSERT INTO webhooks (id, team, url, events, secret, created_at)
            VALUES (\(webhook.id), \(webhook.team), \(webhook.url), \(webhook.storedEvents), \(webhook.secret),
                    \(StoredDate.rounded(webhook.createdAt)))
            RETURNING id
            """
        _ = try await changedRows(insert, audit: audit)
    }

    public func webhooks(team: String?) async throws -> [Webhook] {
        let query: PostgresQuery = if let team {
            "SELECT id, team, url, events, secret, created_at FROM webhooks WHERE team = \(team) ORDER BY created_at, id"
        } else {
            "SELECT id, team, url, events, secret, created_at FROM webhooks ORDER BY created_at, id"
        }
        return try await rows(query).map { row in
            let (id, team, url, events, secret, created) = try row.decode((String, String, String, String, String, Date).self)
            return Webhook(id: id, team: team, url: url, events: try Webhook.events(stored: events, id: id), secret: secret,
                           createdAt: created)
        }
    }

    public func deleteWebhook(id: String, team: String, audit: AuditEntry?) async throws -> Bool {
        let logger = logger
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                let deleted = try await connection.query(
                    "DELETE FROM webhooks WHERE id = \(id) AND team = \(team) RETURNING id", logger: logger).collect()
                guard !deleted.isEmpty else { return false }
                try await connection.query("DELETE FROM webhook_deliveries WHERE webhook_id = \(id)", logger: logger)
                if let audit { try await Self.append(connection, [audit], logger: logger) }
                return true
            }
        }
    }

    public func enqueueWebhookDeliveries(_ deliveries: [WebhookDelivery.New]) async throws {
        guard !deliveries.isEmpty else { return }
        let logger = logger
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                try await Self.enqueue(connection, deliveries, logger: logger)
            }
        }
    }

    /// One statement: the due rows are locked `FOR UPDATE SKIP LOCKED`, so instances claiming at
    /// once take different rows instead of waiting for each other, and the lease keeps a row
    /// from the next claims until its attempt is over (or its instance died). Each webhook's due
    /// rows are numbered in due order (its lane), and the first `perWebhook` of each are candidates;
    /// the locking query checks again that a row is due (another instance may have claimed it).
    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int, perWebhook: Int,
                                       skipping: Set<String>) async throws -> [WebhookDelivery.Claimed] {
        let now = StoredDate.rounded(now)
        let rows = try await rows("""
            UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = \(StoredDate.rounded(leaseUntil))
            FROM (SELECT id FROM webhook_deliveries
                  WHERE failed_at IS NULL AND next_attempt_at <= \(now) AND id IN (
                      SELECT id FROM (
                          SELECT id, row_number() OVER (PARTITION BY webhook_id ORDER BY next_attempt_at, id) AS place
                          FROM webhook_deliveries
                          WHERE failed_at IS NULL AND next_attempt_at <= \(now) AND NOT (webhook_id = ANY(\(skipping.sorted())))
                      ) lanes WHERE place <= \(max(1, perWebhook)))
                  ORDER BY next_attempt_at, id LIMIT \(max(1, limit))
                  FOR UPDATE SKIP LOCKED) due
            WHERE d.id = due.id
            RETURNING d.id, d.webhook_id, d.event_id, d.event_type, d.body, d.created_at, d.attempts,
                      (SELECT url FROM webhooks w WHERE w.id = d.webhook_id),
                      (SELECT secret FROM webhooks w WHERE w.id = d.webhook_id)
            """)
        var claimed: [WebhookDelivery.Claimed] = []
        var orphans: [Int64] = []
        for row in rows {
            let (id, webhookID, eventID, type, body, created, attempts, url, secret) =
                try row.decode((Int64, String, String, String, String, Date, Int, String?, String?).self)
            guard let url, let secret else {
                orphans.append(id)
                continue
            }
            guard let eventType = WebhookEventType(rawValue: type) else {
                throw StoreError(.corrupt, "webhook delivery \(id): unknown event type '\(type)'")
            }
            claimed.append(WebhookDelivery.Claimed(
                id: id, delivery: WebhookDelivery.New(webhookID: webhookID, eventID: eventID, type: eventType, body: body, createdAt: created),
                attempts: attempts, url: url, secret: secret))
        }
        if !orphans.isEmpty { _ = try await self.rows("DELETE FROM webhook_deliveries WHERE id = ANY(\(orphans))") }
        return claimed.sorted { $0.id < $1.id }
    }

    public func extendWebhookLease(id: Int64, held: Date, until: Date) async throws -> Bool {
        try await !rows("""
            UPDATE webhook_deliveries SET next_attempt_at = \(StoredDate.rounded(until))
            WHERE id = \(id) AND next_attempt_at = \(StoredDate.rounded(held)) AND failed_at IS NULL
            RETURNING id
            """).isEmpty
    }

    public func completeWebhookDelivery(id: Int64) async throws {
        _ = try await rows("DELETE FROM webhook_deliveries WHERE id = \(id)")
    }

    public func retryWebhookDelivery(id: Int64, at: Date, error: String) async throws {
        _ = try await rows("""
            UPDATE webhook_deliveries SET next_attempt_at = \(StoredDate.rounded(at)), last_error = \(error)
            WHERE id = \(id) AND failed_at IS NULL
            """)
    }

    public func failWebhookDelivery(id: Int64, at: Date, error: String) async throws {
        _ = try await rows("UPDATE webhook_deliveries SET failed_at = \(StoredDate.rounded(at)), last_error = \(error) WHERE id = \(id)")
    }

    public func failedWebhookDeliveries(team: String, limit: Int) async throws -> [WebhookDelivery.Failed] {
        try await rows("""
            SELECT d.id, d.webhook_id, d.event_id, d.event_type, d.body, d.created_at, d.attempts, d.failed_at, d.last_error, w.url
            FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
            WHERE w.team = \(team) AND d.failed_at IS NOT NULL
            ORDER BY d.failed_at DESC, d.id DESC LIMIT \(max(1, limit))
            """).map { row in
            let (id, webhookID, eventID, type, body, created, attempts, failedAt, lastError, url) =
                try row.decode((Int64, String, String, String, String, Date, Int, Date, String?, String).self)
            guard let eventType = WebhookEventType(rawValue: type) else {
                throw StoreError(.corrupt, "webhook delivery \(id): unknown event type '\(type)'")
            }
            return WebhookDelivery.Failed(
                id: id, delivery: WebhookDelivery.New(webhookID: webhookID, eventID: eventID, type: eventType, body: body, createdAt: created),
                attempts: attempts, url: url, failedAt: failedAt, lastError: lastError)
        }
    }

    public func pendingWebhookDeliveryCount() async throws -> Int {
        try await rows("SELECT count(*)::bigint FROM webhook_deliveries WHERE failed_at IS NULL").first?.decode(Int.self) ?? 0
    }
}
