import Foundation
import Testing
@testable import SwitchyardStore

/// Migration 13 (a link's install proof, the address range of a redemption, App Attest challenges
/// and keys): a link and a redemption written before it read as before (no proof of its own, the
/// redemption counted for its install and for no range), on SQLite and PostgreSQL.
@Suite("Install proof migration")
struct InstallProofMigrationTests {
    /// Reads the old rows back and uses what migration 13 adds.
    func check(_ store: any LinkStore) async throws {
        let old = try #require(try await store.link(code: "old1"))
        #expect(old.installProof == nil && old.redeemCount == 1 && old.redeemLimit == 5)
        let spread = InstallSpread(addressRange: "192.0.2.1", limit: 1, seconds: 3600)
        guard case .alreadyRedeemed = try await store.redeem(code: "old1", install: "install-old", at: Instant.base, spread: spread,
                                                             webhooks: nil) else {
            Issue.record("the install that redeemed before the migration is answered again")
            return
        }
        #expect(try await store.redeem(code: "old1", install: "install-new", at: Instant.base, spread: spread, webhooks: nil).isRedeemed,
                "the old redemption has no range, so the range's cap is not reached")
        var proof = makeLink("new1", redeemLimit: 1)
        proof.installProof = .attested
        try await store.insert(proof)
        #expect(try await store.link(code: "new1") == proof)
        try await store.insertChallenge("challenge", expiresAt: Instant.at(60))
        #expect(try await store.consumeChallenge("challenge", now: Instant.base))
    }

    /// A link redeemed once, written at migration 12.
    static let rows = OldRows(at: 12) { time in
        let at = time(Date(timeIntervalSince1970: 1_600_000_000))
        return [
            """
            INSERT INTO links (code, team, route, route_parameters, query_parameters, redeem_limit, redeem_count, created_at)
            VALUES ('old1', 't', 'about', '{}', '{}', 5, 1, \(at))
            """,
            "INSERT INTO redemptions (code, install, redeemed_at) VALUES ('old1', 'install-old', \(at))",
        ]
    }

    @Test("SQLite: rows written before migration 13 read without an install proof")
    func sqlite() async throws {
        try await Self.rows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: rows written before migration 13 read without an install proof", .needsPostgres)
    func postgres() async throws {
        try await Self.rows.migrate(on: .postgres, check: check)
    }
}
