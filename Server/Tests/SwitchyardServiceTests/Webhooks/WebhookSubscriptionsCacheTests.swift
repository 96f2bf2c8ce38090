import Foundation
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// The subscriptions an instance keeps in memory: a refresh whose read of the store was overtaken
/// by this instance's own creation or deletion keeps that change.
@Suite("Webhook subscriptions in memory")
struct WebhookSubscriptionsCacheTests {
    static func webhook(_ id: String, team: String = "shop") -> Webhook {
        Webhook(id: id, team: team, url: "https://hooks.example.com/\(id)", events: [.linkCreated], secret: "whsec_\(id)",
                createdAt: Date(timeIntervalSince1970: 1_900_000_000))
    }

    static func subscribed(_ subscriptions: WebhookSubscriptions, team: String = "shop") -> [String] {
        subscriptions.subscribers(team: team, type: .linkCreated).map(\.id)
    }

    @Test("A webhook created while a refresh reads the store is kept when the older read arrives")
    func creationDuringARefreshIsKept() {
        let subscriptions = WebhookSubscriptions()
        let mark = subscriptions.mark()
        subscriptions.add(Self.webhook("wh_new"))          // inserted after the refresh's read began
        subscriptions.replace(with: [], readAfter: mark)   // the read that did not see it
        #expect(Self.subscribed(subscriptions) == ["wh_new"])
        #expect(subscriptions.anySubscribes(to: .linkCreated))
    }

    @Test("A webhook deleted while a refresh reads the store stays deleted")
    func deletionDuringARefreshStays() {
        let subscriptions = WebhookSubscriptions()
        subscriptions.replace(with: [Self.webhook("wh_old")], readAfter: subscriptions.mark())
        let mark = subscriptions.mark()
        subscriptions.remove(id: "wh_old", team: "shop")
        subscriptions.replace(with: [Self.webhook("wh_old")], readAfter: mark)
        #expect(Self.subscribed(subscriptions).isEmpty)
    }

    @Test("A read that began after a local change is taken as it is: another instance's deletion shows")
    func laterReadWins() {
        let subscriptions = WebhookSubscriptions()
        subscriptions.add(Self.webhook("wh_a"))
        subscriptions.replace(with: [Self.webhook("wh_a"), Self.webhook("wh_b", team: "other")], readAfter: subscriptions.mark())
        #expect(Self.subscribed(subscriptions) == ["wh_a"])
        #expect(Self.subscribed(subscriptions, team: "other") == ["wh_b"])
        subscriptions.replace(with: [Self.webhook("wh_b", team: "other")], readAfter: subscriptions.mark())
        #expect(Self.subscribed(subscriptions).isEmpty, "deleted elsewhere, and no local change after the read began")
    }

    @Test("A creation the read already saw is listed once")
    func noDuplicate() {
        let subscriptions = WebhookSubscriptions()
        let mark = subscriptions.mark()
        subscriptions.add(Self.webhook("wh_a"))
        subscriptions.replace(with: [Self.webhook("wh_a")], readAfter: mark)
        #expect(Self.subscribed(subscriptions) == ["wh_a"])
    }
}
