import Foundation
import SwitchyardStore
import Synchronization

/// Links that `GET /{code}` found recently, kept for a short lifetime so that a link opened many
/// times a second (a campaign, a QR code on a poster) is read from the database once per
/// lifetime, not once per click.
///
/// Only found links are kept (a code that does not exist yet is looked up every time, so a link
/// created through another instance opens at once). A delete or fallback change made through
/// this instance evicts the entry at once; made through another instance sharing the database,
/// it shows here within the lifetime. Expiry is checked on every open against the stored date,
/// so a cached link never outlives its `expiresAt`.
final class OpenLinkCache: Sendable {
    private struct Entry {
        let link: SmartLink
        let fetched: Date
    }

    /// How long an entry is served; zero turns the cache off.
    let lifetime: TimeInterval
    /// The most entries kept.
    let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(lifetime: Duration, capacity: Int) {
        let parts = lifetime.components
        self.lifetime = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        self.capacity = max(1, capacity)
    }

    /// The cached link for `code`, or nil when there is none younger than the lifetime.
    func link(code: String, at now: Date) -> SmartLink? {
        guard lifetime > 0 else { return nil }
        return entries.withLock { entries in
            guard let entry = entries[code] else { return nil }
            let age = now.timeIntervalSince(entry.fetched)
            guard age >= 0, age < lifetime else {
                entries[code] = nil
                return nil
            }
            return entry.link
        }
    }

    /// Keeps `link` as read from the store at `now`.
    func keep(_ link: SmartLink, at now: Date) {
        guard lifetime > 0 else { return }
        entries.withLock { entries in
            if entries.count >= capacity, entries[link.code] == nil {
                // Full: drop what is stale; if that frees nothing, drop half, whichever they are.
                let lifetime = lifetime
                entries = entries.filter { now.timeIntervalSince($0.value.fetched) < lifetime }
                if entries.count >= capacity {
                    for key in entries.keys.prefix(entries.count / 2 + 1) { entries[key] = nil }
                }
            }
            entries[link.code] = Entry(link: link, fetched: now)
        }
    }

    /// Forgets `code` (after a change made through this instance).
    func evict(code: String) {
        _ = entries.withLock { $0.removeValue(forKey: code) }
    }

    /// The number of entries (for tests).
    var count: Int { entries.withLock { $0.count } }
}
