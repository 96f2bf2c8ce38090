import Foundation
import Testing
@testable import SwitchyardStore

/// Migration 14 (who signed a dashboard session in): a session stored before it reads as the
/// bootstrap admin key's, and a session stored after keeps its key's name, role and digest; on
/// SQLite and PostgreSQL.
@Suite("Session keys migration")
struct SessionKeysMigrationTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let later = now.addingTimeInterval(3600)

    /// Reads back the old session and a new one.
    func check(_ store: any LinkStore) async throws {
        let old = try #require(try await store.session(tokenHash: "old-hash", now: Self.now, extendingTo: Self.later))
        #expect(old == DashboardSession(tokenHash: "old-hash", team: "shop", csrf: "c", expiresAt: Self.later))
        #expect(old.keyName == "environment" && old.role == "admin" && old.keyHash == nil)
        let new = DashboardSession(tokenHash: "new-hash", team: "shop", csrf: "d", expiresAt: Self.later, keyName: "reader",
                                   role: "viewer", keyHash: "abc")
        try await store.insertSession(new, now: Self.now)
        #expect(try await store.session(tokenHash: "new-hash", now: Self.now, extendingTo: Self.later) == new)
    }

    /// A session stored at migration 12, before sessions kept their key.
    static let rows = OldRows(at: 12) { time in
        ["""
        INSERT INTO dashboard_sessions (token_hash, team, csrf, expires_at)
        VALUES ('old-hash', 'shop', 'c', \(time(SessionKeysMigrationTests.now.addingTimeInterval(600))))
        """]
    }

    @Test("SQLite: a session stored before migration 14 is the bootstrap admin key's")
    func sqlite() async throws {
        try await Self.rows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: a session stored before migration 14 is the bootstrap admin key's", .needsPostgres)
    func postgres() async throws {
        try await Self.rows.migrate(on: .postgres, check: check)
    }
}
