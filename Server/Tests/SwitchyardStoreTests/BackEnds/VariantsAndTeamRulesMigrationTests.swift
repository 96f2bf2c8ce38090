import Foundation
import SwitchyardRules
@testable import SwitchyardStore
import Testing

/// Migrations 25 (the A/B test's columns), 26 (the index of tests to decide), 27 (team default
/// rules) and 28 (click kinds and countries): links and a click written by the previous release
/// (schema 24) — one link with a password and rules, one plain — still open afterwards with
/// everything they had, no test and nothing to decide; a test set later on an old link is decided
/// as a new one's is; the old click still counts and is swept. On SQLite and PostgreSQL.
@Suite struct VariantsAndTeamRulesMigrationTests {
    static let rulesText = #"[{"conditions":[{"type":"crawler"}],"target":{"url":"https://a.example/x"}}]"#

    func check(_ store: any LinkStore) async throws {
        let ruled = try #require(try await store.link(code: "old-ruled"))
        #expect(ruled.content.passwordHash == "$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaA")
        #expect(ruled.content.rules == (try RedirectRule.stored(Self.rulesText)))
        #expect(ruled.content.variants == nil && ruled.variantsPendingEnd == nil)
        let plain = try #require(try await store.link(code: "old-plain"))
        #expect(plain.content.rules == nil && plain.content.variants == nil)
        #expect(!plain.isGone(at: Date(timeIntervalSince1970: 1_700_000_000)), "it still opens")
        #expect(try await store.linksDecidingVariants(by: Date(timeIntervalSince1970: 4_000_000_000), limit: 10).isEmpty)
        #expect(try await store.teamRules().isEmpty)

        // A test set on an old link now ends, and is decided once.
        var changes = LinkChanges()
        let end = Date(timeIntervalSince1970: 1_800_000_000)
        changes.variants = .some(LinkVariants(variants: [.init(target: .url("https://a.example/a"), weight: 50),
                                                          .init(target: .url("https://a.example/b"), weight: 50)], endsAt: end))
        #expect(try await store.update(code: "old-plain", team: "t", changes: changes)?.variantsPendingEnd == end)
        #expect(try await store.linksDecidingVariants(by: end, limit: 10).map(\.code) == ["old-plain"])
        var decided = try #require(changes.variants ?? nil)
        decided.winner = 1
        decided.decidedAt = end
        #expect(try await store.decideVariants(code: "old-plain", decided: decided, route: nil, audit: nil, webhooks: [])?
            .content.variants?.winner == 1)
        #expect(try await store.link(code: "old-plain")?.content.route == "about", "a URL winner leaves the route")
        try await store.setTeamRules(try RedirectRule.stored(Self.rulesText), team: "t", at: end, audit: nil)
        #expect(try await store.teamRules()["t"]?.count == 1)

        // The previous release's click (no kind, no country) still counts, and is deleted by the
        // retention sweep; a click written now is counted by kind and country beside it.
        let day = StoredDate.day(Date(timeIntervalSince1970: 1_600_000_000))
        #expect(try await store.dailyCounts(code: "old-plain", fromDay: 0) == [StatsCount(event: nil, day: day, platform: .ios, count: 1)])
        try await store.record([Click(code: "old-plain", at: Date(timeIntervalSince1970: 1_600_000_100), platform: .ios, kind: .human, country: "GB")])
        #expect(try await store.countryCounts(code: "old-plain", fromDay: 0) == [CountryCount(country: "GB", clicks: 1, humanClicks: 1, uniqueClicks: 1)])
        #expect(try await store.deleteClicks(before: Date(timeIntervalSince1970: 1_700_000_000), limit: 10) == 2)
        #expect(Set(try await store.dailyCounts(code: "old-plain", fromDay: 0)) == [
            StatsCount(event: nil, day: day, platform: .ios, count: 2), StatsCount(event: .humanClick, day: day, platform: .ios, count: 1),
            StatsCount(event: .uniqueClick, day: day, platform: .ios, count: 1)])
    }

    /// Two links written at migration 24 (the previous release's schema).
    static let rows = OldRows(at: 24) { time in
        ["""
        INSERT INTO links (code, team, route, route_parameters, query_parameters, password_hash, rules, created_at)
        VALUES ('old-ruled', 't', 'about', '{}', '{}', '$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaA', '\(rulesText)',
                \(time(Date(timeIntervalSince1970: 1_600_000_000))))
        """, """
        INSERT INTO links (code, team, route, route_parameters, query_parameters, created_at)
        VALUES ('old-plain', 't', 'about', '{}', '{}', \(time(Date(timeIntervalSince1970: 1_600_000_000))))
        """, """
        INSERT INTO clicks (code, at, platform, referrer) VALUES ('old-plain', \(time(Date(timeIntervalSince1970: 1_600_000_050))), 'ios', NULL)
        """, """
        INSERT INTO click_days (code, day, platform, count) VALUES ('old-plain', \(StoredDate.day(Date(timeIntervalSince1970: 1_600_000_000))), 'ios', 1)
        """]
    }

    @Test("SQLite: links written at schema 24 open after migrations 25 to 28")
    func sqlite() async throws {
        try await Self.rows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: links written at schema 24 open after migrations 25 to 28", .needsPostgres)
    func postgres() async throws {
        try await Self.rows.migrate(on: .postgres, check: check)
    }
}
