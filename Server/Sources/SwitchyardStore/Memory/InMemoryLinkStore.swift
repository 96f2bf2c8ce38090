import Foundation
import SwitchyardRules

/// A ``LinkStore`` kept in memory: for tests and throwaway instances. Every operation runs on the
/// actor, so a redemption is one step and exactly `redeemLimit` of them succeed. It passes the same
/// conformance suite as SQLite and PostgreSQL: instants kept to the millisecond, listings newest
/// first with the same cursors.
///
/// ```swift
/// let store = InMemoryLinkStore()
/// try await store.insert(SmartLink(code: "abc12345", team: "shop", route: "product/:id", createdAt: .now))
/// ```
public actor InMemoryLinkStore: LinkStore {
    var links: [String: SmartLink] = [:]
    var clicks: [String: [Click]] = [:]
    /// Each link's click totals (the `click_days` table of the other stores).
    var clickDays: [String: [ClickTotals.Key: Int]] = [:]
    private var isAvailable = true
    var pendingOpens: [PendingOpen] = []
    var sessions: [String: DashboardSession] = [:]
    /// Requests made under an `Idempotency-Key`, by scope and key (InMemoryLinkStore+Idempotency.swift).
    var idempotencyRecords: [IdempotencyRecord.ID: IdempotencyRecord] = [:]
    /// Webhook subscriptions and their outbox (InMemoryLinkStore+Webhooks.swift).
    var webhookTables = WebhookTables()
    /// The installs that redeemed each link, with their address range and when.
    var redemptions: [String: [String: Redemption]] = [:]
    /// One-time App Attest challenges: the address range each was issued to and when it expires.
    var attestChallenges: [String: (client: String, expiresAt: Date)] = [:]
    /// Attested keys by key id.
    var attestKeys: [String: AttestKeyRecord] = [:]

    /// One install's redemption of a link.
    struct Redemption {
        var addressRange: String?
        var at: Date
    }
    /// Each link's app-side event totals (the `event_days` table of the other stores).
    var eventDays: [String: [EventCount.Key: Int]] = [:]
    /// Teams, named keys and the audit log (InMemoryLinkStore+Access.swift).
    var access = AccessTables()
    /// Each link's clicks per day and country (the `country_days` table of the other stores).
    var countryDays: [String: [CountryDay: (clicks: Int, humans: Int, uniques: Int)]] = [:]
    /// Each team's default redirect rules (the `team_rules` table of the other stores).
    var defaultRules: [String: [RedirectRule]] = [:]

    /// Creates an empty store.
    public init() {}

    /// Makes every later call fail with ``StoreError/unavailable`` (or succeed again): for
    /// testing how the service behaves while its database is down (`@testable` only).
    func setAvailable(_ available: Bool) {
        isAvailable = available
    }

    func check() throws {
        guard isAvailable else { throw StoreError(.unavailable, "the in-memory store is switched off") }
    }

    /// Nothing to migrate.
    public func migrate() async throws { try check() }

    public func ping() async throws { try check() }

    /// Nothing to release.
    public func close() async throws {}
}
