public import Foundation
import GRDB

extension SQLiteLinkStore {
    /// Writes outbox rows in the caller's transaction, due at once.
    static func enqueue(_ db: Database, _ deliveries: [WebhookDelivery.New]) throws {
        guard !deliveries.isEmpty else { return }
        let statement = try db.cachedStatement(sql: """
            INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, body, created_at, next_attempt_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """)
        for delivery in deliveries {
            let created = StoredDate.milliseconds(delivery.createdAt)
            try statement.execute(arguments: [delivery.webhookID, delivery.eventID, delivery.type.rawValue, delivery.body,
                                              created, created])
        }
    }

    /// The outbox rows of a click batch: the teams of its links read in one statement per 500
    /// codes (a batch's few hundred clicks name a few hundred codes at most).
    static func enqueueClicks(_ db: Database, _ clicks: [Click], _ webhooks: WebhookClickDeliveries) throws {
        let codes = Array(Set(clicks.map(\.code)))
        var teams: [String: String] = [:]
        for start in stride(from: 0, to: codes.count, by: 500) {
            let chunk = Array(codes[start..<min(start + 500, codes.count)])
            let marks = repeatElement("?", count: chunk.count).joined(separator: ", ")
            for row in try Row.fetchAll(db, sql: "SELECT code, team FROM links WHERE code IN (\(marks))", arguments: StatementArguments(chunk)) {
                teams[row[0]] = row[1]
            }
        }
        try enqueue(db, webhooks(teams, clicks))
    }

