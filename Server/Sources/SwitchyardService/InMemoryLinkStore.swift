public import Foundation
public import SwitchyardStore

/// A ``LinkStore`` kept in memory: for tests and throwaway instances. Every operation runs on the
/// actor, so a redemption is one step and exactly `redeemLimit` of them succeed.
///
/// ```swift
/// let store = InMemoryLinkStore()
/// try await store.insert(SmartLink(code: "abc12345", team: "shop", route: "product/:id", createdAt: .now))
/// ```
public actor InMemoryLinkStore: LinkStore {
    private var links: [String: SmartLink] = [:]
    /// Insertion order, for newest-first listings (cursor = position in this array).
    private var order: [String] = []
    private var clicks: [String: [Click]] = [:]
    private var isAvailable = true

    /// Creates an empty store.
    public init() {}

    /// Makes every later call fail with ``StoreError/unavailable`` (or succeed again): for
    /// testing how the service behaves while its database is down.
    public func setAvailable(_ available: Bool) {
        isAvailable = available
    }

    private func check() throws {
        guard isAvailable else { throw StoreError(.unavailable, "the in-memory store is switched off") }
    }

    /// Nothing to migrate.
    public func migrate() async throws { try check() }

    /// Stores a new link; a code used before, even by a deleted link, is taken.
    public func insert(_ link: SmartLink) async throws {
        try check()
        guard links[link.code] == nil else { throw StoreError.codeTaken(link.code) }
        links[link.code] = link
        order.append(link.code)
    }

    /// Stores each link whose code is free, in one actor step; returns the codes that were taken.
    public func insert(contentsOf links: [SmartLink]) async throws -> Set<String> {
        try check()
        var taken: Set<String> = []
        for link in links {
            guard self.links[link.code] == nil else {
                taken.insert(link.code)
                continue
            }
            self.links[link.code] = link
            order.append(link.code)
        }
        return taken
    }

    /// The link with this code, live or gone.
    public func link(code: String) async throws -> SmartLink? {
        try check()
        return links[code]
    }

    /// A team's live links, newest first; the cursor is the position to continue from.
    public func list(team: String, limit: Int, cursor: String?) async throws -> LinkPage {
        try check()
        var position = order.count - 1
        if let cursor {
            guard let value = Int(cursor), value >= -1, value < order.count else {
                throw StoreError.invalidCursor(cursor)
            }
            position = value
        }
        var page: [SmartLink] = []
        while position >= 0 && page.count < limit {
            if let link = links[order[position]], link.team == team, link.deletedAt == nil { page.append(link) }
            position -= 1
        }
        var hasMore = false
        var probe = position
        while probe >= 0 {
            if let link = links[order[probe]], link.team == team, link.deletedAt == nil {
                hasMore = true
                break
            }
            probe -= 1
        }
        return LinkPage(links: page, nextCursor: hasMore ? String(position) : nil)
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
        link.deletedAt = at
        links[code] = link
        return true
    }

    /// Spends one redemption in one actor step.
    public func redeem(code: String, at: Date) async throws -> RedeemResult {
        try check()
        guard var link = links[code] else { return .notFound }
        if link.isGone(at: at) { return .gone }
        if link.isExhausted { return .exhausted }
        link.redeemCount += 1
        links[code] = link
        return .redeemed(link)
    }

    /// Appends clicks.
    public func record(_ clicks: [Click]) async throws {
        try check()
        for click in clicks { self.clicks[click.code, default: []].append(click) }
    }

    /// Click totals by platform.
    public func clickCounts(code: String) async throws -> [Click.Platform: Int] {
        try check()
        var counts: [Click.Platform: Int] = [:]
        for click in clicks[code] ?? [] { counts[click.platform, default: 0] += 1 }
        return counts
    }

    /// Clicks per UTC day since `since`.
    public func clicksPerDay(code: String, since: Date) async throws -> [(day: Date, count: Int)] {
        try check()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var counts: [Date: Int] = [:]
        for click in clicks[code] ?? [] where click.at >= since {
            counts[calendar.startOfDay(for: click.at), default: 0] += 1
        }
        return counts.sorted { $0.key < $1.key }.map { (day: $0.key, count: $0.value) }
    }

    /// Answers unless switched off.
    public func ping() async throws { try check() }

    /// Nothing to release.
    public func close() async throws {}
}
