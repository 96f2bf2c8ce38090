import Foundation
import Testing
@testable import SwitchyardStore

/// What every ``AccessStore`` must do, on each back end: teams and keys unique by name, keys
/// found by digest, revocation per team with its audit entry in the same write, last use kept
/// as the latest, the audit entry of each change written with it (none when nothing changed),
/// and the audit log paged newest first, filtered and expired.
enum AccessStoreConformance: String, ConformanceCase {
    case teams
    case keys
    case revocation
    case lastUse
    case auditPages
    case auditRetention
    case auditWithChanges

    func check(_ database: TestDatabase) async throws {
        let store = try await database.open()
        switch self {
        case .teams: try await Self.teams(store)
        case .keys: try await Self.keys(store)
        case .revocation: try await Self.revocation(store)
        case .lastUse: try await Self.lastUse(store)
        case .auditPages: try await Self.auditPages(store)
        case .auditRetention: try await Self.auditRetention(store)
        case .auditWithChanges: try await Self.auditWithChanges(store)
        }
    }

    static func key(_ name: String, team: String = "shop", role: AccessKey.Role = .editor, expires: Double? = nil) -> AccessKey {
        AccessKey(name: name, team: team, role: role, hash: "hash-\(name)", hint: "syk_\(name.prefix(4))", createdAt: Instant.at(1),
                  expiresAt: expires.map(Instant.at))
    }

    static func entry(_ action: String, team: String = "shop", key: String = "ci", at seconds: Double = 0) -> AuditEntry {
        AuditEntry(team: team, at: Instant.at(seconds), keyName: key, role: "editor", address: "203.0.113.9", action: action,
                   target: "x\(Int(seconds))", detail: "d")
    }

