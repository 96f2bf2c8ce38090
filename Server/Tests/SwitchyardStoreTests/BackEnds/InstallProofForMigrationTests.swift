import Foundation
import Switchyard
import Testing
@testable import SwitchyardStore

/// Migration 17 (the app endpoints a link's install proof applies to): a link written before it
/// reads with no endpoints of its own (the redeem only), keeps its proof, and takes new endpoints
/// by an update, on SQLite and PostgreSQL.
@Suite("Install proof endpoints migration")
struct InstallProofForMigrationTests {
    /// Reads the old row back and uses what migration 17 adds.
    func check(_ store: any LinkStore) async throws {
        let old = try #require(try await store.link(code: "old1"))
        #expect(old.installProof == .attested && old.installProofFor == nil && old.metadata == ["secret": "S"])
        let updated = try await store.update(code: "old1", team: "t", changes: LinkChanges(installProofFor: .some([.redeem, .resolve])),
                                             audit: nil)
        #expect(updated?.installProofFor == [.redeem, .resolve] && updated?.installProof == .attested)
        #expect(try await store.link(code: "old1")?.installProofFor == [.redeem, .resolve])
        let reset = try await store.update(code: "old1", team: "t", changes: LinkChanges(installProofFor: .some(nil)), audit: nil)
        #expect(reset?.installProofFor == nil)
        var link = makeLink("new1")
        link.installProofFor = [.resolve]
        try await store.insert(link)
        #expect(try await store.link(code: "new1") == link)
    }

    /// A link with an install proof, written at migration 15.
    static let rows = OldRows(at: 15) { time in
        ["""
        INSERT INTO links (code, team, route, route_parameters, query_parameters, metadata, created_at, install_proof)
        VALUES ('old1', 't', 'about', '{}', '{}', '{"secret":"S"}', \(time(Date(timeIntervalSince1970: 1_600_000_000))), 'attested')
        """]
    }

    @Test("SQLite: a link written before migration 17 reads with the redeem only")
    func sqlite() async throws {
        try await Self.rows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: a link written before migration 17 reads with the redeem only", .needsPostgres)
    func postgres() async throws {
        try await Self.rows.migrate(on: .postgres, check: check)
    }
}
