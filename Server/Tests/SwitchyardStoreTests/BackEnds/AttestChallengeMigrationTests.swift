import Foundation
import Testing
@testable import SwitchyardStore

/// Migration 15 (the client address range of each App Attest challenge): a challenge written
/// before it is spent as before, holds no client's place, and is deleted by the expiry sweep's
/// delete once expired, on SQLite and PostgreSQL.
@Suite("Attest challenge migration")
struct AttestChallengeMigrationTests {
    /// Reads the old rows back and uses what migration 15 adds.
    func check(_ store: any LinkStore) async throws {
        #expect(try await store.consumeChallenge("old-live", now: Instant.at(1)))
        let client = "2001:db8::/64"
        #expect(try await store.insertChallenge("new", client: client, expiresAt: Instant.at(60), now: Instant.at(1), limit: 1))
        #expect(try await !store.insertChallenge("new-2", client: client, expiresAt: Instant.at(60), now: Instant.at(1), limit: 1))
        #expect(try await store.forgetChallenges(expiredBy: Instant.at(30), limit: 10) == 1, "the old expired challenge")
        #expect(try await store.consumeChallenge("new", now: Instant.at(2)))
    }

    /// A live and an expired challenge, written at migration 14.
    static let rows = OldRows(at: 14) { time in
        ["INSERT INTO attest_challenges (challenge, expires_at) VALUES ('old-live', \(time(Instant.at(60)))), ('old-expired', \(time(Instant.at(30))))"]
    }

    @Test("SQLite: challenges written before migration 15 are spent and swept")
    func sqlite() async throws {
        try await Self.rows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: challenges written before migration 15 are spent and swept", .needsPostgres)
    func postgres() async throws {
        try await Self.rows.migrate(on: .postgres, check: check)
    }
}
