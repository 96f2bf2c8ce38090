import Foundation
import HTTPTypes
import SwitchyardStore

/// Links that `GET /{code}` found recently, kept for a short lifetime so that a link opened many
/// times a second (a campaign, a QR code on a poster) is read from the database once per
/// lifetime, not once per click.
///
/// An entry is read again ahead of its expiry: the first open after a point drawn at random in
/// the second half of its lifetime reads the link (and only that open: the others are answered
/// from the entry meanwhile), so a link opened steadily never expires from the cache, and links
/// cached at the same moment (a restart, a burst of new codes) are read again spread over half a
/// lifetime, not all together: on one core, 1,000 links read at once held every open behind them
/// for a quarter of a second. A read that fails leaves the entry to be served until it expires.
///
/// Only found links are kept (a code that does not exist yet is looked up every time, so a link
/// created through another instance opens at once). A delete or fallback change made through
/// this instance evicts the entry at once; made through another instance sharing the database,
/// it shows here within the lifetime. Expiry is checked on every open against the stored date,
/// so a cached link never outlives its `expiresAt`.
///
/// Opens of a code that is not cached share one read of it (``readOnce(code:_:)``).
///
/// The entries are split by code into stripes, each with its own lock, so that opens answered at
/// once on different cores do not wait for each other (``Striped``).
final class OpenLinkCache: Sendable {
    /// A link as `GET /{code}` answers it: the stored link, and its deep links and the header
    /// fields of its redirect to the web fallback built once.
    ///
    /// A class: an open copies one reference out of the cache, not the link's dozen strings and
    /// dictionaries (copying those was about one in twelve of the retains under load in `perf`).
    final class Opened: Sendable {
        let link: SmartLink
        let urls: DeepLinkURLs
        /// ``Responses/redirectFields(to:)`` for the web fallback, if the link has one.
        let webRedirect: HTTPFields?

        init(link: SmartLink, urls: DeepLinkURLs) {
            self.link = link
            self.urls = urls
            webRedirect = link.fallbacks.web.map(Responses.redirectFields(to:))
        }
    }

    private struct Entry {
        let opened: Opened
        let fetched: Date
        /// The age at which the first open reads the link again.
        let refreshAge: TimeInterval
        /// Whether an open is reading the link again.
        var refreshing = false
    }

    /// What the cache has for a code.
    enum Lookup {
        /// A link read recently, or being read again by another open.
        case fresh(Opened)
        /// A link past its refresh point (in the second half of its lifetime): the caller reads it
        /// again, then calls ``keep(_:at:)`` with what it read, ``evict(code:)`` when it is gone,
        /// or ``endRefresh(code:)`` when the read failed (the entry is served meanwhile).
        case refresh(Opened)
        /// Nothing younger than the lifetime: the caller reads the link.
        case miss
    }

    /// How long an entry is served; zero turns the cache off.
    let lifetime: TimeInterval
    /// The most entries kept.
    let capacity: Int
    /// The most entries one stripe keeps.
    private let stripeCapacity: Int
    private let entries: Striped<[String: Entry]>
    /// Reads of codes in progress (``readOnce(code:_:)``).
    let reads = SingleFlight<Opened?>()

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

    /// The cached link for `code` with its deep links, and whether this caller is to read it again.
    func lookup(code: String, at now: Date) -> Lookup {
        guard lifetime > 0 else { return .miss }
        let lifetime = lifetime
        return entries.withLock(hash: code.hashValue) { entries -> Lookup in
            guard let entry = entries[code] else { return .miss }
            let age = now.timeIntervalSince(entry.fetched)
            guard age >= 0, age < lifetime else {
                entries[code] = nil
                return .miss
            }
            guard age >= entry.refreshAge, !entry.refreshing else { return .fresh(entry.opened) }
            entries[code]?.refreshing = true
            return .refresh(entry.opened)
        }
    }

    /// Lets a later open read `code` again, after a read that failed.
    func endRefresh(code: String) {
        entries.withLock(hash: code.hashValue) { entries in entries[code]?.refreshing = false }
    }

    /// Keeps a link and its deep links as read from the store at `now`.
    func keep(_ opened: Opened, at now: Date) {
        let link = opened.link
        guard lifetime > 0 else { return }
        let capacity = stripeCapacity
        // Between half and nine tenths of the lifetime, so the read has time to finish before expiry.
        let refreshAge = lifetime * Double.random(in: 0.5..<0.9)
        entries.withLock(hash: link.code.hashValue) { entries in
            if entries.count >= capacity, entries[link.code] == nil {
                // Full: drop what is stale; if that frees nothing, drop half, whichever they are.
                let lifetime = lifetime
                entries = entries.filter { now.timeIntervalSince($0.value.fetched) < lifetime }
                if entries.count >= capacity {
                    for key in entries.keys.prefix(entries.count / 2 + 1) { entries[key] = nil }
                }
            }
            entries[link.code] = Entry(opened: opened, fetched: now, refreshAge: refreshAge)
        }
    }

    /// Runs `read` for `code`, or, when an open is already reading that code, waits for its
    /// result: a link not in the cache is read once however many opens ask for it together (at a
    /// restart, or when a new link is shared to many people at once). With the cache off every
    /// open reads for itself.
    func readOnce(code: String, _ read: () async throws -> Opened?) async throws -> Opened? {
        guard lifetime > 0 else { return try await read() }
        return try await reads.run(key: code, read)
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
