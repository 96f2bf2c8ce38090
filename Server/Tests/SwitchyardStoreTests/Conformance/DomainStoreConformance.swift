import Foundation
import Testing
@testable import SwitchyardStore

/// What every ``DomainStore`` must do, on each back end: hosts unique, one default per team,
/// redirects kept, removal refused while live links use the domain unless forced, each change's
/// audit entry written with it (none when nothing changed), and links of two domains with one
/// code kept apart.
enum DomainStoreConformance: String, ConformanceCase {
    case domains
    case defaults
    case removal
    case sameCodeOnTwoDomains

    func check(_ database: TestDatabase) async throws {
        let store = try await database.open()
        switch self {
        case .domains: try await Self.domains(store)
        case .defaults: try await Self.defaults(store)
        case .removal: try await Self.removal(store)
        case .sameCodeOnTwoDomains: try await Self.sameCodeOnTwoDomains(store)
        }
    }

    static func domain(_ host: String, team: String = "shop", isDefault: Bool = false,
                       redirects: LinkDomain.Redirects = .init(), at seconds: Double = 1) -> LinkDomain {
        LinkDomain(host: host, team: team, isDefault: isDefault, redirects: redirects, createdAt: Instant.at(seconds))
    }

    static func entry(_ action: String, _ target: String, team: String = "shop") -> AuditEntry {
        AuditEntry(team: team, at: Instant.at(5), keyName: "ci", role: "admin", address: "203.0.113.9", action: action, target: target)
    }