    public func insertWebhook(_ webhook: Webhook, audit: AuditEntry?) async throws {
        try await write { db in
            try db.execute(sql: "INSERT INTO webhooks (id, team, url, events, secret, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [webhook.id, webhook.team, webhook.url, webhook.storedEvents, webhook.secret,
                                       StoredDate.milliseconds(webhook.createdAt)])
            if let audit { try Self.append(db, [audit]) }
        }
    }

    public func webhooks(team: String?) async throws -> [Webhook] {
        try await read { db in
            let rows = if let team {
                try Row.fetchAll(db, sql: "SELECT * FROM webhooks WHERE team = ? ORDER BY created_at, id", arguments: [team])
            } else {
                try Row.fetchAll(db, sql: "SELECT * FROM webhooks ORDER BY created_at, id")
            }
            return try rows.map { row in
                let id: String = row["id"]
                return Webhook(id: id, team: row["team"], url: row["url"],
                               events: try Webhook.events(stored: row["events"], id: id), secret: row["secret"],
                               createdAt: StoredDate.date(milliseconds: row["created_at"]))
            }
        }
    }

    public func deleteWebhook(id: String, team: String, audit: AuditEntry?) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM webhooks WHERE id = ? AND team = ?", arguments: [id, team])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "DELETE FROM webhook_deliveries WHERE webhook_id = ?", arguments: [id])
            if let audit { try Self.append(db, [audit]) }
            return true
        }
    }

    public func enqueueWebhookDeliveries(_ deliveries: [WebhookDelivery.New]) async throws {
        guard !deliveries.isEmpty else { return }
        try await write { db in try Self.enqueue(db, deliveries) }
    }

    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int, perWebhook: Int,
                                       skipping: Set<String>) async throws -> [WebhookDelivery.Claimed] {
        let now = StoredDate.milliseconds(now)
        let lease = StoredDate.milliseconds(leaseUntil)
        let skipped = skipping.sorted()
        let skip = skipped.isEmpty ? "" : "AND webhook_id NOT IN (\(repeatElement("?", count: skipped.count).joined(separator: ", ")))"
        let arguments: StatementArguments = [lease, now] + StatementArguments(skipped) + [max(1, perWebhook), max(1, limit)]
        return try await write { db in
            // One write transaction: SQLite runs one at a time, so two claims never take one row.
            // Each webhook's due rows are numbered in due order (its lane); a claim takes the first
            // `perWebhook` of each lane.
            let rows = try Row.fetchAll(db, sql: """
                UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?
                WHERE id IN (SELECT id FROM (
                                 SELECT id, next_attempt_at,
                                        ROW_NUMBER() OVER (PARTITION BY webhook_id ORDER BY next_attempt_at, id) AS place
                                 FROM webhook_deliveries WHERE failed_at IS NULL AND next_attempt_at <= ? \(skip))
                             WHERE place <= ? ORDER BY next_attempt_at, id LIMIT ?)
                RETURNING id, webhook_id, event_id, event_type, body, created_at, attempts
                """, arguments: arguments)
            var claimed: [WebhookDelivery.Claimed] = []
            for row in rows {
                let id: Int64 = row["id"]
                let webhookID: String = row["webhook_id"]
                guard let hook = try Row.fetchOne(db, sql: "SELECT url, secret FROM webhooks WHERE id = ?", arguments: [webhookID]) else {
                    try db.execute(sql: "DELETE FROM webhook_deliveries WHERE id = ?", arguments: [id])
                    continue
                }
                claimed.append(WebhookDelivery.Claimed(
                    id: id, delivery: try Self.decodeDelivery(row), attempts: row["attempts"], url: hook["url"], secret: hook["secret"]))
            }
            return claimed.sorted { $0.id < $1.id }
        }
    }

    public func extendWebhookLease(id: Int64, held: Date, until: Date) async throws -> Bool {
        let held = StoredDate.milliseconds(held)
        let until = StoredDate.milliseconds(until)
        return try await write { db in
            try db.execute(sql: """
                UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND next_attempt_at = ? AND failed_at IS NULL
                """, arguments: [until, id, held])
            return db.changesCount > 0
        }
    }

    public func completeWebhookDelivery(id: Int64) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM webhook_deliveries WHERE id = ?", arguments: [id]) }
    }

    public func retryWebhookDelivery(id: Int64, at: Date, error: String) async throws {
        let at = StoredDate.milliseconds(at)
        try await write { db in
            try db.execute(sql: "UPDATE webhook_deliveries SET next_attempt_at = ?, last_error = ? WHERE id = ? AND failed_at IS NULL",
                           arguments: [at, error, id])
        }
    }

    public func failWebhookDelivery(id: Int64, at: Date, error: String) async throws {
        let at = StoredDate.milliseconds(at)
        try await write { db in
            try db.execute(sql: "UPDATE webhook_deliveries SET failed_at = ?, last_error = ? WHERE id = ?", arguments: [at, error, id])
        }
    }

    public func failedWebhookDeliveries(team: String, limit: Int) async throws -> [WebhookDelivery.Failed] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT d.id, d.webhook_id, d.event_id, d.event_type, d.body, d.created_at, d.attempts, d.failed_at,
                       d.last_error, w.url
                FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
                WHERE w.team = ? AND d.failed_at IS NOT NULL
                ORDER BY d.failed_at DESC, d.id DESC LIMIT ?
                """, arguments: [team, max(1, limit)])
                .map { row in
                    WebhookDelivery.Failed(id: row["id"], delivery: try Self.decodeDelivery(row), attempts: row["attempts"],
                                           url: row["url"], failedAt: StoredDate.date(milliseconds: row["failed_at"]),
                                           lastError: row["last_error"])
                }
        }
    }

    public func pendingWebhookDeliveryCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM webhook_deliveries WHERE failed_at IS NULL") ?? 0 }
    }

    /// An outbox row's enqueued part.
    private static func decodeDelivery(_ row: Row) throws -> WebhookDelivery.New {
        let name: String = row["event_type"]
        guard let type = WebhookEventType(rawValue: name) else {
            throw StoreError(.corrupt, "webhook delivery: unknown event type '\(name)'")
        }
        return WebhookDelivery.New(webhookID: row["webhook_id"], eventID: row["event_id"], type: type, body: row["body"],
                                   createdAt: StoredDate.date(milliseconds: row["created_at"]))
    }
}
