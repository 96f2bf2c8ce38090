import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// One fingerprint, one code: claimed once, then gone; another fingerprint never sees it.
    static func deferredClaim(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.remember(PendingOpen(fingerprint: "aa", code: "one", expiresAt: Instant.at(60)), now: Instant.at(0))
        try await store.remember(PendingOpen(fingerprint: "aa", code: "one", expiresAt: Instant.at(70)), now: Instant.at(10))
        #expect(try await store.claimOpen(fingerprint: "bb", now: Instant.at(20)) == nil)
        #expect(try await store.claimOpen(fingerprint: "aa", now: Instant.at(20)) == "one", "two opens of one code are one match")
        #expect(try await store.claimOpen(fingerprint: "aa", now: Instant.at(21)) == nil, "a match is consumed")
    }

    /// Two codes under one fingerprint: no answer, and the opens stay until they expire.
    static func deferredAmbiguous(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.remember(PendingOpen(fingerprint: "aa", code: "one", expiresAt: Instant.at(60)), now: Instant.at(0))
        try await store.remember(PendingOpen(fingerprint: "aa", code: "two", expiresAt: Instant.at(30)), now: Instant.at(0))
        #expect(try await store.claimOpen(fingerprint: "aa", now: Instant.at(10)) == nil)
        // Once "two" has expired, "one" alone matches.
        #expect(try await store.claimOpen(fingerprint: "aa", now: Instant.at(31)) == "one")
    }

    /// An expired open never matches, and is deleted.
    static func deferredExpiry(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.remember(PendingOpen(fingerprint: "aa", code: "one", expiresAt: Instant.at(60)), now: Instant.at(0))
        #expect(try await store.claimOpen(fingerprint: "aa", now: Instant.at(60)) == nil, "expiry is exclusive")
        try await store.remember(PendingOpen(fingerprint: "aa", code: "two", expiresAt: Instant.at(200)), now: Instant.at(100))
        #expect(try await store.claimOpen(fingerprint: "aa", now: Instant.at(101)) == "two", "the expired open was deleted")
    }

    /// Expired opens are deleted by a sweep even when nobody opens or claims again; `.distantFuture`
    /// forgets every one (the window turned off).
    static func deferredSweep(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.remember(PendingOpen(fingerprint: "aa", code: "one", expiresAt: Instant.at(60)), now: Instant.at(0))
        try await store.remember(PendingOpen(fingerprint: "bb", code: "two", expiresAt: Instant.at(90)), now: Instant.at(0))
        try await store.remember(PendingOpen(fingerprint: "cc", code: "three", expiresAt: Instant.at(120)), now: Instant.at(0))
        #expect(try await store.forgetOpens(expiringBy: Instant.at(59)) == 0)
        #expect(try await store.forgetOpens(expiringBy: Instant.at(90)) == 2, "expiry is inclusive, as for claims")
        #expect(try await store.forgetOpens(expiringBy: .distantFuture) == 1)
        #expect(try await store.claimOpen(fingerprint: "cc", now: Instant.at(1)) == nil, "forgotten, not kept")
    }

    /// Concurrent claims of one open: exactly one wins.
    static func deferredRace(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.remember(PendingOpen(fingerprint: "aa", code: "one", expiresAt: Instant.at(60)), now: Instant.at(0))
        let winners = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<20 { group.addTask { try await store.claimOpen(fingerprint: "aa", now: Instant.at(1)) } }
            return try await group.reduce(into: [String]()) { if let code = $1 { $0.append(code) } }
        }
        #expect(winners == ["one"])
    }
}

