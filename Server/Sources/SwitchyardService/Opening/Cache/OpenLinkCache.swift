import Foundation
import HTTPTypes
import Hummingbird
import SwitchyardStore
import Synchronization

/// Links that `GET /{code}` found recently, kept for a short lifetime so that a link opened many
/// times a second (a campaign, a QR code on a poster) is read from the database once per
/// lifetime, not once per click.
///
/// Entries are read again in batches, off the path of any request
/// (``refreshDue(at:batchSize:read:make:)``, run every twentieth of the lifetime by
/// ``OpenLinkRefresher``): past an age drawn at random between half and three quarters of the
/// lifetime, an entry is read again if an open was answered from it since it was read, and dropped
/// if not. So a link opened steadily never expires from the cache and costs one row of a batch
/// query about every 0.6 lifetimes, however many codes are hot, and no open waits on a read of a
/// hot link (what reads inside the opens cost: see BENCHMARKS.md, "Cached links read again in batches, off
/// the request path"). Links cached together (a restart, a burst of new codes) are read again spread over
/// a quarter of the lifetime, not in one query; a link nobody opens leaves the cache within a
/// lifetime. A link read again unchanged keeps its deep links (they are built again only when it
/// changed). A read that fails leaves its entries to be served until they expire.
///
/// Only found links are kept (a code that does not exist yet is looked up every time, so a link
/// created through another instance opens at once). A delete or fallback change made through
/// this instance evicts the entry at once; made through another instance sharing the database,
/// it shows here within the lifetime. Expiry is checked on every open against the stored date,
/// so a cached link never outlives its `expiresAt`.
///
/// Opens of codes that are not cached share their reads (``readMissing(code:_:)``): opens of one
/// code share its read, and on a store whose reads are round trips a burst of misses (every hot
/// link after a restart) is read a few hundred codes to a query.
///
/// The entries are split by code into stripes, each with its own lock, so that opens answered at
/// once on different cores do not wait for each other (``Striped``).
final class OpenLinkCache: Sendable {
    /// A link as `GET /{code}` answers it: the stored link, and its deep links and the header
    /// fields of its redirect to the web fallback built once.
    ///
    /// A class: an open copies one reference out of the cache, not the link's dozen strings and
    /// dictionaries, each a retain and a release under load.
    final class Opened: Sendable {
        let link: SmartLink
        let urls: DeepLinkURLs
        /// ``Responses/redirectFields(to:)`` for the web fallback, if the link has one.
        let webRedirect: HTTPFields?
        /// The answers to iPhones and Android phones, made at the first open from each and kept as
        /// long as the entry: a phone's answer depends only on the link, its deep links and the
        /// service's table (``LinkOpener/decide(_:platform:userAgent:storedCode:)``), not on the request.
        private let phoneAnswers = Mutex<[Click.Platform: PhoneAnswer]>([:])

        init(link: SmartLink, urls: DeepLinkURLs) {
            self.link = link
            self.urls = urls
            webRedirect = link.fallbacks.web.map(Responses.redirectFields(to:))
        }

        /// The answer kept for `platform`, if an open from it was answered before.
        func phoneAnswer(for platform: Click.Platform) -> PhoneAnswer? {
            phoneAnswers.withLock { $0[platform] }
        }

        /// Keeps the answer for `platform`.
        func keep(_ answer: PhoneAnswer, for platform: Click.Platform) {
            phoneAnswers.withLock { $0[platform] = answer }
        }
    }

    /// A phone's answer, made once per cached link: a page rendered around its nonce, or the
    /// header fields of a redirect (an Android intent, a fallback with its install referrer).
    enum PhoneAnswer: Sendable {
        case page(NoncedPage)
        case redirect(HTTPFields)

        /// The response: a page with a new nonce, or the redirect.
        func response() -> Response {
            switch self {
            case .page(let page): page.response()
            case .redirect(let fields): Response(status: .found, headers: fields)
            }
        }
    }

