import Foundation
import Testing
@testable import SwitchyardStore

/// What every ``WebhookStore`` must do, on each back end: subscriptions, outbox rows written with
/// the writes they report (and not without them), claims and leases, retries, failure, deletion.
enum WebhookStoreConformance: String, ConformanceCase {
    case subscriptions
    case outboxWithInsert
    case outboxWithRedeem
    case outboxWithClicks
    case outboxWithClaims
    case claimAndLease
    case retryAndFail
    case deleteDropsDeliveries
    case concurrentClaims
    case claimByLane
    case leaseExtension
    case outboxWithImport

    func check(_ database: TestDatabase) async throws {
        let store = try await database.open()
        switch self {
        case .subscriptions: try await Self.subscriptions(store)
        case .outboxWithInsert: try await Self.outboxWithInsert(store)
        case .outboxWithRedeem: try await Self.outboxWithRedeem(store)
        case .outboxWithClicks: try await Self.outboxWithClicks(store)
        case .outboxWithClaims: try await Self.outboxWithClaims(store)
        case .claimAndLease: try await Self.claimAndLease(store)
        case .retryAndFail: try await Self.retryAndFail(store)
        case .deleteDropsDeliveries: try await Self.deleteDropsDeliveries(store)
        case .concurrentClaims: try await Self.concurrentClaims(store)
        case .claimByLane: try await WebhookLaneConformance.claimByLane(store)
        case .leaseExtension: try await WebhookLaneConformance.leaseExtension(store)
        case .outboxWithImport: try await WebhookLaneConformance.outboxWithImport(store)
        }
    }

    static func hook(_ id: String, team: String = "acme", events: Set<WebhookEventType> = Set(WebhookEventType.allCases),
                     at seconds: Double = 0) -> Webhook {
        Webhook(id: id, team: team, url: "https://hooks.example.com/\(id)", events: events, secret: "secret-\(id)",
                createdAt: Instant.at(seconds))
    }

    static func delivery(_ event: String, webhook: String = "wh1", type: WebhookEventType = .linkCreated,
                         at seconds: Double = 0) -> WebhookDelivery.New {
        WebhookDelivery.New(webhookID: webhook, eventID: event, type: type, body: #"{"id":"\#(event)"}"#, createdAt: Instant.at(seconds))
    }

    /// Subscriptions round-trip per team, oldest first; delete is per team.
    static func subscriptions(_ store: any LinkStore) async throws {
        try await store.insertWebhook(hook("wh2", events: [.linkClicked, .linkRedeemed], at: 2))
        try await store.insertWebhook(hook("wh1", at: 1))
        try await store.insertWebhook(hook("wh3", team: "other", events: [.linkCreated], at: 3))
        #expect(try await store.webhooks(team: "acme") == [hook("wh1", at: 1), hook("wh2", events: [.linkClicked, .linkRedeemed], at: 2)])
        #expect(try await store.webhooks(team: nil).map(\.id) == ["wh1", "wh2", "wh3"])
        #expect(try await store.deleteWebhook(id: "wh3", team: "acme") == false)
        #expect(try await store.deleteWebhook(id: "wh3", team: "other"))
        #expect(try await store.webhooks(team: "other").isEmpty)
    }

    /// A created link's rows are written with it; a taken code writes none.
    static func outboxWithInsert(_ store: any LinkStore) async throws {
        try await store.insertWebhook(hook("wh1"))
        try await store.insert(makeLink("made"), webhooks: [delivery("e1")])
        await #expect(throws: StoreError.self) { try await store.insert(makeLink("made"), webhooks: [delivery("e2")]) }
        #expect(try await store.pendingWebhookDeliveryCount() == 1)
        let claimed = try await store.claimWebhookDeliveries(now: Instant.at(1), leaseUntil: Instant.at(60), limit: 10)
        #expect(claimed.map(\.delivery) == [delivery("e1")])
        #expect(claimed.first?.url == "https://hooks.example.com/wh1" && claimed.first?.secret == "secret-wh1")
        #expect(claimed.first?.attempts == 1)
    }

    /// Rows go with a spent redemption, made from the link as spent; none with a refused or replayed one.
    static func outboxWithRedeem(_ store: any LinkStore) async throws {
        try await store.insertWebhook(hook("wh1"))
        try await store.insert(makeLink("once", redeemLimit: 1))
        let make: WebhookDeliveries = { link in [delivery("redeemed-\(link.code)-\(link.redeemCount)", type: .linkRedeemed)] }
        _ = try await store.redeem(code: "once", install: "install-1", at: Instant.at(1), webhooks: make)
        _ = try await store.redeem(code: "once", install: "install-1", at: Instant.at(2), webhooks: make)
        _ = try await store.redeem(code: "once", install: "install-2", at: Instant.at(3), webhooks: make)
        let claimed = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(60), limit: 10)
        #expect(claimed.map(\.delivery.eventID) == ["redeemed-once-1"])
    }

