import Foundation
import SwitchyardStore

/// Links that `GET /{code}` found recently, kept for a short lifetime so that a link opened many
/// times a second (a campaign, a QR code on a poster) is read from the database once per
/// lifetime, not once per click.
///
/// Only found links are kept (a code that does not exist yet is looked up every time, so a link
/// created through another instance opens at once). A delete or fallback change made through
/// this instance evicts the entry at once; made through another instance sharing the database,
/// it shows here within the lifetime. Expiry is checked on every open against the stored date,
/// so a cached link never outlives its `expiresAt`.
///
/// The entries are split by code into stripes, each with its own lock, so that opens answered at
/// once on different cores do not wait for each other (``Striped``).
final class OpenLinkCache: Sendable {
    /// A link as `GET /{code}` answers it: the stored link, and its deep links built once.
    struct Opened: Sendable {
        let link: SmartLink
        let urls: DeepLinkURLs
    }

    private struct Entry {
        let opened: Opened
        let fetched: Date
    }

    /// How long an entry is served; zero turns the cache off.
    let lifetime: TimeInterval
    /// The most entries kept.
    let capacity: Int
    /// The most entries one stripe keeps.
    private let stripeCapacity: Int
    private let entries: Striped<[String: Entry]>

    init(lifetime: Duration, capacity: Int) {
        let parts = lifetime.components
        self.lifetime = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        self.capacity = max(1, capacity)
        // No more stripes than entries, so the stripes' capacities add up to at most the capacity
        // (a power of two at or below it: 16 for the default 50,000).
        var stripes = 1
        while stripes * 2 <= min(16, self.capacity) { stripes *= 2 }
        entries = Striped(count: stripes) { [:] }
        stripeCapacity = self.capacity / stripes
    }

    /// The cached link for `code` with its deep links, or nil when there is none younger than the lifetime.
    func opened(code: String, at now: Date) -> Opened? {
        guard lifetime > 0 else { return nil }
        return entries.withLock(hash: code.hashValue) { entries in
            guard let entry = entries[code] else { return nil }
            let age = now.timeIntervalSince(entry.fetched)
            guard age >= 0, age < lifetime else {
                entries[code] = nil
                return nil
            }
            return entry.opened
        }
    }

    /// Keeps a link and its deep links as read from the store at `now`.
    func keep(_ opened: Opened, at now: Date) {
        let link = opened.link
        guard lifetime > 0 else { return }
        let capacity = stripeCapacity
        entries.withLock(hash: link.code.hashValue) { entries in
            if entries.count >= capacity, entries[link.code] == nil {
                // Full: drop what is stale; if that frees nothing, drop half, whichever they are.
                let lifetime = lifetime
                entries = entries.filter { now.timeIntervalSince($0.value.fetched) < lifetime }
                if entries.count >= capacity {
                    for key in entries.keys.prefix(entries.count / 2 + 1) { entries[key] = nil }
                }
            }
            entries[link.code] = Entry(opened: opened, fetched: now)
        }
    }

    /// Forgets `code` (after a change made through this instance).
    func evict(code: String) {
        _ = entries.withLock(hash: code.hashValue) { $0.removeValue(forKey: code) }
    }

    /// The number of entries (for tests).
    var count: Int {
        var total = 0
        entries.forEach { total += $0.count }
        return total
    }
}