    private struct Entry {
        let opened: Opened
        /// When the read that found the link began.
        let fetched: Date
        /// The age from which a pass reads the link again.
        let refreshAge: TimeInterval
        /// Whether an open was answered from this entry since it was read.
        var openedSinceRead = false
    }

    /// How long an entry is served; zero turns the cache off.
    let lifetime: TimeInterval
    /// The most entries kept.
    let capacity: Int
    /// The most entries one stripe keeps.
    private let stripeCapacity: Int
    private let entries: Striped<[String: Entry]>
    /// Reads of codes not cached, queued or in progress (``readMissing(code:_:)``).
    let misses: BatchedReads<Opened>

    /// - Parameter missBatchSize: the most codes not cached read together
    ///   (``LinkStore/missBatchSize``); with 1, each code is read on its own, as many at once as
    ///   the store takes.
    init(lifetime: Duration, capacity: Int, missBatchSize: Int = 1) {
        misses = missBatchSize > 1
            ? BatchedReads(batchSize: missBatchSize, concurrentReads: 2)
            : BatchedReads(batchSize: 1, concurrentReads: .max)
        self.lifetime = lifetime.timeInterval
        self.capacity = max(1, capacity)
        // No more stripes than entries, so the stripes' capacities add up to at most the capacity
        // (a power of two at or below it: 16 for the default 50,000).
        var stripes = 1
        while stripes * 2 <= min(16, self.capacity) { stripes *= 2 }
        entries = Striped(count: stripes) { [:] }
        stripeCapacity = self.capacity / stripes
    }

    /// The cached link for `code` with its deep links; nil when it is not cached or was read a
    /// lifetime ago or more (the caller reads it).
    func lookup(code: String, at now: Date) -> Opened? {
        guard lifetime > 0 else { return nil }
        let lifetime = lifetime
        return entries.withLock(hash: code.hashValue) { entries -> Opened? in
            guard let index = entries.index(forKey: code) else { return nil }
            let entry = entries.values[index]
            let age = now.timeIntervalSince(entry.fetched)
            guard age >= 0, age < lifetime else {
                entries.remove(at: index)
                return nil
            }
            if !entry.openedSinceRead { entries.values[index].openedSinceRead = true }
            return entry.opened
        }
    }

    /// Keeps a link and its deep links as read from the store at `now`.
    func keep(_ opened: Opened, at now: Date) {
        guard lifetime > 0 else { return }
        let code = opened.link.code
        let capacity = stripeCapacity
        entries.withLock(hash: code.hashValue) { entries in
            if entries.count >= capacity, entries[code] == nil {
                // Full: drop what is stale; if that frees nothing, drop half, whichever they are.
                let lifetime = lifetime
                entries = entries.filter { now.timeIntervalSince($0.value.fetched) < lifetime }
                if entries.count >= capacity {
                    for key in entries.keys.prefix(entries.count / 2 + 1) { entries[key] = nil }
                }
            }
            entries[code] = Entry(opened: opened, fetched: now, refreshAge: refreshAge())
        }
    }

    /// Between half and three quarters of the lifetime: a pass every twentieth of it then reads
    /// the entry again with a fifth of the lifetime to spare.
    private func refreshAge() -> TimeInterval {
        lifetime * Double.random(in: 0.5..<0.75)
    }

