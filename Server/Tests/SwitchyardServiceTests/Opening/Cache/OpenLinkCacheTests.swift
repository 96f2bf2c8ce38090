import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
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

    @Test func aFullCacheStaysWithinItsCapacityAndALifetimeOfZeroKeepsNothing() throws {
        let start = Date(timeIntervalSince1970: 1_000)
        func link(_ code: String) -> OpenLinkCache.Opened {
            OpenLinkCache.Opened(link: SmartLink(code: code, team: "t", route: "about/team", createdAt: start),
                                 urls: (universal: "https://shop.example.com/about/team", scheme: nil))
        }
        let cache = OpenLinkCache(lifetime: .seconds(2), capacity: 100)
        for index in 0..<1_000 { cache.keep(link("c\(index)"), at: start) }
        #expect(cache.count <= 100)
        let found = try #require(cache.lookup(code: "c999", at: start), "c999 should be cached")
        #expect(found.link.code == "c999")
        #expect(found.urls.universal == "https://shop.example.com/about/team")
        #expect(cache.lookup(code: "c999", at: start + 2) == nil, "c999 should have expired")
        let off = OpenLinkCache(lifetime: .zero, capacity: 100)
        off.keep(link("x"), at: start)
        #expect(off.lookup(code: "x", at: start) == nil, "a lifetime of zero keeps nothing")
        #expect(off.count == 0)
    }
}
