import Foundation
@testable import SwitchyardStore
import Testing

/// Migrations 22 (link domains) and 23 (validSince, maxClicks, click_count): a link written by the
/// previous release (schema 21) still opens afterwards, on the bootstrap domain, with no start,
/// no click limit and a click count of 0; a click limit set later counts from there. On SQLite and
/// PostgreSQL.
@Suite struct DomainsAndLifecycleMigrationTests {
    func check(_ store: any LinkStore) async throws {
        let old = try #require(try await store.link(code: "old1"))
        #expect(old.domain == nil && old.shortCode == "old1", "an old link lives on the bootstrap domain")
        #expect(old.validSince == nil && old.maxClicks == nil && old.clickCount == 0)
        #expect(old.expiredURL == "https://a.example/over")
        #expect(!old.isGone(at: Date(timeIntervalSince1970: 1_700_000_000)), "it still opens")
        #expect(try await store.domains().isEmpty)
        #expect(try await store.spendClick(code: "old1") == .outOfClicks, "no limit: nothing to count")
        // A new link beside it, on a domain, with a limit.
        try await store.insertDomain(LinkDomain(host: "promo.example.com", team: "t", createdAt: Date(timeIntervalSince1970: 1_700_000_000)),
                                     audit: nil)
        var limited = SmartLink(code: "promo.example.com/old1", team: "t", route: "about", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        limited.maxClicks = 1
        try await store.insert(limited)
        #expect(try await store.spendClick(code: "promo.example.com/old1") == .counted(1))
        #expect(try await store.spendClick(code: "promo.example.com/old1") == .outOfClicks)
        #expect(try await store.link(code: "old1")?.clickCount == 0, "the old link is untouched")
    }

    /// A link with an expiry URL, written at migration 21 (the previous release's schema).
    static let rows = OldRows(at: 21) { time in
        ["""
        INSERT INTO links (code, team, route, route_parameters, query_parameters, expired_url, created_at)
        VALUES ('old1', 't', 'about', '{}', '{}', 'https://a.example/over', \(time(Date(timeIntervalSince1970: 1_600_000_000))))
        """]
    }

    @Test("SQLite: a link written at schema 21 opens after migrations 22 and 23")
    func sqlite() async throws {
        try await Self.rows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: a link written at schema 21 opens after migrations 22 and 23", .needsPostgres)
    func postgres() async throws {
        try await Self.rows.migrate(on: .postgres, check: check)
    }
}
