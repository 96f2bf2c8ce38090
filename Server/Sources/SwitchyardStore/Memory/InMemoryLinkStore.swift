public import Foundation

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
    private var links: [String: SmartLink] = [:]
    private var clicks: [String: [Click]] = [:]
    /// Each link's click totals (the `click_days` table of the other stores).
    private var clickDays: [String: [ClickTotals.Key: Int]] = [:]
    private var isAvailable = true
    private var pendingOpens: [PendingOpen] = []
    private var sessions: [String: DashboardSession] = [:]
    /// Requests made under an `Idempotency-Key`, by scope and key (InMemoryLinkStore+Idempotency.swift).
    var idempotencyRecords: [IdempotencyRecord.ID: IdempotencyRecord] = [:]
    /// Webhook subscriptions and their outbox (InMemoryLinkStore+Webhooks.swift).
    var webhookTables = WebhookTables()
    /// The installs that redeemed each link.
    private var redemptions: [String: Set<String>] = [:]
    /// Each link's app-side event totals (the `event_days` table of the other stores).
    private var eventDays: [String: [EventCount.Key: Int]] = [:]

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

    /// Stores a new link; a code used before, even by a deleted link, is taken.
    public func insert(_ link: SmartLink, webhooks: [WebhookDelivery.New]) async throws {
        try check()
        if (link.redeemLimit ?? 0) < 0 { throw Self.negativeLimit(link) }
        guard put(link) else { throw StoreError.codeTaken(link.code) }
        webhookTables.enqueue(webhooks)
    }

    /// Stores each link whose code is free, in one actor step; returns the codes that were taken
    /// (a code given twice in one call is taken the second time).
    public func insert(contentsOf links: [SmartLink]) async throws -> Set<String> {
        try check()
        // As the databases' CHECK constraint does, refuse the whole call before writing any of it.
        if let bad = links.first(where: { ($0.redeemLimit ?? 0) < 0 }) { throw Self.negativeLimit(bad) }
        var taken: Set<String> = []
        for link in links where !put(link) { taken.insert(link.code) }
        return taken
    }

    private static func negativeLimit(_ link: SmartLink) -> StoreError {
        StoreError(.corrupt, "link '\(link.code)' has a negative redeem limit, which the schema refuses")
    }

    /// The clicks recorded for `code`, oldest first (`@testable` only).
    func recordedClicks(code: String) -> [Click] {
        (clicks[code] ?? []).sorted { $0.at < $1.at }
    }

    /// Keeps `link` with its instants to the millisecond, as the databases do; false when its code is taken.
    private func put(_ link: SmartLink) -> Bool {
        guard links[link.code] == nil else { return false }
        var stored = link
        stored.createdAt = StoredDate.rounded(link.createdAt)
        stored.expiresAt = link.expiresAt.map(StoredDate.rounded)
        stored.deletedAt = link.deletedAt.map(StoredDate.rounded)
        links[link.code] = stored
        return true
    }

    /// The link with this code, live or gone.
    public func link(code: String) async throws -> SmartLink? {
        try check()
        return links[code]
    }

    public func links(codes: [String]) async throws -> [SmartLink] {
        try check()
        return Set(codes).compactMap { links[$0] }
    }

    /// A team's live links, newest first (ties by code, descending), with the stores' cursors.
    public func list(team: String, limit: Int, cursor: String?) async throws -> LinkPage {
        try check()
        let limit = ListLimit.clamped(limit)
        let after = try cursor.map { text throws(StoreError) in try ListCursor(parsing: text) }
        let rows = links.values
            .filter { link in
                guard link.team == team, link.deletedAt == nil else { return false }
                guard let after else { return true }
                let created = StoredDate.milliseconds(link.createdAt)
                return created < after.createdAt || (created == after.createdAt && link.code < after.code)
            }
            .sorted { ($0.createdAt, $0.code) > ($1.createdAt, $1.code) }
            .prefix(limit + 1)
        return makePage(Array(rows), limit: limit)
    }

    /// Every team's links that are not deleted, in code order, after `code`.
    public func liveLinks(after code: String?, limit: Int) async throws -> [SmartLink] {
        try check()
        let limit = ListLimit.clamped(limit)
        // Byte order, as SQLite's BINARY collation and PostgreSQL's "C" collation of the key.
        let precedes = { (left: String, right: String) in left.utf8.lexicographicallyPrecedes(right.utf8) }
        let live = links.values.filter { link in link.deletedAt == nil && (code.map { precedes($0, link.code) } ?? true) }
        return Array(live.sorted { precedes($0.code, $1.code) }.prefix(limit))
    }

    /// Replaces a live link's fallbacks.
    public func updateFallbacks(code: String, team: String, fallbacks: SmartLink.Fallbacks) async throws -> SmartLink? {
        try check()
        guard var link = links[code], link.team == team, link.deletedAt == nil else { return nil }
        link.fallbacks = fallbacks
        links[code] = link
        return link
    }

    /// Marks a live link deleted.
    public func delete(code: String, team: String, at: Date) async throws -> Bool {
        try check()
        guard var link = links[code], link.team == team, link.deletedAt == nil else { return false }
        link.deletedAt = StoredDate.rounded(at)
        links[code] = link
        return true
    }

    /// Spends one redemption in one actor step.
    public func redeem(code: String, install: String, at: Date, webhooks: WebhookDeliveries?) async throws -> RedeemResult {
        try check()
        guard var link = links[code] else { return .notFound }
        if link.isGone(at: StoredDate.rounded(at)) { return .gone }
        if redemptions[code]?.contains(install) == true { return .alreadyRedeemed(link) }
        if link.isExhausted { return .exhausted }
        link.redeemCount += 1
        links[code] = link
        redemptions[code, default: []].insert(install)
        if let webhooks { webhookTables.enqueue(webhooks(link)) }
        return .redeemed(link)
    }

    /// Appends clicks and adds them to their day's totals.
    public func record(_ clicks: [Click], webhooks: WebhookClickDeliveries?) async throws {
        try check()
        for var click in clicks {
            click.at = StoredDate.rounded(click.at)
            self.clicks[click.code, default: []].append(click)
        }
        for (key, count) in ClickTotals(clicks).counts {
            clickDays[key.code, default: [:]][key, default: 0] += count
        }
        if let webhooks {
            var teams: [String: String] = [:]
            for click in clicks { teams[click.code] = links[click.code]?.team }
            webhookTables.enqueue(webhooks(teams, clicks))
        }
    }

    /// Click totals by platform.
    public func clickCounts(code: String) async throws -> [Click.Platform: Int] {
        try check()
        var counts: [Click.Platform: Int] = [:]
        for (key, count) in clickDays[code] ?? [:] { counts[key.platform, default: 0] += count }
        return counts
    }

    /// Clicks per UTC day from the day `since` falls in.
    public func clicksPerDay(code: String, since: Date) async throws -> [(day: Date, count: Int)] {
        try check()
        let first = StoredDate.day(since)
        var counts: [Int64: Int] = [:]
        for (key, count) in clickDays[code] ?? [:] where key.day >= first { counts[key.day, default: 0] += count }
        return counts.sorted { $0.key < $1.key }.map { (day: StoredDate.dayStart($0.key), count: $0.value) }
    }

    /// Answers unless switched off.
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

    public func insertSession(_ session: DashboardSession, now: Date) async throws {
        try check()
        sessions = sessions.filter { $0.value.expiresAt > StoredDate.rounded(now) }
        sessions[session.tokenHash] = session
    }

    public func session(tokenHash: String, now: Date, extendingTo: Date) async throws -> DashboardSession? {
        try check()
        guard var session = sessions[tokenHash] else { return nil }
        guard session.expiresAt > StoredDate.rounded(now) else {
            sessions[tokenHash] = nil
            return nil
        }
        session.expiresAt = StoredDate.rounded(extendingTo)
        sessions[tokenHash] = session
        return session
    }

    public func deleteSession(tokenHash: String) async throws {
        try check()
        sessions[tokenHash] = nil
    }

    public func ping() async throws { try check() }

    /// Nothing to release.
    public func close() async throws {}
}