    /// Domains round-trip with every field in host order; a second with a taken host is
    /// `.nameTaken` and writes no audit entry; an update of another team's domain changes nothing.
    static func domains(_ store: any LinkStore) async throws {
        let redirects = LinkDomain.Redirects(root: "https://a.example/", notFound: "https://a.example/404", expired: nil)
        try await store.insertDomain(domain("promo.example.com", redirects: redirects, at: 2), audit: entry("domain.added", "promo.example.com"))
        try await store.insertDomain(domain("blog.example.net", team: "blog"), audit: nil)
        #expect(try await store.domains() == [domain("blog.example.net", team: "blog"),
                                               domain("promo.example.com", redirects: redirects, at: 2)])
        await #expect(throws: StoreError.nameTaken("domain", "promo.example.com")) {
            try await store.insertDomain(domain("promo.example.com", team: "blog"), audit: entry("domain.added", "promo.example.com", team: "blog"))
        }
        #expect(try await store.audit(AuditQuery(team: "blog")).isEmpty, "a refused add records nothing")
        var changed = domain("promo.example.com", redirects: .init(expired: "https://a.example/over"), at: 2)
        #expect(try await store.updateDomain(changed, audit: entry("domain.updated", "promo.example.com")))
        #expect(try await store.domains().last == changed)
        changed.team = "blog"
        #expect(try await store.updateDomain(changed, audit: entry("domain.updated", "promo.example.com", team: "blog")) == false)
        #expect(try await store.audit(AuditQuery(team: "shop")).map(\.action) == ["domain.updated", "domain.added"])
        #expect(try await store.audit(AuditQuery(team: "blog")).isEmpty)
    }

    /// One default per team: a new default takes the flag from the old one, by add and by update;
    /// another team's default keeps its flag.
    static func defaults(_ store: any LinkStore) async throws {
        try await store.insertDomain(domain("a.example.com", isDefault: true), audit: nil)
        try await store.insertDomain(domain("c.example.com", team: "blog", isDefault: true), audit: nil)
        try await store.insertDomain(domain("b.example.com", isDefault: true), audit: nil)
        func flags() async throws -> [String: Bool] {
            Dictionary(uniqueKeysWithValues: try await store.domains().map { ($0.host, $0.isDefault) })
        }
        #expect(try await flags() == ["a.example.com": false, "b.example.com": true, "c.example.com": true])
        #expect(try await store.updateDomain(domain("a.example.com", isDefault: true), audit: nil))
        #expect(try await flags() == ["a.example.com": true, "b.example.com": false, "c.example.com": true])
        await #expect(throws: StoreError.nameTaken("domain", "a.example.com")) {
            try await store.insertDomain(domain("a.example.com", isDefault: true), audit: nil)
        }
        #expect(try await flags()["a.example.com"] == true, "a refused add leaves the default as it was")
    }

    /// Removal: refused (counted) while live links use the domain, forced by disabling them; deleted
    /// and disabled links and another domain's links do not count; another team's is not found.
    static func removal(_ store: any LinkStore) async throws {
        try await store.insertDomain(domain("promo.example.com"), audit: nil)
        try await store.insertDomain(domain("promo.example.co"), audit: nil)
        for code in ["a1", "a2", "gone"] {
            try await store.insert(SmartLink(code: "promo.example.com/\(code)", team: "shop", route: "home", createdAt: Instant.at(1)))
        }
        try await store.insert(SmartLink(code: "promo.example.co/a1", team: "shop", route: "home", createdAt: Instant.at(1)))
        try await store.insert(SmartLink(code: "a1", team: "shop", route: "home", createdAt: Instant.at(1)))
        #expect(try await store.delete(code: "promo.example.com/gone", team: "shop", at: Instant.at(2)))
        #expect(try await store.removeDomain(host: "promo.example.com", team: "blog", force: true, audit: nil) == .notFound)
        #expect(try await store.removeDomain(host: "promo.example.com", team: "shop", force: false,
                                             audit: entry("domain.removed", "promo.example.com")) == .inUse(liveLinks: 2))
        #expect(try await store.audit(AuditQuery(team: "shop")).isEmpty, "a refused removal records nothing")
        #expect(try await store.removeDomain(host: "promo.example.com", team: nil, force: true,
                                             audit: entry("domain.removed", "promo.example.com")) == .removed(disabledLinks: 2))
        #expect(try await store.domains().map(\.host) == ["promo.example.co"])
        #expect(try await store.link(code: "promo.example.com/a1")?.disabled == true)
        #expect(try await store.link(code: "promo.example.co/a1")?.disabled == false, "a host that is a prefix of another is another domain")
        #expect(try await store.link(code: "a1")?.disabled == false)
        #expect(try await store.audit(AuditQuery(team: "shop")).map(\.action) == ["domain.removed"])
        try await store.insertDomain(domain("promo.example.com"), audit: nil)
        #expect(try await store.removeDomain(host: "promo.example.com", team: "shop", force: false, audit: nil) == .removed(disabledLinks: 0),
                "disabled links do not hold a domain")
    }

    /// One code on two domains and on the bootstrap one: three links, each read, listed and
    /// counted on its own.
    static func sameCodeOnTwoDomains(_ store: any LinkStore) async throws {
        for (key, id) in [("m9Mm", "1"), ("links.example.com/m9Mm", "2"), ("promo.example.com/m9Mm", "3")] {
            try await store.insert(SmartLink(code: key, team: "shop", route: "product/:id", routeParameters: ["id": id], redeemLimit: 5,
                                             createdAt: Instant.at(1)))
        }
        await #expect {
            try await store.insert(SmartLink(code: "promo.example.com/m9Mm", team: "shop", route: "home", createdAt: Instant.at(2)))
        } throws: { ($0 as? StoreError)?.code == .codeTaken }
        #expect(try await store.link(code: "promo.example.com/m9Mm")?.routeParameters == ["id": "3"])
        #expect(try await store.link(code: "promo.example.com/m9Mm")?.shortCode == "m9Mm")
        #expect(try await store.link(code: "promo.example.com/m9Mm")?.domain == "promo.example.com")
        #expect(try await store.link(code: "m9Mm")?.domain == nil)
        let read = try await store.links(codes: ["links.example.com/m9Mm", "m9Mm"]).map(\.code).sorted()
        #expect(read == ["links.example.com/m9Mm", "m9Mm"])
        #expect(try await store.list(team: "shop", limit: 10, cursor: nil).links.count == 3)
        _ = try await store.redeem(code: "links.example.com/m9Mm", install: "i-1", at: Instant.at(3))
        #expect(try await store.link(code: "links.example.com/m9Mm")?.redeemCount == 1)
        #expect(try await store.link(code: "m9Mm")?.redeemCount == 0, "each domain's link counts its own redemptions")
    }
}

/// The domain conformance cases on each back end (PostgreSQL when `SWITCHYARD_POSTGRES_URL` is set).
@Suite("Domain store conformance", .serialized)
struct DomainConformanceTests {
    @Test("In memory", arguments: DomainStoreConformance.allCases)
    func memory(_ check: DomainStoreConformance) async throws { try await check.run(on: .memory) }

    @Test("SQLite", arguments: DomainStoreConformance.allCases)
    func sqlite(_ check: DomainStoreConformance) async throws { try await check.run(on: .sqlite) }

    @Test("PostgreSQL", .needsPostgres, arguments: DomainStoreConformance.allCases)
    func postgres(_ check: DomainStoreConformance) async throws { try await check.run(on: .postgres) }
}
