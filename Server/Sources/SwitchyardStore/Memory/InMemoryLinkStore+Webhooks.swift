public import Foundation

/// The in-memory store's `webhooks` and `webhook_deliveries` tables.
struct WebhookTables: Sendable {
    /// One outbox row.
    struct Row: Sendable {
        var delivery: WebhookDelivery.New
        var attempts = 0
        var nextAttemptAt: Date
        var failedAt: Date?
        var lastError: String?
    }

    var webhooks: [String: Webhook] = [:]
    var deliveries: [Int64: Row] = [:]
    var lastID: Int64 = 0

    /// Adds outbox rows, due at once.
    mutating func enqueue(_ new: [WebhookDelivery.New]) {
        for delivery in new {
            lastID += 1
            var stored = delivery
            stored.createdAt = StoredDate.rounded(delivery.createdAt)
            deliveries[lastID] = Row(delivery: stored, nextAttemptAt: stored.createdAt)
        }
    }
}

extension InMemoryLinkStore {
    public func insertWebhook(_ webhook: Webhook, audit: AuditEntry?) async throws {
        try check()
        var stored = webhook
        stored.createdAt = StoredDate.rounded(webhook.createdAt)
        webhookTables.webhooks[webhook.id] = stored
        if let audit { append(audit) }
    }

    public func webhooks(team: String?) async throws -> [Webhook] {
        try check()
        return webhookTables.webhooks.values.filter { team == nil || $0.team == team }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func deleteWebhook(id: String, team: String, audit: AuditEntry?) async throws -> Bool {
        try check()
        guard webhookTables.webhooks[id]?.team == team else { return false }
        webhookTables.webhooks[id] = nil
        webhookTables.deliveries = webhookTables.deliveries.filter { $0.value.delivery.webhookID != id }
        if let audit { append(audit) }
        return true
    }

    public func enqueueWebhookDeliveries(_ deliveries: [WebhookDelivery.New]) async throws {
        try check()
        webhookTables.enqueue(deliveries)
    }

    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int, perWebhook: Int,
                                       skipping: Set<String>) async throws -> [WebhookDelivery.Claimed] {
        try check()
        let now = StoredDate.rounded(now)
        var taken: [String: Int] = [:]
        let due = webhookTables.deliveries
            .filter { $0.value.failedAt == nil && $0.value.nextAttemptAt <= now && !skipping.contains($0.value.delivery.webhookID) }
            .sorted { ($0.value.nextAttemptAt, $0.key) < ($1.value.nextAttemptAt, $1.key) }
            .filter { entry in
                taken[entry.value.delivery.webhookID, default: 0] += 1
                return taken[entry.value.delivery.webhookID]! <= max(1, perWebhook)
            }
            .prefix(max(1, limit))
        var claimed: [WebhookDelivery.Claimed] = []
        for (id, var row) in due {
            guard let webhook = webhookTables.webhooks[row.delivery.webhookID] else {
                webhookTables.deliveries[id] = nil
                continue
            }
            row.attempts += 1
            row.nextAttemptAt = StoredDate.rounded(leaseUntil)
            webhookTables.deliveries[id] = row
            claimed.append(WebhookDelivery.Claimed(id: id, delivery: row.delivery, attempts: row.attempts, url: webhook.url,
                                                   secret: webhook.secret))
        }
        return claimed.sorted { $0.id < $1.id }
    }

    public func extendWebhookLease(id: Int64, held: Date, until: Date) async throws -> Bool {
        try check()
        guard var row = webhookTables.deliveries[id], row.failedAt == nil, row.nextAttemptAt == StoredDate.rounded(held) else {
            return false
        }
        row.nextAttemptAt = StoredDate.rounded(until)
        webhookTables.deliveries[id] = row
        return true
    }

    public func completeWebhookDelivery(id: Int64) async throws {
        try check()
        webhookTables.deliveries[id] = nil
    }

    public func retryWebhookDelivery(id: Int64, at: Date, error: String) async throws {
        try check()
        guard var row = webhookTables.deliveries[id], row.failedAt == nil else { return }
        row.nextAttemptAt = StoredDate.rounded(at)
        row.lastError = error
        webhookTables.deliveries[id] = row
    }

    public func failWebhookDelivery(id: Int64, at: Date, error: String) async throws {
        try check()
        webhookTables.deliveries[id]?.failedAt = StoredDate.rounded(at)
        webhookTables.deliveries[id]?.lastError = error
    }

    public func failedWebhookDeliveries(team: String, limit: Int) async throws -> [WebhookDelivery.Failed] {
        try check()
        return webhookTables.deliveries.compactMap { id, row -> WebhookDelivery.Failed? in
            guard let failedAt = row.failedAt, let webhook = webhookTables.webhooks[row.delivery.webhookID],
                  webhook.team == team else { return nil }
            return WebhookDelivery.Failed(id: id, delivery: row.delivery, attempts: row.attempts, url: webhook.url,
                                          failedAt: failedAt, lastError: row.lastError)
        }
        .sorted { ($0.failedAt, $0.id) > ($1.failedAt, $1.id) }
        .prefix(max(1, limit)).map { $0 }
    }

    public func pendingWebhookDeliveryCount() async throws -> Int {
        try check()
        return webhookTables.deliveries.values.count { $0.failedAt == nil }
    }
}
