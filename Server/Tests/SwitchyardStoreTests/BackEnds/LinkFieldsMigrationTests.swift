import Foundation
import Testing
@testable import SwitchyardStore

/// Migration 12 (labels, switched-off links, campaign, minimum versions, forced redirect, iPad and
/// App Store fallbacks): a link written before it reads with none of them, and a link written
/// after keeps each; on SQLite and PostgreSQL.
@Suite("Link fields migration")
struct LinkFieldsMigrationTests {
    static let created = Date(timeIntervalSince1970: 1_700_000_000)

    /// A link with every field migration 12 adds.
    static let firebaseLink = SmartLink(
        code: "new1", team: "t", route: "product/:id", routeParameters: ["id": "1"],
        fallbacks: .init(ios: "https://a.example/ios", android: nil, web: "https://a.example/web", iPad: "https://a.example/ipad",
                         appStore: "https://apps.apple.com/app/id1"),
        createdAt: created, label: "Spring, hero", disabled: true, campaign: ["utm_source": "mail", "ct": "x"],
        minimumVersions: .init(ios: "2.1", android: "120"), forcedRedirect: true)

    /// Reads back the old row and the new link, and searches the labels.
    func check(_ store: any LinkStore) async throws {
        let old = try #require(try await store.link(code: "old1"))
        #expect(old.route == "about" && old.fallbacks.web == "https://a.example/w")
        #expect(old.label == nil && !old.disabled && old.campaign == nil && old.minimumVersions == .init() && !old.forcedRedirect)
        #expect(old.fallbacks.iPad == nil && old.fallbacks.appStore == nil)
        try await store.insert(Self.firebaseLink)
        #expect(try await store.link(code: "new1") == Self.firebaseLink)
        #expect(try await store.list(team: "t", limit: 10, cursor: nil, matching: "HERO").links.map(\.code) == ["new1"])
        #expect(try await store.list(team: "t", limit: 10, cursor: nil, matching: "old").links.map(\.code) == ["old1"], "codes match too")
        #expect(try await store.list(team: "t", limit: 10, cursor: nil, matching: "zzz").links.isEmpty)
        #expect(try await store.redeem(code: "new1", install: "i", at: Self.created) == .gone, "a switched-off link is gone")
        // Replacing the fallbacks keeps the iPad and App Store ones.
        let updated = try await store.update(code: "new1", team: "t", changes: LinkChanges(fallbacks: .init(web: "https://a.example/w2")))
        #expect(updated?.fallbacks == .init(web: "https://a.example/w2", iPad: "https://a.example/ipad", appStore: "https://apps.apple.com/app/id1"))
    }

    /// A link with a web fallback, written at migration 10.
    static let rows = OldRows(at: 10) { time in
        ["""
        INSERT INTO links (code, team, route, route_parameters, query_parameters, fallback_web, created_at)
        VALUES ('old1', 't', 'about', '{}', '{}', 'https://a.example/w', \(time(Date(timeIntervalSince1970: 1_600_000_000))))
        """]
    }

    @Test("SQLite: a link written before migration 12 reads without the new fields")
    func sqlite() async throws {
        try await Self.rows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: a link written before migration 12 reads without the new fields", .needsPostgres)
    func postgres() async throws {
        try await Self.rows.migrate(on: .postgres, check: check)
    }
}