    /// Reads again the entries that are due at `now`, `batchSize` codes per call of `read` (the
    /// store's ``LinkStore/links(codes:)``): each entry past its refresh age (drawn between half and
    /// three quarters of the lifetime) that an open was answered from since it was read. The
    /// others of that age are dropped. A link found unchanged keeps its entry's deep links; a
    /// changed one is kept as `make` builds it; a code no longer found is dropped. An entry evicted
    /// or read by an open meanwhile is left as it is.
    ///
    /// - Throws: the first error of `read`; the entries not read again are served until they expire.
    func refreshDue(at now: Date, batchSize: Int = 250,
                    read: ([String]) async throws -> [SmartLink], make: (SmartLink) -> Opened) async throws {
        guard lifetime > 0 else { return }
        let due = takeDue(at: now)
        for start in stride(from: 0, to: due.count, by: batchSize) {
            let batch = due[start..<min(start + batchSize, due.count)]
            var found: [String: SmartLink] = [:]
            for link in try await read(batch.map(\.link.code)) { found[link.code] = link }
            for old in batch {
                let code = old.link.code
                let current = found[code].map { $0 == old.link ? old : make($0) }
                entries.withLock(hash: code.hashValue) { entries in
                    // Only the entry that was due: not one an open kept since, nor one evicted.
                    guard entries[code]?.opened === old else { return }
                    entries[code] = current.map { Entry(opened: $0, fetched: now, refreshAge: refreshAge()) }
                }
            }
            // Let the opens waiting for this thread run between batches.
            await Task.yield()
        }
    }

    /// The entries due at `now` to be read again; drops those of that age no open asked for.
    private func takeDue(at now: Date) -> [Opened] {
        var due: [Opened] = []
        entries.forEach { entries in
            var unopened: [String] = []
            for (code, entry) in entries where now.timeIntervalSince(entry.fetched) >= entry.refreshAge {
                if entry.openedSinceRead { due.append(entry.opened) } else { unopened.append(code) }
            }
            // Removed after the loop: removing while iterating would copy the dictionary.
            for code in unopened { entries[code] = nil }
        }
        return due
    }

    /// The link for a `code` not in the cache, read by `read`, with the codes other opens asked
    /// for meanwhile when the cache reads in batches (``BatchedReads``): a code is read once
    /// however many opens ask for it together. `read` answers the links it found, by code, and
    /// keeps them. With the cache off every open reads its code for itself.
    func readMissing(code: String, _ read: BatchedReads<Opened>.Read) async throws -> Opened? {
        guard lifetime > 0 else { return try await read([code])[code] }
        return try await misses.value(for: code, read: read)
    }

    /// Where the cache reads links and how it makes their entries: the one source of the opens'
    /// reads (``opened(code:now:from:)``) and the refresher's (``refreshDue(at:batchSize:from:)``).
    struct Source: Sendable {
        /// Reads the links with these codes (the store's ``LinkStore/links(codes:)``).
        let read: @Sendable ([String]) async throws -> [SmartLink]
        /// A link's entry, with its deep links built once.
        let make: @Sendable (SmartLink) -> Opened
    }

    /// The link `GET /{code}` opens, read through the cache: its entry when one is fresh at
    /// `now()`; else read from `source` (with the codes other opens missed meanwhile), kept as of
    /// the read's start (an entry never outlives the lifetime counted from when the database was
    /// asked), the codes not found forgotten. Nil when no link has the code.
    func opened(code: String, now: @Sendable () -> Date, from source: Source) async throws -> Opened? {
        if let cached = lookup(code: code, at: now()) { return cached }
        return try await readMissing(code: code) { codes in
            let started = now()
            var found: [String: Opened] = [:]
            for link in try await source.read(codes) {
                let opened = source.make(link)
                keep(opened, at: started)
                found[link.code] = opened
            }
            for code in codes where found[code] == nil { evict(code: code) }
            return found
        }
    }

    /// ``refreshDue(at:batchSize:read:make:)`` from the cache's `source`.
    func refreshDue(at now: Date, batchSize: Int = 250, from source: Source) async throws {
        try await refreshDue(at: now, batchSize: batchSize, read: source.read, make: source.make)
    }

    /// Forgets every code that starts with `prefix` (a removed domain's `host/`).
    func evict(prefix: String) {
        entries.forEach { entries in entries = entries.filter { !$0.key.hasPrefix(prefix) } }
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
