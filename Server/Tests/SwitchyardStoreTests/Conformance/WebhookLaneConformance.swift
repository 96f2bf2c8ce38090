import Foundation
import Testing
@testable import SwitchyardStore

/// The outbox's lanes on every back end: claims that take at most a few rows of each webhook and
/// skip full lanes, leases extended only by their holder, and the `link.created` rows of an import.
enum WebhookLaneConformance {
    typealias Cases = WebhookStoreConformance

    /// `perWebhook` rows of each webhook at most, oldest due first, none of the skipped webhooks.
    static func claimByLane(_ store: any LinkStore) async throws {
        for id in ["slow", "fast", "other"] { try await store.insertWebhook(Cases.hook(id)) }
        try await store.enqueueWebhookDeliveries([
            Cases.delivery("s1", webhook: "slow", at: 1), Cases.delivery("s2", webhook: "slow", at: 2),
            Cases.delivery("s3", webhook: "slow", at: 3), Cases.delivery("f1", webhook: "fast", at: 4),
            Cases.delivery("f2", webhook: "fast", at: 5), Cases.delivery("o1", webhook: "other", at: 6),
        ])
        let first = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(60), limit: 10,
                                                           perWebhook: 1, skipping: [])
        #expect(first.map(\.delivery.eventID) == ["s1", "f1", "o1"])
        let second = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(60), limit: 10,
                                                            perWebhook: 2, skipping: ["slow"])
        #expect(second.map(\.delivery.eventID) == ["f2"])
        let third = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(60), limit: 1,
                                                           perWebhook: 5, skipping: [])
        #expect(third.map(\.delivery.eventID) == ["s2"])
    }

    /// The holder of a lease extends it; after the outcome is stored, or with another lease, nothing changes.
    static func leaseExtension(_ store: any LinkStore) async throws {
        try await store.insertWebhook(Cases.hook("wh1"))
        try await store.enqueueWebhookDeliveries([Cases.delivery("e1", at: 1), Cases.delivery("e2", at: 2)])
        let claimed = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(20), limit: 10)
        #expect(claimed.count == 2)
        #expect(try await store.extendWebhookLease(id: claimed[0].id, held: Instant.at(20), until: Instant.at(40)))
        #expect(try await !store.extendWebhookLease(id: claimed[0].id, held: Instant.at(20), until: Instant.at(50)), "a stale lease")
        try await store.retryWebhookDelivery(id: claimed[1].id, at: Instant.at(25), error: "timeout")
        #expect(try await !store.extendWebhookLease(id: claimed[1].id, held: Instant.at(20), until: Instant.at(40)),
                "an extension after the outcome changes nothing")
        #expect(try await store.claimWebhookDeliveries(now: Instant.at(30), leaseUntil: Instant.at(90), limit: 10)
            .map(\.delivery.eventID) == ["e2"], "e1's lease runs to 40, e2 is due at 25")
        #expect(try await store.claimWebhookDeliveries(now: Instant.at(40), leaseUntil: Instant.at(90), limit: 10)
            .map(\.delivery.eventID) == ["e1"])
    }

    /// An import writes the rows of the links it wrote, and none for codes already taken.
    static func outboxWithImport(_ store: any LinkStore) async throws {
        try await store.insertWebhook(Cases.hook("wh1"))
        try await store.insert(makeLink("taken"))
        let deliveries: WebhookDeliveries = { link in [Cases.delivery("created-\(link.code)")] }
        let taken = try await store.insert(contentsOf: [makeLink("new1"), makeLink("taken"), makeLink("new2"), makeLink("new1")],
                                           webhooks: deliveries)
        #expect(taken == ["taken", "new1"])
        let claimed = try await store.claimWebhookDeliveries(now: Instant.at(10), leaseUntil: Instant.at(60), limit: 10)
        #expect(Set(claimed.map(\.delivery.eventID)) == ["created-new1", "created-new2"])
        #expect(claimed.count == 2)
    }
}
