import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Synchronization
import Testing

/// `GET /{code}` answers from links it read in the last `openCacheLifetime`: changes through this
/// instance show at once, changes behind its back within the lifetime, new links at once.
@Suite struct OpenLinkCacheTests {
    static let body = #"{"route": "about/team", "alias": "poster", "fallbacks": {"web": "https://shop.example.com/a"}}"#

    @Test(arguments: StoreKind.available)
    func changesThroughThisInstanceShowAtOnce(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            _ = try await client.create(Self.body)
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/a")
            let patched = try await client.send(.patch, "/api/v1/links/poster", json: #"{"fallbacks": {"web": "https://shop.example.com/b"}}"#)
            #expect(patched.status == .ok)
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/b")
            #expect(try await client.send(.delete, "/api/v1/links/poster").status == .noContent)
            #expect(try await client.open("poster", userAgent: nil).status == .gone)
        }
    }

    @Test(arguments: StoreKind.available)
    func aChangeBehindItsBackShowsWithinTheLifetime(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            _ = try await client.create(Self.body)
            #expect(try await client.open("poster", userAgent: nil).status == .found)
            // Another instance deletes it: this one still has it for up to the lifetime (2 s).
            #expect(try await harness.store.delete(code: "poster", team: "shop", at: harness.clock.now))
            #expect(try await client.open("poster", userAgent: nil).status == .found)
            harness.clock.advance(by: 2)
            #expect(try await client.open("poster", userAgent: nil).status == .gone)
        }
    }

    @Test func aCodeNotFoundIsNotRemembered() async throws {
        try await Harness.live(.sqlite) { client, harness in
            #expect(try await client.open("poster", userAgent: nil).status == .notFound)
            // Created through another instance: opens here at once.
            try await harness.store.insert(SmartLink(
                code: "poster", team: "shop", route: "about/team",
                fallbacks: .init(web: "https://shop.example.com/a"), createdAt: harness.clock.now))
            #expect(try await client.open("poster", userAgent: nil).status == .found)
        }
    }

    @Test func anExpiryIsHonouredEvenFromTheCache() async throws {
        try await Harness.live(.memory) { client, harness in
            let expires = APIDates.text(harness.clock.now.addingTimeInterval(1))
            _ = try await client.create(#"{"route": "about/team", "alias": "brief", "expiresAt": "\#(expires)"}"#)
            #expect(try await client.open("brief", userAgent: nil).status == .ok)
            harness.clock.advance(by: 1)
            #expect(try await client.open("brief", userAgent: nil).status == .gone)
        }
    }

    @Test func aFullCacheStaysWithinItsCapacityAndALifetimeOfZeroKeepsNothing() {
        let start = Date(timeIntervalSince1970: 1_000)
        func link(_ code: String) -> OpenLinkCache.Opened {
            OpenLinkCache.Opened(link: SmartLink(code: code, team: "t", route: "about/team", createdAt: start),
                                 urls: (universal: "https://shop.example.com/about/team", scheme: nil))
        }
        let cache = OpenLinkCache(lifetime: .seconds(2), capacity: 100)
        for index in 0..<1_000 { cache.keep(link("c\(index)"), at: start) }
        #expect(cache.count <= 100)
        guard case .fresh(let found) = cache.lookup(code: "c999", at: start) else {
            Issue.record("c999 should be cached")
            return
        }
        #expect(found.link.code == "c999")
        #expect(found.urls.universal == "https://shop.example.com/about/team")
        guard case .miss = cache.lookup(code: "c999", at: start + 2) else {
            Issue.record("c999 should have expired")
            return
        }
        let off = OpenLinkCache(lifetime: .zero, capacity: 100)
        off.keep(link("x"), at: start)
        guard case .miss = off.lookup(code: "x", at: start) else {
            Issue.record("a lifetime of zero keeps nothing")
            return
        }
        #expect(off.count == 0)
    }

    /// Past its refresh point an entry is handed to one open to read again, and served
    /// to every other open meanwhile; a failed read lets the next open try.
    @Test func oneOpenReadsAnAgeingEntryAgainWhileTheOthersAreServed() {
        let start = Date(timeIntervalSince1970: 1_000)
        let opened = OpenLinkCache.Opened(link: SmartLink(code: "c", team: "t", route: "about/team", createdAt: start),
                                          urls: (universal: nil, scheme: nil))
        let cache = OpenLinkCache(lifetime: .seconds(2), capacity: 100)
        cache.keep(opened, at: start)
        func kind(_ lookup: OpenLinkCache.Lookup) -> String {
            switch lookup {
            case .fresh: "fresh"
            case .refresh: "refresh"
            case .miss: "miss"
            }
        }
        // The refresh point is drawn between 0.5 and 0.9 of the lifetime (1 to 1.8 s here).
        #expect(kind(cache.lookup(code: "c", at: start + 0.9)) == "fresh")
        #expect(kind(cache.lookup(code: "c", at: start + 1.8)) == "refresh")
        #expect(kind(cache.lookup(code: "c", at: start + 1.85)) == "fresh")
        cache.endRefresh(code: "c")
        #expect(kind(cache.lookup(code: "c", at: start + 1.9)) == "refresh")
        // The read done: a new lifetime starts.
        cache.keep(opened, at: start + 1.95)
        #expect(kind(cache.lookup(code: "c", at: start + 2.85)) == "fresh")
        #expect(kind(cache.lookup(code: "c", at: start + 3.75)) == "refresh")
        // Nobody read it again in time: it expires.
        #expect(kind(cache.lookup(code: "c", at: start + 3.95)) == "miss")
        #expect(cache.count == 0)
    }

    @Test(arguments: StoreKind.available)
    func aChangeBehindItsBackIsReadByTheFirstOpenPastTheRefreshPoint(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            _ = try await client.create(Self.body)
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/a")
            // Changed through another instance: served from the cache for the first half of the lifetime.
            let changed = try await harness.store.updateFallbacks(code: "poster", team: "shop",
                                                                  fallbacks: .init(web: "https://shop.example.com/b"))
            #expect(changed != nil)
            harness.clock.advance(by: 0.5)
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/a")
            // Past the refresh point (drawn between 0.5 and 0.9 of the 2 s lifetime), before expiry.
            harness.clock.advance(by: 1.35)
            #expect(try await client.open("poster", userAgent: nil).headers[.location] == "https://shop.example.com/b")
            // Deleted behind its back: the next refresh sees it.
            #expect(try await harness.store.delete(code: "poster", team: "shop", at: harness.clock.now))
            harness.clock.advance(by: 1.85)
            #expect(try await client.open("poster", userAgent: nil).status == .gone)
        }
    }

    /// A read of a code not cached is shared by the opens that ask meanwhile (``SingleFlight``,
    /// tested on its own); with the cache off each open reads for itself, so it sees every change.
    @Test func readsOfACodeAreSharedUnlessTheCacheIsOff() async throws {
        for (lifetime, shared) in [(Duration.seconds(2), 1), (.zero, 0)] {
            let cache = OpenLinkCache(lifetime: lifetime, capacity: 10)
            let running = Mutex(-1)
            let opened = try await cache.readOnce(code: "abc") {
                running.withLock { $0 = cache.reads.running }
                return nil
            }
            #expect(opened == nil)
            #expect(running.withLock { $0 } == shared, "lifetime \(lifetime)")
            #expect(cache.reads.running == 0)
        }
    }
}
