public import Foundation

/// Webhook subscriptions and their delivery outbox: the part of ``LinkStore`` that the signed
/// webhooks use.
///
/// Outbox rows are written by the writes that report them (``LinkStore/insert(_:webhooks:audit:)``,
/// ``LinkStore/redeem(code:install:at:webhooks:)``, ``LinkStore/record(_:webhooks:)``, the deferred
/// claims), in the same transaction, so an event is stored exactly when what it reports is. A row
/// stays until it is delivered (deleted) or given up (kept, with `failed_at`): a crash never loses
/// one, and a delivery whose attempt was cut short is claimed again once its lease runs out.
public protocol WebhookStore: Sendable {
    /// Stores a new subscription, and `audit` (its `webhook.created` entry) in the same transaction.
    func insertWebhook(_ webhook: Webhook, audit: AuditEntry?) async throws

    /// A team's subscriptions (every team's for nil), oldest first.
    func webhooks(team: String?) async throws -> [Webhook]

    /// Deletes a team's subscription and its outbox rows, and stores `audit` in the same
    /// transaction; false (and no entry) when the team has none with this id.
    func deleteWebhook(id: String, team: String, audit: AuditEntry?) async throws -> Bool

    /// Writes outbox rows on their own (an event whose write has no transaction of its own).
    func enqueueWebhookDeliveries(_ deliveries: [WebhookDelivery.New]) async throws

    /// Claims up to `limit` due deliveries (not failed, next attempt at or before `now`), oldest
    /// due first: each one's attempt count goes up by one and its next attempt moves to
    /// `leaseUntil`, so no other claim takes it while it is attempted (on PostgreSQL, concurrent
    /// claims skip each other's rows: `FOR UPDATE SKIP LOCKED`). Rows of deleted webhooks are dropped.
    ///
    /// A dispatcher keeps one lane per webhook: it takes at most `perWebhook` rows of each webhook
    /// in one claim, and none of the webhooks in `skipping` (those whose lane is full), so one
    /// webhook's backlog never fills a claim.
    func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int, perWebhook: Int,
                                skipping: Set<String>) async throws -> [WebhookDelivery.Claimed]

    /// Extends the lease of a delivery still being attempted: its next attempt moves from `held`
    /// (the lease its claim or last extension set) to `until`. Nothing changes, and the answer is
    /// false, when the row no longer holds that lease (its outcome was stored, or it was claimed
    /// again after the lease ran out), so an extension never undoes a retry's schedule.
    func extendWebhookLease(id: Int64, held: Date, until: Date) async throws -> Bool

    /// A delivery succeeded: its row is deleted.
    func completeWebhookDelivery(id: Int64) async throws

    /// A delivery failed and is attempted again at `at`.
    func retryWebhookDelivery(id: Int64, at: Date, error: String) async throws

    /// A delivery is given up: kept as failed at `at`, never attempted again.
    func failWebhookDelivery(id: Int64, at: Date, error: String) async throws

    /// A team's failed deliveries, most recent first, `limit` at most.
    func failedWebhookDeliveries(team: String, limit: Int) async throws -> [WebhookDelivery.Failed]

    /// How many deliveries wait to be attempted (not failed), for every team.
    func pendingWebhookDeliveryCount() async throws -> Int
}

extension WebhookStore {
    /// ``insertWebhook(_:audit:)`` without an audit entry.
    public func insertWebhook(_ webhook: Webhook) async throws { try await insertWebhook(webhook, audit: nil) }

    /// ``deleteWebhook(id:team:audit:)`` without an audit entry.
    public func deleteWebhook(id: String, team: String) async throws -> Bool {
        try await deleteWebhook(id: id, team: team, audit: nil)
    }

    /// Claims up to `limit` due deliveries, oldest due first, however many belong to one webhook.
    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int) async throws -> [WebhookDelivery.Claimed] {
        try await claimWebhookDeliveries(now: now, leaseUntil: leaseUntil, limit: limit, perWebhook: max(1, limit), skipping: [])
    }
}
