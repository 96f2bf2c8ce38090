import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// Delivery's own rules: the address checked again, redirects not followed, failure after the window.
@Suite("Webhook delivery")
struct WebhookDeliveryTests {
    @Test("An address refused now is not delivered to, even when the webhook was stored before")
    func addressCheckedAtDelivery() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await Harness.live(.sqlite, configuration: WebhookTests.configuration(allowPrivate: false, retryWindow: .zero)) { client, harness in
            // As if DNS had changed since it was created: the stored URL now reaches loopback.
            try await harness.store.insertWebhook(Webhook(id: "wh_stale", team: "shop", url: receiver.url, events: [.linkCreated],
                                                          secret: "whsec_stale", createdAt: harness.clock.now))
            try await harness.store.enqueueWebhookDeliveries([WebhookDelivery.New(
                webhookID: "wh_stale", eventID: "evt_1", type: .linkCreated, body: "{}", createdAt: harness.clock.now)])
            try await eventually("the delivery given up") {
                try await !harness.store.failedWebhookDeliveries(team: "shop", limit: 10).isEmpty
            }
            let failed = try await harness.store.failedWebhookDeliveries(team: "shop", limit: 10)
            #expect(failed.first?.lastError == "address refused", "a category, never the address it resolved to")
            #expect(try receiver.log().isEmpty)
        }
    }

    @Test("A redirect is a failure and is never followed; after the retry window the delivery is failed", arguments: StoreKind.available)
    func redirectNotFollowed(_ kind: StoreKind) async throws {
        let target = try WebhookReceiver()
        defer { target.stop() }
        let redirecting = try WebhookReceiver(redirect: target.url)
        defer { redirecting.stop() }
        try await Harness.live(kind, configuration: WebhookTests.configuration(retryWindow: .seconds(60))) { client, harness in
            _ = try await WebhookTests.subscribe(client, redirecting, events: #"["link.created"]"#)
            _ = try await client.create(#"{"route": "about/team"}"#)
            try await eventually("the delivery given up", step: { harness.clock.advance(by: 5) }) {
                try await !harness.store.failedWebhookDeliveries(team: "shop", limit: 10).isEmpty
            }
            let failed = try await harness.store.failedWebhookDeliveries(team: "shop", limit: 10)
            #expect(failed.first?.lastError == "HTTP 307")
            #expect(failed.first?.attempts ?? 0 > 1)
            #expect(try redirecting.log().allSatisfy { $0["outcome"] == "redirected" })
            #expect(try target.log().isEmpty)
            #expect(try await harness.store.pendingWebhookDeliveryCount() == 0)
        }
    }

    @Test("Retries back off exponentially with jitter, up to the maximum")
    func backoff() {
        var settings = WebhookSettings()
        settings.firstRetryDelay = .seconds(10)
        settings.maximumRetryDelay = .seconds(3600)
        let dispatcher = WebhookDispatcher(store: InMemoryLinkStore(), subscriptions: WebhookSubscriptions(),
                                           policy: WebhookAddressPolicy(allowPrivate: false), settings: settings,
                                           logger: Harness.logger, now: { Date() })
        for (attempt, base) in [(1, 10.0), (2, 20), (3, 40), (6, 320), (9, 2560), (10, 3600), (40, 3600)] {
            let delays = (0..<50).map { _ in dispatcher.retryDelay(afterAttempt: attempt) }
            #expect(delays.allSatisfy { $0 >= base * 0.5 && $0 <= base }, "attempt \(attempt)")
            #expect(Set(delays).count > 1, "jitter at attempt \(attempt)")
        }
    }
}
