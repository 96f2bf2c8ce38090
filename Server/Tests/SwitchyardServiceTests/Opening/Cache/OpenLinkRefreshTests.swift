import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Synchronization
import Testing

/// The refresher: cached links that were opened are read again, in batches, before their lifetime
/// ends; its passes run on their own, and a failing pass is logged once until one succeeds.
@Suite struct OpenLinkRefreshTests {
    /// A pass reads again, in batches, the entries at least half a lifetime old that were opened
    /// since their read, and drops the others of that age; an unchanged link keeps its entry, a
    /// changed one is rebuilt, one no longer found is dropped; entries an open or a change replaced
    /// meanwhile are left alone; a failed read leaves the entries to be served until they expire.
    @Test func aPassReadsAgainTheOpenedEntriesDueInBatches() async throws {
        let start = Date(timeIntervalSince1970: 1_000)
        @Sendable func link(_ code: String, web: String = "https://shop.example.com/a") -> SmartLink {
            SmartLink(code: code, team: "t", route: "about/team", fallbacks: .init(web: web), createdAt: start)
        }
        @Sendable func opened(_ link: SmartLink) -> OpenLinkCache.Opened { OpenLinkCache.Opened(link: link, urls: (universal: nil, scheme: nil)) }
        let cache = OpenLinkCache(lifetime: .seconds(2), capacity: 100)
        let stored = Mutex([String: SmartLink]())
        let batches = Mutex([[String]]())
        @Sendable func read(_ codes: [String]) throws -> [SmartLink] {
            batches.withLock { $0.append(codes.sorted()) }
            return stored.withLock { stored in codes.compactMap { stored[$0] } }
        }
        let made = Mutex(0)
        @Sendable func make(_ link: SmartLink) -> OpenLinkCache.Opened {
            made.withLock { $0 += 1 }
            return opened(link)
        }

        let same = opened(link("same")), changed = opened(link("changed")), deleted = opened(link("deleted"))
        let idle = opened(link("idle")), young = opened(link("young"))
        stored.withLock { $0 = ["same": same.link, "changed": link("changed", web: "https://shop.example.com/b"), "idle": idle.link] }
        for entry in [same, changed, deleted, idle] { cache.keep(entry, at: start) }
        cache.keep(young, at: start + 0.8)
        for code in ["same", "changed", "deleted"] { #expect(cache.lookup(code: code, at: start + 0.5) != nil) }
        #expect(cache.lookup(code: "young", at: start + 0.85) != nil)

        // Not yet half a lifetime old: nothing is read (an entry is due from an age drawn between
        // half and three quarters of the lifetime: 1 and 1.5 s here).
        try await cache.refreshDue(at: start + 0.9, batchSize: 2, read: read, make: make)
        #expect(batches.withLock { $0 }.isEmpty)
        #expect(cache.count == 5)

        try await cache.refreshDue(at: start + 1.5, batchSize: 2, read: read, make: make)
        // Three due and opened, two per batch; "young" is not due, "idle" was never opened.
        #expect(batches.withLock { $0 }.flatMap { $0 }.sorted() == ["changed", "deleted", "same"])
        #expect(batches.withLock { $0 }.map(\.count).sorted() == [1, 2])
        #expect(cache.lookup(code: "same", at: start + 1.6) === same, "an unchanged link keeps its entry")
        #expect(cache.lookup(code: "changed", at: start + 1.6)?.link.fallbacks.web == "https://shop.example.com/b")
        #expect(made.withLock { $0 } == 1, "only the changed link is built again")
        #expect(cache.lookup(code: "deleted", at: start + 1.6) == nil)
        #expect(cache.lookup(code: "idle", at: start + 1.6) == nil, "an entry nobody opened is dropped")
        #expect(cache.lookup(code: "young", at: start + 1.6) === young)
        // Read again at 1.5: served past the first read's lifetime, until 3.5.
        #expect(cache.lookup(code: "same", at: start + 3.4) === same)

        // A failed read: the entries stay until they expire.
        let failing = OpenLinkCache(lifetime: .seconds(2), capacity: 100)
        failing.keep(same, at: start)
        #expect(failing.lookup(code: "same", at: start + 0.1) != nil)
        await #expect(throws: StoreError.self) {
            try await failing.refreshDue(at: start + 1.5, read: { _ in throw StoreError(.unavailable, "down") }, make: make)
        }
        #expect(failing.lookup(code: "same", at: start + 1.9) === same)
        #expect(failing.lookup(code: "same", at: start + 2) == nil)

        // Evicted while the read ran: not brought back. Kept again by an open meanwhile: that stays.
        let racing = OpenLinkCache(lifetime: .seconds(2), capacity: 100)
        let newer = opened(link("kept"))
        for entry in [opened(link("evicted")), opened(link("kept"))] {
            racing.keep(entry, at: start)
            #expect(racing.lookup(code: entry.link.code, at: start + 0.1) != nil)
        }
        try await racing.refreshDue(at: start + 1.5, read: { codes in
            racing.evict(code: "evicted")
            racing.keep(newer, at: start + 1.1)
            return codes.map { link($0, web: "https://shop.example.com/stale") }
        }, make: make)
        #expect(racing.lookup(code: "evicted", at: start + 1.6) == nil)
        #expect(racing.lookup(code: "kept", at: start + 1.6) === newer)
    }

