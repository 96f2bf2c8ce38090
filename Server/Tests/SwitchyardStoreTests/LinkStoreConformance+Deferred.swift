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
