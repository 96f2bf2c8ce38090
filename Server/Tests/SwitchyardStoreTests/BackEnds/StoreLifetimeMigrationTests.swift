import Foundation
import Testing
@testable import SwitchyardStore

/// A store that has lived through every release: rows written by each table's first schema (links
/// and clicks by the first, a remembered open by the second, a session by the third, a redemption
/// by the seventh, webhooks and their outbox by the ninth) all read and keep working after the
/// latest migration, on SQLite and PostgreSQL. Links live for years; the store under them changes
/// with every release.
@Suite("A store from the first release")
struct StoreLifetimeMigrationTests {
    /// When the oldest rows were written, and "now" for the checks, a month later.
    static let written = 1_600_000_000
    static let now = Date(timeIntervalSince1970: TimeInterval(written + 30 * 86_400))
    static let day = 86_400

    /// The rows each schema version first allows, with instants (seconds since 1970) rendered by the back end.
    static func rows(through version: Int, time at: OldRows.Time) -> [String] {
        func time(_ seconds: Int) -> String { at(Date(timeIntervalSince1970: TimeInterval(seconds))) }
        let t0 = written, far = written + 3650 * day
        switch version {
        case 1: return [
            """
            INSERT INTO links (code, team, route, route_name, route_parameters, query_parameters, metadata,
                redeem_limit, redeem_count, fallback_ios, fallback_web, preview_title, created_at, expires_at)
            VALUES ('coupon1', 'shop', 'product/:id', 'product', '{"id":"42"}', '{"ref":"mail"}',
                '{"coupon":"SPRING"}', 3, 1, 'https://shop.example/ios', 'https://shop.example/p/42', 'Spring sale',
                \(time(t0)), \(time(far)))
            """,
            """
            INSERT INTO links (code, team, route, route_parameters, query_parameters, created_at)
            VALUES ('home1', 'shop', 'about', '{}', '{}', \(time(t0 + 1)))
            """,
            """
            INSERT INTO links (code, team, route, route_parameters, query_parameters, created_at, deleted_at)
            VALUES ('gone1', 'shop', 'about', '{}', '{}', \(time(t0 + 2)), \(time(t0 + day)))
            """,
            "INSERT INTO clicks (code, at, platform) VALUES ('coupon1', \(time(t0 + 3600)), 'ios')",
            "INSERT INTO clicks (code, at, platform) VALUES ('coupon1', \(time(t0 + 3700)), 'ios')",
            "INSERT INTO clicks (code, at, platform, referrer) VALUES ('coupon1', \(time(t0 + day + 3600)), 'desktop', 'https://news.example')",
        ]
        case 2: return ["INSERT INTO deferred_opens (fingerprint, code, expires_at) VALUES ('fp1', 'home1', \(time(far)))"]
        case 3: return ["INSERT INTO dashboard_sessions (token_hash, team, csrf, expires_at) VALUES ('tok1', 'shop', 'csrf1', \(time(far)))"]
        case 7: return ["INSERT INTO redemptions (code, install, redeemed_at) VALUES ('coupon1', 'install-1', \(time(t0 + 2 * day)))"]
        case 9: return [
            """
            INSERT INTO webhooks (id, team, url, events, secret, created_at)
            VALUES ('wh1', 'shop', 'https://hooks.example/in', 'link.clicked,link.redeemed', 'whsec', \(time(t0)))
            """,
            """
            INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, body, created_at, next_attempt_at)
            VALUES ('wh1', 'ev-pending', 'link.clicked', '{"n":1}', \(time(t0)), \(time(t0)))
            """,
            """
            INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, body, created_at, attempts,
                next_attempt_at, failed_at, last_error)
            VALUES ('wh1', 'ev-failed', 'link.redeemed', '{"n":2}', \(time(t0)), 8, \(time(t0)), \(time(t0 + 3600)), 'HTTP 500')
            """,
        ]
        default: return []
        }
    }

    /// The rows, written at each version in order.
    static let oldRows = OldRows([1, 2, 3, 7, 9].map { version in
        OldRows.Step(version: version) { time in StoreLifetimeMigrationTests.rows(through: version, time: time) }
    })