    @Test(arguments: StoreKind.available)
    func aChangeBehindItsBackIsReadByTheNextPassPastItsRefreshAge(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            _ = try await client.create(OpenLinkCacheTests.body)
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/a")
            // Changed through another instance: served from the cache for the first half of the lifetime.
            let changed = try await harness.store.update(code: "poster", team: "shop",
                                                         changes: LinkChanges(fallbacks: .init(web: "https://shop.example.com/b")))
            #expect(changed != nil)
            harness.clock.advance(by: 0.5)
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/a")
            await harness.refresher.refreshNow()
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/a")
            // Past three quarters of the lifetime (2 s), before expiry: the pass reads it again.
            harness.clock.advance(by: 1)
            await harness.refresher.refreshNow()
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/b")
            // Read again at 1.5 s: still served at 3 s, past the first read's lifetime.
            harness.clock.advance(by: 1.5)
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/b")
            // Deleted behind its back: the next pass drops it, and the next open reads it gone.
            #expect(try await harness.store.delete(code: "poster", team: "shop", at: harness.clock.now))
            await harness.refresher.refreshNow()
            #expect(try await client.open("poster", userAgent: nil).status == .gone)
        }
    }

    /// The service runs a pass every twentieth of the lifetime (100 ms of real time here) on its own.
    @Test func theServiceReadsCachedLinksAgainOnItsOwn() async throws {
        let store = InMemoryLinkStore()
        let clock = TestClock()
        let app = try buildApplication(configuration: Harness.configuration(), store: store, logger: Harness.logger,
                                       clickRecorder: nil, now: { clock.now })
        try await app.testLive { client in
            _ = try await client.create(OpenLinkCacheTests.body)
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/a")
            _ = try await store.update(code: "poster", team: "shop", changes: LinkChanges(fallbacks: .init(web: "https://shop.example.com/b")))
            // Past three quarters of the lifetime by the service's clock, which then stands still:
            // the entry cannot expire, so only a pass can bring the change.
            clock.advance(by: 1.5)
            try await eventually("a refresher pass that reads the change") {
                try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/b"
            }
        }
    }

    /// A failing pass is logged once while the failures last, and the first pass that succeeds
    /// after them once.
    @Test func aFailingPassIsLoggedOnceUntilOneSucceeds() async {
        let log = CapturedLog()
        let logger = Logger(label: "refresher-test") { _ in CapturingLogHandler(log: log) }
        let fails = Mutex(true)
        let refresher = OpenLinkRefresher(periodic: false)
        refresher.start(every: .zero, logger: logger) {
            if fails.withLock({ $0 }) { throw StoreError(.unavailable, "the database is down") }
        }
        await refresher.refreshNow()
        await refresher.refreshNow()
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.hasPrefix("warning: could not read the cached links again") == true)
        #expect(log.lines.first?.contains("the database is down") == true)
        fails.withLock { $0 = false }
        await refresher.refreshNow()
        await refresher.refreshNow()
        #expect(log.lines.count == 2)
        #expect(log.lines.last == "info: the cached links are read again")
        fails.withLock { $0 = true }
        await refresher.refreshNow()
        #expect(log.lines.count == 3)
    }
}

/// The messages a ``CapturingLogHandler`` was given, as "level: message [metadata]".
private final class CapturedLog: Sendable {
    private let entries = Mutex([String]())
    var lines: [String] { entries.withLock { $0 } }
    func append(_ line: String) { entries.withLock { $0.append(line) } }
}

/// Keeps each message logged in a ``CapturedLog``.
private struct CapturingLogHandler: LogHandler {
    let log: CapturedLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let extra = (event.metadata ?? [:]).map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        log.append("\(event.level): \(event.message)" + (extra.isEmpty ? "" : " " + extra))
    }
}
