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