    /// Reads every old row through the store and uses each as the service would.
    func check(_ store: any LinkStore) async throws {
        let written = Date(timeIntervalSince1970: TimeInterval(Self.written))
        let coupon = try #require(try await store.link(code: "coupon1"))
        #expect(coupon.route == "product/:id" && coupon.routeName == "product")
        #expect(coupon.routeParameters == ["id": "42"] && coupon.queryParameters == ["ref": "mail"])
        #expect(coupon.metadata == ["coupon": .string("SPRING")])
        #expect(coupon.redeemLimit == 3 && coupon.redeemCount == 1)
        #expect(coupon.fallbacks.ios == "https://shop.example/ios" && coupon.fallbacks.web == "https://shop.example/p/42")
        #expect(coupon.preview.title == "Spring sale" && coupon.createdAt == written)
        #expect(coupon.deferredMatch == .exact, "a link with metadata and a limit is handed out only by an exact claim")
        #expect(coupon.label == nil && !coupon.disabled && !coupon.forcedRedirect && coupon.installProof == nil && !coupon.createdByApp)
        let home = try #require(try await store.link(code: "home1"))
        #expect(home.routeName == nil && home.deferredMatch == .any && home.metadata == nil)

        // A deleted link stays gone and keeps its code.
        let gone = try #require(try await store.link(code: "gone1"))
        #expect(gone.deletedAt == written.addingTimeInterval(TimeInterval(Self.day)))
        await #expect(throws: StoreError.self) {
            try await store.insert(SmartLink(code: "gone1", team: "shop", route: "about", createdAt: Self.now))
        }
        #expect(try await store.list(team: "shop", limit: 10, cursor: nil, matching: nil).links.map(\.code) == ["home1", "coupon1"])

        // Clicks written before the daily totals existed are counted in them.
        #expect(try await store.clickCounts(code: "coupon1") == [.ios: 2, .desktop: 1])
        #expect(try await store.clicksPerDay(code: "coupon1", since: written.addingTimeInterval(-86_400)).map(\.count) == [2, 1])

        // The install that redeemed before gets its answer again without spending; two more spend the rest.
        #expect(try await store.redeem(code: "coupon1", install: "install-1", at: Self.now) == .alreadyRedeemed(coupon))
        guard case .redeemed(let second) = try await store.redeem(code: "coupon1", install: "install-2", at: Self.now) else {
            Issue.record("a second install did not redeem"); return
        }
        #expect(second.redeemCount == 2)
        #expect(try await store.redeem(code: "coupon1", install: "install-3", at: Self.now) != .exhausted)
        #expect(try await store.redeem(code: "coupon1", install: "install-4", at: Self.now) == .exhausted)

        // The remembered open, the dashboard session, the webhook and both deliveries.
        #expect(try await store.claimOpen(fingerprint: "fp1", now: Self.now, webhooks: nil) == "home1")
        let session = try #require(try await store.session(tokenHash: "tok1", now: Self.now, extendingTo: Self.now.addingTimeInterval(3600)))
        #expect(session.team == "shop" && session.csrf == "csrf1" && session.keyName == "environment" && session.role == "admin")
        let hooks = try await store.webhooks(team: "shop")
        #expect(hooks.map(\.id) == ["wh1"] && hooks.first?.events == [.linkClicked, .linkRedeemed])
        let failed = try await store.failedWebhookDeliveries(team: "shop", limit: 10)
        #expect(failed.map(\.delivery.eventID) == ["ev-failed"] && failed.first?.lastError == "HTTP 500" && failed.first?.attempts == 8)
        #expect(try await store.pendingWebhookDeliveryCount() == 1)
        let claimed = try await store.claimWebhookDeliveries(now: Self.now, leaseUntil: Self.now.addingTimeInterval(60), limit: 10)
        #expect(claimed.map(\.delivery.eventID) == ["ev-pending"] && claimed.first?.secret == "whsec")
    }

    @Test("SQLite: rows from every schema since the first read and work at the latest")
    func sqlite() async throws {
        try await Self.oldRows.migrate(on: .sqlite, check: check)
    }

    @Test("PostgreSQL: rows from every schema since the first read and work at the latest", .needsPostgres)
    func postgres() async throws {
        try await Self.oldRows.migrate(on: .postgres, check: check)
    }
}
