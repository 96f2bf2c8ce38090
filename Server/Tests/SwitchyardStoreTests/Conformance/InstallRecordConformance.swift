import Foundation
import GRDB
import Testing
@testable import SwitchyardStore

/// What every ``InstallRecordStore`` must do, on each back end (issue 55, a data subject's
/// requests): every record that names an install found, scoped to a team when asked; erased in
/// one step that keeps the links' counts, leaves another install alone, writes its audit entry
/// with the counts, and leaves the install's identifier in no table at all.
enum InstallRecordConformance: String, ConformanceCase {
    case exportAndErase

    /// The install erased (a UUID, as the SDK makes them) and one left alone.
    static let install = "6F1C2A7E-3B0D-4C55-9B1E-2D8F7A6C5B40"
    static let other = "0C0FFEE0-1111-4222-8333-944445555666"

    func check(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await Self.exportAndErase(store)
        #expect(try await Self.tablesNaming(Self.install, in: database) == [], "no table holds the erased install")
        #expect(try await Self.tablesNaming(Self.other, in: database) == ["attest_keys", "redemptions", "webhook_deliveries"],
                "the other install is kept")
    }

    static func exportAndErase(_ store: any LinkStore) async throws {
        try await store.insert(makeLink("shop1", team: "shop", redeemLimit: 5))
        try await store.insert(makeLink("blog1", team: "blog", redeemLimit: 5))
        for (code, who, at) in [("shop1", install, 1.0), ("blog1", install, 2), ("shop1", other, 3)] {
            guard case .redeemed = try await store.redeem(code: code, install: who, at: Instant.at(at)) else {
                Issue.record("\(who) could not redeem \(code)"); return
            }
        }
        #expect(try await store.insertAttestKey(AttestKeyRecord(keyID: "key-1", install: install, appID: "TEAM.app", publicKey: [4, 1, 2],
                                                                 counter: 3, attestedAt: Instant.at(4))))
        #expect(try await store.insertAttestKey(AttestKeyRecord(keyID: "key-2", install: other, appID: "TEAM.app", publicKey: [4, 5, 6],
                                                                 attestedAt: Instant.at(4))))
        try await store.insertWebhook(Webhook(id: "wh-shop", team: "shop", url: "https://hooks.example/", events: [.linkRedeemed],
                                              secret: "s", createdAt: Instant.at(0)))
        try await store.enqueueWebhookDeliveries([
            .init(webhookID: "wh-shop", eventID: "e1", type: .linkRedeemed,
                  body: #"{"code":"shop1","install":"\#(install)","type":"link.redeemed"}"#, createdAt: Instant.at(1)),
            .init(webhookID: "wh-shop", eventID: "e2", type: .linkRedeemed,
                  body: #"{"code":"shop1","install":"\#(other)","type":"link.redeemed"}"#, createdAt: Instant.at(3)),
        ])

        // PostgreSQL shares rate buckets between instances: the app-key create limit's bucket names the install.
        let shared = store as? any SharedRateLimits
        _ = try await shared?.spendToken(key: "app-create:install:" + install, capacity: 10, seconds: 60, now: Instant.at(1))
        let buckets = shared == nil ? 0 : 1

        let all = try await store.installRecords(install, team: nil)
        #expect(all.rateBuckets.count == buckets)
        #expect(all.redemptions == [.init(code: "shop1", team: "shop", redeemedAt: Instant.at(1), addressRange: nil),
                                    .init(code: "blog1", team: "blog", redeemedAt: Instant.at(2), addressRange: nil)])
        #expect(all.attestedKeys.map(\.keyID) == ["key-1"])
        #expect(all.attestedKeys.first?.publicKey == [4, 1, 2])
        #expect(all.webhookDeliveries.map(\.body) == [#"{"code":"shop1","install":"\#(install)","type":"link.redeemed"}"#])
        let shop = try await store.installRecords(install, team: "shop")
        #expect(shop.redemptions.map(\.code) == ["shop1"], "a team sees its own links' redemptions")
        #expect(shop.webhookDeliveries.count == 1)
        let blog = try await store.installRecords(install, team: "blog")
        #expect(blog.redemptions.map(\.code) == ["blog1"])
        #expect(blog.webhookDeliveries.isEmpty, "and the deliveries to its own webhooks")
        #expect(blog.attestedKeys.count == 1, "attested keys are the service's")
        #expect(try await store.installRecords("never-seen-install", team: nil).isEmpty)

        // A team's erasure leaves the other team's records.
        let blogErasure = try await store.eraseInstall(install, team: "blog") { _ in nil }
        #expect(blogErasure == InstallErasure(redemptionsAnonymized: 1, attestedKeysDeleted: 1, rateBucketsDeleted: buckets))
        #expect(try await store.installRecords(install, team: nil).redemptions.map(\.code) == ["shop1"])

        let erasure = try await store.eraseInstall(install, team: nil) { erasure in
            AuditEntry(team: "default", at: Instant.at(9), keyName: "cli", role: "admin", address: "local", action: "install.erased",
                       target: "install sha256:0123456789abcdef", detail: erasure.summary)
        }
        #expect(erasure == InstallErasure(redemptionsAnonymized: 1, webhookDeliveriesRedacted: 1))
        #expect(try await store.installRecords(install, team: nil).isEmpty)
        #expect(try await store.link(code: "shop1")?.redeemCount == 2, "the counts stay")
        #expect(try await store.link(code: "blog1")?.redeemCount == 1)
        let kept = try await store.installRecords(other, team: nil)
        #expect(kept.redemptions.count == 1 && kept.attestedKeys.count == 1 && kept.webhookDeliveries.count == 1)
        let audit = try await store.audit(AuditQuery(team: "default", action: "install.erased"))
        #expect(audit.map(\.detail) == ["1 redemption anonymized, 0 attested keys deleted, 1 webhook delivery redacted, 0 rate buckets deleted"],
                "the entry names what the erasure changed, not the install")
        #expect(try await store.eraseInstall(install, team: nil) { _ in nil } == InstallErasure(), "erasing again changes nothing")
    }

    /// The tables with any column whose text holds `needle` (every column of every table, read as text).
    static func tablesNaming(_ needle: String, in database: TestDatabase) async throws -> [String] {
        switch database.backend {
        case .memory:
            // No tables: what the store answers stands for them.
            let store = try await database.open()
            let records = try await store.installRecords(needle, team: nil)
            return [(records.attestedKeys.isEmpty, "attest_keys"), (records.redemptions.isEmpty, "redemptions"),
                    (records.webhookDeliveries.isEmpty, "webhook_deliveries")].filter { !$0.0 }.map(\.1)
        case .sqlite:
            let queue = try DatabaseQueue(path: database.location)
            return try await queue.read { db in
                var found: [String] = []
                for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
                    let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\"\(table)\")").map { $0["name"] as String }
                    let test = columns.map { "instr(CAST(\"\($0)\" AS TEXT), ?) > 0" }.joined(separator: " OR ")
                    let hits = try Int.fetchOne(db, sql: "SELECT count(*) FROM \"\(table)\" WHERE \(test)",
                                                arguments: StatementArguments(Array(repeating: needle, count: columns.count))) ?? 0
                    if hits > 0 { found.append(table) }
                }
                return found
            }
        case .postgres:
            let store = try #require(try await database.open() as? PostgresLinkStore)
            // Each column of each table of the test's schema, counted through query_to_xml (one statement).
            let literal = needle.replacingOccurrences(of: "'", with: "''")
            var found: [String] = []
            let tables = ["access_keys", "attest_challenges", "attest_keys", "audit_log", "click_days", "clicks", "country_days", "dashboard_sessions",
                          "deferred_opens", "domains", "event_days", "idempotency_keys", "links", "rate_buckets", "redemptions",
                          "switchyard_schema_migrations", "team_rules", "teams", "webhook_deliveries", "webhooks"]
            #expect(try await store.integer(unsafeSQL: """
                SELECT count(*) FROM information_schema.tables WHERE table_schema = '\(database.location)'
                AND table_name NOT IN (\(tables.map { "'\($0)'" }.joined(separator: ", ")))
                """) == 0, "every table of the schema is searched (a new table joins the list)")
            for table in tables {
                let hits = try await store.integer(unsafeSQL: """
                    SELECT count(*) FROM information_schema.columns c
                    WHERE c.table_schema = '\(database.location)' AND c.table_name = '\(table)'
                    AND (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I.%I WHERE strpos(%I::text, %L) > 0',
                         c.table_schema, c.table_name, c.column_name, '\(literal)'), false, true, '')))[1]::text::int > 0
                    """)
                if hits > 0 { found.append(table) }
            }
            return found.sorted()
        }
    }
}

/// The install-record cases on each back end (PostgreSQL when `SWITCHYARD_POSTGRES_URL` is set).
@Suite("Install record conformance", .serialized)
struct InstallRecordConformanceTests {
    @Test("In memory", arguments: InstallRecordConformance.allCases)
    func memory(_ check: InstallRecordConformance) async throws { try await check.run(on: .memory) }

    @Test("SQLite", arguments: InstallRecordConformance.allCases)
    func sqlite(_ check: InstallRecordConformance) async throws { try await check.run(on: .sqlite) }

    @Test("PostgreSQL", .needsPostgres, arguments: InstallRecordConformance.allCases)
    func postgres(_ check: InstallRecordConformance) async throws { try await check.run(on: .postgres) }
}