    /// Teams round-trip in name order; a second team of a name is `.nameTaken`.
    static func teams(_ store: any LinkStore) async throws {
        try await store.insertTeam(Team(name: "shop", createdAt: Instant.at(2)))
        try await store.insertTeam(Team(name: "blog", createdAt: Instant.at(1)))
        #expect(try await store.teams() == [Team(name: "blog", createdAt: Instant.at(1)), Team(name: "shop", createdAt: Instant.at(2))])
        await #expect(throws: StoreError.nameTaken("team", "shop")) {
            try await store.insertTeam(Team(name: "shop", createdAt: Instant.at(3)))
        }
    }

    /// Keys round-trip with every field, by digest and by team; names are unique within a team,
    /// and another team may use one.
    static func keys(_ store: any LinkStore) async throws {
        try await store.insertKey(key("ci", expires: 100), audit: nil)
        try await store.insertKey(key("app", team: "blog", role: .app), audit: entry("key.created", team: "blog", key: "cli"))
        #expect(try await store.accessKey(hash: "hash-ci") == key("ci", expires: 100))
        #expect(try await store.accessKey(hash: "hash-none") == nil)
        #expect(try await store.accessKeys(team: "shop").map(\.name) == ["ci"])
        #expect(try await store.accessKeys(team: nil).map(\.name) == ["app", "ci"])
        var again = key("ci", expires: 200)
        again.hash = "hash-ci-again"
        await #expect(throws: StoreError.nameTaken("key", "ci")) {
            try await store.insertKey(again, audit: nil)
        }
        var blogs = key("ci", team: "blog")
        blogs.hash = "hash-ci-blog"
        try await store.insertKey(blogs, audit: nil)
        #expect(try await store.accessKeys(team: "blog").map(\.name) == ["app", "ci"])
        #expect(try await store.audit(AuditQuery(team: "blog")).map(\.action) == ["key.created"])
    }

    /// A key is revoked once, only through its team (or any team when none is named), with its
    /// audit entry; a revoked key is still found by digest, marked.
    static func revocation(_ store: any LinkStore) async throws {
        try await store.insertKey(key("ci"), audit: nil)
        #expect(try await store.revokeKey(name: "ci", team: "blog", at: Instant.at(5), audit: entry("key.revoked", team: "blog")) == nil)
        let revoked = try #require(try await store.revokeKey(name: "ci", team: "shop", at: Instant.at(5), audit: entry("key.revoked")))
        #expect(revoked.revokedAt == Instant.at(5))
        #expect(try await store.revokeKey(name: "ci", team: nil, at: Instant.at(6), audit: entry("key.revoked")) == nil)
        #expect(try await store.accessKey(hash: "hash-ci")?.revokedAt == Instant.at(5))
        #expect(try await store.audit(AuditQuery(team: "shop")).map(\.action) == ["key.revoked"])
        #expect(try await store.audit(AuditQuery(team: "blog")).isEmpty)
    }

    /// The latest use is kept; an earlier one does not replace it; unknown digests change nothing.
    static func lastUse(_ store: any LinkStore) async throws {
        try await store.insertKey(key("ci"), audit: nil)
        try await store.recordKeyUse(["hash-ci": Instant.at(10), "hash-none": Instant.at(10)])
        try await store.recordKeyUse(["hash-ci": Instant.at(7)])
        #expect(try await store.accessKey(hash: "hash-ci")?.lastUsedAt == Instant.at(10))
        try await store.recordKeyUse(["hash-ci": Instant.at(12)])
        #expect(try await store.accessKey(hash: "hash-ci")?.lastUsedAt == Instant.at(12))
    }

    /// Entries come back newest first, per team, filtered by key and action, paged by id.
    static func auditPages(_ store: any LinkStore) async throws {
        try await store.appendAudit((0..<5).map { entry($0 % 2 == 0 ? "link.created" : "link.deleted", at: Double($0)) }
            + [entry("link.created", team: "blog", at: 9), entry("link.created", key: "ops", at: 10)])
        let all = try await store.audit(AuditQuery(team: "shop"))
        #expect(all.map(\.target) == ["x10", "x4", "x3", "x2", "x1", "x0"])
        #expect(all[1] == AuditEntry(id: all[1].id, team: "shop", at: Instant.at(4), keyName: "ci", role: "editor",
                                     address: "203.0.113.9", action: "link.created", target: "x4", detail: "d"))
        let first = try await store.audit(AuditQuery(team: "shop", limit: 2))
        let second = try await store.audit(AuditQuery(team: "shop", before: first.last?.id, limit: 2))
        #expect((first + second).map(\.target) == ["x10", "x4", "x3", "x2"])
        #expect(try await store.audit(AuditQuery(team: "shop", keyName: "ops")).map(\.target) == ["x10"])
        #expect(try await store.audit(AuditQuery(team: "shop", keyName: "ci", action: "link.deleted")).map(\.target) == ["x3", "x1"])
    }

    /// A link's creation, update and deletion, a webhook's creation and deletion and a sign-in
    /// store their entry in the same write; a write that changes nothing (a taken code, an unknown
    /// link or webhook) stores none.
    static func auditWithChanges(_ store: any LinkStore) async throws {
        try await store.insert(makeLink("a1", team: "shop"), webhooks: [], audit: entry("link.created", at: 1))
        await #expect(throws: StoreError.codeTaken("a1")) {
            try await store.insert(makeLink("a1", team: "shop"), webhooks: [], audit: entry("link.created", at: 2))
        }
        let web = SmartLink.Fallbacks(web: "https://example.org/")
        #expect(try await store.update(code: "a1", team: "shop", changes: LinkChanges(fallbacks: web), audit: entry("link.updated", at: 3)) != nil)
        #expect(try await store.update(code: "zz", team: "shop", changes: LinkChanges(fallbacks: web), audit: entry("link.updated", at: 4)) == nil)
        #expect(try await store.delete(code: "a1", team: "blog", at: Instant.at(5), audit: entry("link.deleted", at: 5)) == false)
        #expect(try await store.delete(code: "a1", team: "shop", at: Instant.at(6), audit: entry("link.deleted", at: 6)))
        let hook = Webhook(id: "wh1", team: "shop", url: "https://hooks.example.com/1", events: [.linkCreated], secret: "s",
                           createdAt: Instant.at(7))
        try await store.insertWebhook(hook, audit: entry("webhook.created", at: 7))
        #expect(try await store.deleteWebhook(id: "wh1", team: "blog", audit: entry("webhook.deleted", at: 8)) == false)
        #expect(try await store.deleteWebhook(id: "wh1", team: "shop", audit: entry("webhook.deleted", at: 9)))
        let session = DashboardSession(tokenHash: "t", team: "shop", csrf: "c", expiresAt: Instant.at(1000))
        try await store.insertSession(session, now: Instant.at(10), audit: entry("signin", at: 10))
        let log = try await store.audit(AuditQuery(team: "shop"))
        #expect(log.map { "\($0.action) \($0.target)" } == [
            "signin x10", "webhook.deleted x9", "webhook.created x7", "link.deleted x6", "link.updated x3", "link.created x1",
        ])
    }

    /// Entries before the cutoff are deleted, on every team; later ones stay.
    static func auditRetention(_ store: any LinkStore) async throws {
        try await store.appendAudit([entry("a", at: 1), entry("b", team: "blog", at: 2), entry("c", at: 3)])
        #expect(try await store.forgetAudit(before: Instant.at(3)) == 2)
        #expect(try await store.audit(AuditQuery(team: "shop")).map(\.action) == ["c"])
        #expect(try await store.audit(AuditQuery(team: "blog")).isEmpty)
    }
}

/// The access conformance cases on each back end (PostgreSQL when `SWITCHYARD_POSTGRES_URL` is set),
/// one at a time, as the other PostgreSQL suites, so they never exhaust the server's connections.
@Suite("Access store conformance", .serialized)
struct AccessConformanceTests {
    @Test("In memory", arguments: AccessStoreConformance.allCases)
    func memory(_ check: AccessStoreConformance) async throws { try await check.run(on: .memory) }

    @Test("SQLite", arguments: AccessStoreConformance.allCases)
    func sqlite(_ check: AccessStoreConformance) async throws { try await check.run(on: .sqlite) }

    @Test("PostgreSQL", .needsPostgres, arguments: AccessStoreConformance.allCases)
    func postgres(_ check: AccessStoreConformance) async throws { try await check.run(on: .postgres) }
}