extension EventCount {
    /// One row of `event_days`.
    struct Key: Hashable {
        var day: Int64
        var event: LinkEvent
        var platform: Click.Platform
    }
}

extension InMemoryLinkStore {
    public func addEventCounts(_ counts: [EventCount]) async throws {
        try check()
        for count in counts {
            eventDays[count.code, default: [:]][EventCount.Key(day: count.day, event: count.event, platform: count.platform), default: 0]
                += count.count
        }
    }

    public func dailyCounts(code: String, fromDay: Int64) async throws -> [StatsCount] {
        try check()
        return counts(of: code, fromDay: fromDay)
    }

    public func teamDailyCounts(team: String, fromDay: Int64) async throws -> [StatsCount] {
        try check()
        var sums: [StatsCount: Int] = [:]
        for link in links.values where link.team == team && link.deletedAt == nil {
            for count in counts(of: link.code, fromDay: fromDay) {
                var key = count
                key.count = 0
                sums[key, default: 0] += count.count
            }
        }
        return sums.map { key, total in
            var count = key
            count.count = total
            return count
        }
    }

    public func topLinks(team: String, fromDay: Int64, limit: Int, cursor: String?) async throws -> LinkTotalsPage {
        try check()
        let limit = ListLimit.clamped(limit)
        let after = try cursor.map { text throws(StoreError) in try TopLinksCursor(parsing: text) }
        var totals = links.values.filter { $0.team == team && $0.deletedAt == nil }.map { link in
            var total = LinkTotals(code: link.code, clicks: 0)
            for count in counts(of: link.code, fromDay: fromDay) {
                if let event = count.event { total.events[event, default: 0] += count.count } else { total.clicks += count.count }
            }
            return total
        }
        totals.sort { ($0.clicks, $0.code) > ($1.clicks, $1.code) }
        if let after {
            totals = totals.filter { $0.clicks < after.clicks || ($0.clicks == after.clicks && $0.code < after.code) }
        }
        return TopLinksCursor.page(Array(totals.prefix(limit + 1)), limit: limit)
    }

    public func deleteClicks(before date: Date, limit: Int) async throws -> Int {
        try check()
        let cutoff = StoredDate.rounded(date)
        let old = clicks.flatMap { code, list in list.indices.filter { list[$0].at < cutoff }.map { (code, list[$0].at, $0) } }
            .sorted { $0.1 < $1.1 }
            .prefix(max(1, limit))
        var doomed: [String: Set<Int>] = [:]
        for (code, _, index) in old { doomed[code, default: []].insert(index) }
        for (code, indices) in doomed {
            clicks[code] = clicks[code]?.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
        }
        return old.count
    }

    /// A link's click and event counts from `fromDay` on.
    private func counts(of code: String, fromDay: Int64) -> [StatsCount] {
        let clickCounts = (clickDays[code] ?? [:]).filter { $0.key.day >= fromDay }.map { key, count in
            StatsCount(event: nil, day: key.day, platform: key.platform, count: count)
        }
        let eventCounts = (eventDays[code] ?? [:]).filter { $0.key.day >= fromDay }.map { key, count in
            StatsCount(event: key.event, day: key.day, platform: key.platform, count: count)
        }
        return clickCounts + eventCounts
    }
}
