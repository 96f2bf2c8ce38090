public import Foundation

extension InMemoryLinkStore {
    /// Remembers `open`, dropping the opens expired at `now`.
    public func remember(_ open: PendingOpen, now: Date) async throws {
        try check()
        pendingOpens.removeAll { $0.expiresAt <= StoredDate.rounded(now) }
        pendingOpens.append(open)
    }

    public func claimOpen(fingerprint: String, now: Date, webhooks: WebhookDeliveries?) async throws -> String? {
        try check()
        pendingOpens.removeAll { $0.expiresAt <= StoredDate.rounded(now) }
        let opens = pendingOpens.filter { $0.fingerprint == fingerprint }
        let codes = Set(opens.map(\.code))
        guard codes.count == 1, !opens.contains(where: \.exactOnly) else { return nil }
        pendingOpens.removeAll { $0.fingerprint == fingerprint }
        if let webhooks, let code = codes.first, let link = links[code] { webhookTables.enqueue(webhooks(link)) }
        return codes.first
    }

    @discardableResult
    public func consumeOpens(fingerprint: String, code: String, now: Date, webhooks: [WebhookDelivery.New]) async throws -> Int {
        try check()
        pendingOpens.removeAll { $0.expiresAt <= StoredDate.rounded(now) }
        let before = pendingOpens.count
        pendingOpens.removeAll { $0.fingerprint == fingerprint && $0.code == code }
        webhookTables.enqueue(webhooks)
        return before - pendingOpens.count
    }

    @discardableResult
    public func forgetOpens(expiringBy date: Date) async throws -> Int {
        try check()
        let before = pendingOpens.count
        pendingOpens.removeAll { $0.expiresAt <= StoredDate.rounded(date) }
        return before - pendingOpens.count
    }
}
