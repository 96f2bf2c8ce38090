import Foundation
import SwitchyardRules
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    static func abTest(endsAt: Date?) -> LinkVariants {
        LinkVariants(variants: [.init(target: .route("product/:id", parameters: ["id": "a"]), weight: 60),
                                .init(target: .url("https://shop.example.com/b"), weight: 40)],
                     endsAt: endsAt, decideBy: .redeems)
    }

    /// An A/B test round-trips; the tests to decide are those that ended, undecided, of live
    /// links, earliest first; a test is decided once (a second decider writes nothing), with its
    /// audit entry and webhook rows in the same transaction, and a route winner's route replaces
    /// the link's; PATCH replaces and removes a test.
    static func variantTests(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insertWebhook(WebhookStoreConformance.hook("wh1"))
        for (code, end) in [("late", 30.0), ("early", 10.0), ("never", nil), ("gone", 5.0)] {
            var link = makeLink(code)
            link.content.variants = abTest(endsAt: end.map(Instant.at))
            try await store.insert(link)
        }
        _ = try await store.delete(code: "gone", team: "acme", at: Instant.at(1), audit: nil)
        #expect(try await store.link(code: "late")?.content.variants == abTest(endsAt: Instant.at(30)))
        #expect(try await store.linksDecidingVariants(by: Instant.at(9), limit: 10).isEmpty)
        #expect(try await store.linksDecidingVariants(by: Instant.at(30), limit: 10).map(\.code) == ["early", "late"])
        #expect(try await store.linksDecidingVariants(by: Instant.at(30), limit: 1).map(\.code) == ["early"])

        var decided = abTest(endsAt: Instant.at(10))
        decided.winner = 0
        decided.decidedAt = Instant.at(11)
        let route = LinkRouteChange(route: "product/:id", routeName: "product", routeParameters: ["id": "a"])
        let audit = AuditEntry(team: "acme", at: Instant.at(11), keyName: "switchyard", role: "service", address: "",
                               action: "link.variant_decided", target: "early", detail: "variant 0")
        let rows = [WebhookStoreConformance.delivery("decided-early", type: .linkVariantDecided, at: 11)]
        let first = try await store.decideVariants(code: "early", decided: decided, route: route, audit: audit, webhooks: rows)
        #expect(first?.content.variants?.winner == 0)
        #expect(first?.content.routeName == "product" && first?.content.routeParameters == ["id": "a"])
        let again = try await store.decideVariants(code: "early", decided: decided, route: route, audit: audit, webhooks: rows)
        #expect(again == nil, "a decided test is not decided again")
        #expect(try await store.decideVariants(code: "gone", decided: decided, route: nil, audit: audit, webhooks: rows) == nil)
        #expect(try await store.link(code: "early")?.content.variants == decided)
        #expect(try await store.linksDecidingVariants(by: Instant.at(30), limit: 10).map(\.code) == ["late"])
        #expect(try await store.audit(AuditQuery(team: "acme", action: "link.variant_decided")).count == 1)
        #expect(try await store.pendingWebhookDeliveryCount() == 1)

        var changes = LinkChanges()
        changes.variants = .some(abTest(endsAt: Instant.at(50)))
        #expect(try await store.update(code: "late", team: "acme", changes: changes)?.content.variants?.endsAt == Instant.at(50))
        #expect(try await store.linksDecidingVariants(by: Instant.at(30), limit: 10).isEmpty, "the replaced test ends later")
        changes.variants = .some(nil)
        #expect(try await store.update(code: "late", team: "acme", changes: changes)?.content.variants == nil)
        #expect(try await store.linksDecidingVariants(by: Instant.at(60), limit: 10).isEmpty)
    }
}
