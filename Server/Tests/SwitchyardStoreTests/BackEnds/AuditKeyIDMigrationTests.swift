import Foundation
@testable import SwitchyardStore
import Testing

/// Migration 20 (audit entries name their key): an entry written before it reads with no key id,
/// and new entries keep theirs, on SQLite and PostgreSQL.
@Suite struct AuditKeyIDMigrationTests {
    func check(_ store: any LinkStore) async throws {
        let old = try #require(try await store.audit(AuditQuery(team: "a")).first)
        #expect(old.keyName == "deploy" && old.action == "link.created" && old.target == "old1" && old.keyID == nil)
        try await store.appendAudit([AuditEntry(team: "a", at: Date(timeIntervalSince1970: 1_700_000_000), keyName: "deploy",
                                                role: "editor", address: "203.0.113.9", action: "link.deleted", target: "old1",
                                                keyID: "key:0123456789abcdef")])
        let entries = try await store.audit(AuditQuery(team: "a"))
        #expect(entries.map(\.keyID) == ["key:0123456789abcdef", nil])
    }

    /// An audit entry written at migration 19.
    static let rows = OldRows(at: 19) { time in
        ["""
        INSERT INTO audit_log (team, at, key_name, role, address, action, target, detail)
        VALUES ('a', \(time(Date(timeIntervalSince1970: 1_600_000_000))), 'deploy', 'editor', '203.0.113.9', 'link.created', 'old1', '')
        """]
    }

    @Test("SQLite: an audit entry written before migration 20 reads without a key id")
    func sqlite() async throws {
        try await Self.rows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: an audit entry written before migration 20 reads without a key id", .needsPostgres)
    func postgres() async throws {
        try await Self.rows.migrate(on: .postgres, check: check)
    }
}
