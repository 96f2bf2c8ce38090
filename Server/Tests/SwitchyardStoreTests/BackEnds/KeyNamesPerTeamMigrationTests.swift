import Foundation
@testable import SwitchyardStore
import Testing

/// Migration 19: key names are unique per team. A key stored before keeps working, another team
/// may take its name, and the same team may not.
@Suite struct KeyNamesPerTeamMigrationTests {
    /// Reads the old key back and uses what migration 19 allows.
    func check(_ store: any LinkStore) async throws {
        let old = try #require(try await store.accessKey(hash: "hash-of-deploy-a"))
        #expect(old.name == "deploy" && old.team == "a" && old.role == .editor)
        let other = AccessKey(name: "deploy", team: "b", role: .admin, hash: "hash-of-deploy-b", hint: "syk_bbbb",
                              createdAt: Date(timeIntervalSince1970: 1_700_000_000), expiresAt: nil)
        try await store.insertKey(other, audit: nil)
        #expect(try await store.accessKeys(team: "b").map(\.name) == ["deploy"])
        let again = AccessKey(name: "deploy", team: "a", role: .viewer, hash: "hash-of-deploy-a2", hint: "syk_aaaa",
                              createdAt: Date(timeIntervalSince1970: 1_700_000_000), expiresAt: nil)
        await #expect(throws: StoreError.self) { try await store.insertKey(again, audit: nil) }
        // Revoking one team's key leaves the other's.
        #expect(try await store.revokeKey(name: "deploy", team: "b", at: Date(timeIntervalSince1970: 1_700_000_100), audit: nil) != nil)
        #expect(try await store.accessKey(hash: "hash-of-deploy-a")?.revokedAt == nil)
    }

    /// A key of team a, written at migration 18.
    static let rows = OldRows(at: 18) { time in
        ["""
        INSERT INTO access_keys (name, team, role, key_hash, hint, created_at)
        VALUES ('deploy', 'a', 'editor', 'hash-of-deploy-a', 'syk_aaaa', \(time(Date(timeIntervalSince1970: 1_600_000_000))))
        """]
    }

    @Test("SQLite: a key written before migration 19 keeps working, and names are per team")
    func sqlite() async throws {
        try await Self.rows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: a key written before migration 19 keeps working, and names are per team", .needsPostgres)
    func postgres() async throws {
        try await Self.rows.migrate(on: .postgres, check: check)
    }

    @Test func inMemoryNamesArePerTeamToo() async throws {
        let store = InMemoryLinkStore()
        let key = AccessKey(name: "deploy", team: "a", role: .editor, hash: "hash-of-deploy-a", hint: "syk_aaaa",
                            createdAt: Date(timeIntervalSince1970: 1_600_000_000), expiresAt: nil)
        try await store.insertKey(key, audit: nil)
        try await check(store)
    }
}