extension LinkStoreConformance {
    /// A link's deferred match is stored as given, and defaults to exact for links with metadata
    /// or a redeem limit (an empty metadata object counts as none).
    static func deferredMatchStored(_ database: TestDatabase) async throws {
        let store = try await database.open()
        var coupon = makeLink("coupon")
        coupon.metadata = ["coupon": "SPRING"]
        coupon.deferredMatch = .default(metadata: coupon.metadata, redeemLimit: nil)
        try await store.insert(coupon)
        try await store.insert(makeLink("limited", redeemLimit: 3))
        try await store.insert(makeLink("plain"))
        var opened = makeLink("opened", redeemLimit: 1)
        opened.deferredMatch = .any
        try await store.insert(opened)
        var empty = makeLink("empty")
        empty.metadata = [:]
        empty.deferredMatch = .default(metadata: [:], redeemLimit: nil)
        try await store.insert(empty)
        #expect(try await store.link(code: "coupon")?.deferredMatch == .exact)
        #expect(try await store.link(code: "limited")?.deferredMatch == .exact)
        #expect(try await store.link(code: "plain")?.deferredMatch == .any)
        #expect(try await store.link(code: "opened")?.deferredMatch == .any, "an explicit choice is kept")
        #expect(try await store.link(code: "empty")?.deferredMatch == .any)
        let batch = try await store.links(codes: ["coupon", "plain"])
        #expect(Set(batch.map(\.deferredMatch)) == [.exact, .any])
    }

    /// A heuristic claim never takes an open that only an exact claim may take, and leaves it
    /// (and any other open of the fingerprint) for one.
    static func deferredExactOnly(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.remember(PendingOpen(fingerprint: "aa", code: "coupon", expiresAt: Instant.at(60), exactOnly: true),
                                 now: Instant.at(0))
        #expect(try await store.claimOpen(fingerprint: "aa", now: Instant.at(1)) == nil)
        #expect(try await store.claimOpen(fingerprint: "aa", now: Instant.at(2)) == nil, "still nil: nothing was guessed")
        #expect(try await store.consumeOpens(fingerprint: "aa", code: "coupon", now: Instant.at(3)) == 1, "the row was left for an exact claim")
        // An exact-only open beside another code's open: ambiguous, both kept.
        try await store.remember(PendingOpen(fingerprint: "bb", code: "coupon", expiresAt: Instant.at(60), exactOnly: true),
                                 now: Instant.at(0))
        try await store.remember(PendingOpen(fingerprint: "bb", code: "plain", expiresAt: Instant.at(60)), now: Instant.at(0))
        #expect(try await store.claimOpen(fingerprint: "bb", now: Instant.at(4)) == nil)
        // Once the exact-only open expires, the other is claimable.
        try await store.remember(PendingOpen(fingerprint: "cc", code: "coupon", expiresAt: Instant.at(10), exactOnly: true),
                                 now: Instant.at(0))
        try await store.remember(PendingOpen(fingerprint: "cc", code: "coupon", expiresAt: Instant.at(60)), now: Instant.at(0))
        #expect(try await store.claimOpen(fingerprint: "cc", now: Instant.at(5)) == nil)
        #expect(try await store.claimOpen(fingerprint: "cc", now: Instant.at(11)) == "coupon")
    }

    /// An exact claim consumes its code's opens of the fingerprint only: another fingerprint's,
    /// and another code's, stay claimable.
    static func deferredConsume(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.remember(PendingOpen(fingerprint: "aa", code: "one", expiresAt: Instant.at(60)), now: Instant.at(0))
        try await store.remember(PendingOpen(fingerprint: "aa", code: "one", expiresAt: Instant.at(60)), now: Instant.at(1))
        try await store.remember(PendingOpen(fingerprint: "bb", code: "one", expiresAt: Instant.at(60)), now: Instant.at(1))
        try await store.remember(PendingOpen(fingerprint: "cc", code: "two", expiresAt: Instant.at(60)), now: Instant.at(1))
        #expect(try await store.consumeOpens(fingerprint: "aa", code: "two", now: Instant.at(2)) == 0)
        #expect(try await store.consumeOpens(fingerprint: "aa", code: "one", now: Instant.at(2)) == 2)
        #expect(try await store.claimOpen(fingerprint: "aa", now: Instant.at(3)) == nil, "consumed")
        #expect(try await store.claimOpen(fingerprint: "bb", now: Instant.at(3)) == "one")
        #expect(try await store.claimOpen(fingerprint: "cc", now: Instant.at(3)) == "two")
    }
}