    /// A click batch's rows: the maker sees the batch with the team of each click's link.
    static func outboxWithClicks(_ store: any LinkStore) async throws {
        try await store.insertWebhook(hook("wh1"))
        try await store.insert(makeLink("aaa"))
        try await store.insert(makeLink("bbb", team: "other"))
        let clicks = [Click(code: "aaa", at: Instant.at(1), platform: .ios), Click(code: "bbb", at: Instant.at(1), platform: .desktop),
                      Click(code: "aaa", at: Instant.at(2), platform: .android), Click(code: "zzz", at: Instant.at(2), platform: .ios)]
        try await store.record(clicks) { teams, clicks in
            #expect(teams == ["aaa": "acme", "bbb": "other"])
            let acme = clicks.filter { teams[$0.code] == "acme" }
            return [delivery("clicked-acme-\(acme.count)", type: .linkClicked)]
        }
        #expect(try await store.clickCounts(code: "aaa") == [.ios: 1, .android: 1])
        let claimed = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(60), limit: 10)
        #expect(claimed.map(\.delivery.eventID) == ["clicked-acme-2"])
        // Without a maker, a batch writes no rows.
        try await store.record([Click(code: "aaa", at: Instant.at(3), platform: .ios)], webhooks: nil)
        #expect(try await store.pendingWebhookDeliveryCount() == 1)
    }

    /// Exact and heuristic claims write their rows with the opens they consume.
    static func outboxWithClaims(_ store: any LinkStore) async throws {
        try await store.insertWebhook(hook("wh1"))
        try await store.insert(makeLink("open"))
        try await store.remember(PendingOpen(fingerprint: "f1", code: "open", expiresAt: Instant.at(100)), now: Instant.at(1))
        let code = try await store.claimOpen(fingerprint: "f1", now: Instant.at(2)) { link in
            [delivery("claimed-\(link.code)", type: .linkClaimed)]
        }
        #expect(code == "open")
        #expect(try await store.claimOpen(fingerprint: "f1", now: Instant.at(3)) { _ in [delivery("never", type: .linkClaimed)] } == nil)
        try await store.consumeOpens(fingerprint: "f2", code: "open", now: Instant.at(4), webhooks: [delivery("exact", type: .linkClaimed)])
        try await store.enqueueWebhookDeliveries([delivery("alone", type: .linkClaimed)])
        let claimed = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(60), limit: 10)
        #expect(claimed.map(\.delivery.eventID) == ["claimed-open", "exact", "alone"])
    }

    /// A claim leases rows until `leaseUntil`: not claimed again before, claimed again after
    /// (an attempt cut short by a crash); only due rows are claimed, oldest first, `limit` at most.
    static func claimAndLease(_ store: any LinkStore) async throws {
        try await store.insertWebhook(hook("wh1"))
        try await store.enqueueWebhookDeliveries([delivery("e1", at: 1), delivery("e2", at: 2), delivery("later", at: 50)])
        let first = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(20), limit: 1)
        #expect(first.map(\.delivery.eventID) == ["e1"])
        let second = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(20), limit: 10)
        #expect(second.map(\.delivery.eventID) == ["e2"])
        #expect(try await store.claimWebhookDeliveries(now: Instant.at(15), leaseUntil: Instant.at(30), limit: 10).isEmpty)
        let again = try await store.claimWebhookDeliveries(now: Instant.at(20), leaseUntil: Instant.at(40), limit: 10)
        #expect(again.map(\.delivery.eventID) == ["e1", "e2"])
        #expect(again.map(\.attempts) == [2, 2])
        try await store.completeWebhookDelivery(id: again[0].id)
        #expect(try await store.pendingWebhookDeliveryCount() == 2)
        #expect(try await store.claimWebhookDeliveries(now: Instant.at(60), leaseUntil: Instant.at(70), limit: 10)
            .map(\.delivery.eventID) == ["e2", "later"])
    }

    /// A retry is due at its time; a failed delivery is never claimed again and is listed for its team.
    static func retryAndFail(_ store: any LinkStore) async throws {
        try await store.insertWebhook(hook("wh1"))
        try await store.insertWebhook(hook("wh9", team: "other"))
        try await store.enqueueWebhookDeliveries([delivery("e1"), delivery("e9", webhook: "wh9")])
        let claimed = try await store.claimWebhookDeliveries(now: Instant.at(1), leaseUntil: Instant.at(100), limit: 10)
        let e1 = try #require(claimed.first { $0.delivery.eventID == "e1" })
        let e9 = try #require(claimed.first { $0.delivery.eventID == "e9" })
        try await store.retryWebhookDelivery(id: e1.id, at: Instant.at(5), error: "HTTP 500")
        try await store.retryWebhookDelivery(id: e9.id, at: Instant.at(5), error: "HTTP 503")
        #expect(try await store.claimWebhookDeliveries(now: Instant.at(4), leaseUntil: Instant.at(100), limit: 10).isEmpty)
        let retried = try await store.claimWebhookDeliveries(now: Instant.at(5), leaseUntil: Instant.at(100), limit: 10)
        #expect(Set(retried.map(\.delivery.eventID)) == ["e1", "e9"])
        try await store.failWebhookDelivery(id: e1.id, at: Instant.at(6), error: "HTTP 502")
        #expect(try await store.claimWebhookDeliveries(now: Instant.at(1000), leaseUntil: Instant.at(2000), limit: 10)
            .map(\.delivery.eventID) == ["e9"])
        let failed = try await store.failedWebhookDeliveries(team: "acme", limit: 10)
        #expect(failed.count == 1)
        #expect(failed.first?.delivery == delivery("e1"))
        #expect(failed.first?.attempts == 2 && failed.first?.lastError == "HTTP 502" && failed.first?.failedAt == Instant.at(6))
        #expect(failed.first?.url == "https://hooks.example.com/wh1")
        #expect(try await store.failedWebhookDeliveries(team: "other", limit: 10).isEmpty)
        #expect(try await store.pendingWebhookDeliveryCount() == 1)
    }

    /// Deleting a webhook deletes its rows; rows of a webhook deleted elsewhere are dropped at claim.
    static func deleteDropsDeliveries(_ store: any LinkStore) async throws {
        try await store.insertWebhook(hook("wh1"))
        try await store.insertWebhook(hook("wh2"))
        try await store.enqueueWebhookDeliveries([delivery("e1"), delivery("e2", webhook: "wh2"), delivery("ghost", webhook: "wh-gone")])
        #expect(try await store.deleteWebhook(id: "wh1", team: "acme"))
        let claimed = try await store.claimWebhookDeliveries(now: Instant.at(1), leaseUntil: Instant.at(2), limit: 10)
        #expect(claimed.map(\.delivery.eventID) == ["e2"])
        #expect(try await store.pendingWebhookDeliveryCount() == 1)
    }

    /// Claims running at once never hand one row out twice, and leave none behind for good: what
    /// they did not take, the next claims do. (On PostgreSQL two claims whose statements start
    /// together see the same first rows of the webhook's lane, and the one that finds them locked
    /// skips them and takes fewer: a run on a loaded machine had the six claims take 45 of 60.)
    static func concurrentClaims(_ store: any LinkStore) async throws {
        try await store.insertWebhook(hook("wh1"))
        try await store.enqueueWebhookDeliveries((0..<60).map { delivery("e\($0)") })
        let ids = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<6 {
                group.addTask { try await store.claimWebhookDeliveries(now: Instant.at(1), leaseUntil: Instant.at(100), limit: 15).map(\.id) }
            }
            return try await group.reduce(into: [Int64]()) { $0 += $1 }
        }
        #expect(!ids.isEmpty)
        #expect(Set(ids).count == ids.count, "no row handed out twice")
        var all = ids
        while true {
            let next = try await store.claimWebhookDeliveries(now: Instant.at(1), leaseUntil: Instant.at(100), limit: 15).map(\.id)
            if next.isEmpty { break }
            all += next
        }
        #expect(all.count == 60)
        #expect(Set(all).count == 60, "every row claimed once, by the concurrent claims or the ones after")
    }
}
