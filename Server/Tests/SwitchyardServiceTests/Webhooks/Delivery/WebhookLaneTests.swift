import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

extension TimingTests {
    /// No receiver can hold another's deliveries, over real sockets: a receiver that answers 200 and
    /// then trickles its body one byte every two seconds fills only its own lane, and a delivery in
    /// flight keeps its lease so no second dispatcher doubles it.
    @Suite("Webhook lanes")
    struct WebhookLaneTests {
        @Test("A trickling receiver is stuck while another team's receiver gets each of its events", arguments: StoreKind.available)
        func tricklingReceiverDelaysOnlyItself(_ kind: StoreKind) async throws {
            let slow = try WebhookReceiver(trickle: 2)
            defer { slow.stop() }
            let fast = try WebhookReceiver()
            defer { fast.stop() }
            var configuration = WebhookTests.configuration()
            // Longer than the test: the slow receiver's attempts never end while it runs, so the fast
            // receiver's events can arrive only if nothing waits for them.
            configuration.webhooks.timeout = .seconds(600)
            try await Harness.live(kind, configuration: configuration) { client, harness in
                _ = try await WebhookTests.subscribe(client, slow, events: #"["link.created"]"#)
                _ = try await WebhookTests.subscribe(client, fast, events: #"["link.created"]"#, key: Keys.otherTeam)
                // More events for the slow receiver than its lane holds.
                for _ in 0..<4 { _ = try await client.create(#"{"route": "about/team"}"#) }
                try await eventually("the slow receiver's lane full") {
                    try slow.log().filter { $0["outcome"] == "trickling" }.count == 2
                }
                var waits: [Duration] = []
                for round in 0..<5 {
                    let link = try await client.create(#"{"route": "about/team"}"#, key: Keys.otherTeam)
                    let code = try #require(link["code"]?.stringValue)
                    let start = ContinuousClock.now
                    try await eventually("the fast receiver's event \(round)") {
                        try fast.verifiedEvents().contains { $0["data"]?["code"]?.stringValue == code }
                    }
                    waits.append(ContinuousClock.now - start)
                }
                // The issue asks for 2 s; the bound is generous for a loaded two-core machine, and far
                // below the slow receiver's hold (600 s).
                #expect(waits.allSatisfy { $0 < .seconds(15) }, "waits: \(waits)")
                let slowLog = try slow.log()
                #expect(slowLog.filter { $0["outcome"] == "trickling" }.count == 2, "its lane holds two; the rest wait")
                // The fast team's last completion is stored just after its receiver answered.
                try await eventually("only the slow team's deliveries left, none of them done") {
                    try await harness.store.pendingWebhookDeliveryCount() == 4
                }
                #expect(try await harness.store.failedWebhookDeliveries(team: "other", limit: 10).isEmpty)
            }
        }

        @Test("A delivery in flight keeps its lease: a second dispatcher on the same store does not attempt it again",
              arguments: [StoreKind.sqlite] + (StoreKind.postgresURL == nil ? [] : [StoreKind.postgres]))
        func leaseExtendedWhileInFlight(_ kind: StoreKind) async throws {
            let slow = try WebhookReceiver(trickle: 1)
            defer { slow.stop() }
            let store = try await kind.make()
            try await store.migrate()
            var settings = WebhookSettings()
            settings.allowPrivateAddresses = true
            settings.timeout = .seconds(12)
            settings.pollInterval = .milliseconds(20)
            try await store.insertWebhook(Webhook(id: "wh_slow", team: "shop", url: slow.url, events: [.linkCreated],
                                                  secret: "whsec_slow", createdAt: Date()))
            try await store.enqueueWebhookDeliveries([WebhookDelivery.New(webhookID: "wh_slow", eventID: "evt_1", type: .linkCreated,
                                                                          body: "{}", createdAt: Date())])
            // A lease of 3 s, extended every second, against an attempt that takes 12 s.
            let dispatchers = (0..<2).map { _ in
                WebhookDispatcher(store: store, subscriptions: WebhookSubscriptions(), policy: WebhookAddressPolicy(allowPrivate: true),
                                  settings: settings, logger: Harness.logger, now: { Date() }, leaseSeconds: 3)
            }
            let running = dispatchers.map { dispatcher in Task { try await dispatcher.run() } }
            try await eventually("the first attempt under way") { try slow.log().contains { $0["outcome"] == "trickling" } }
            // Three leases' worth: without the extensions, the row would be claimed again twice.
            try await Task.sleep(for: .seconds(9))
            #expect(try slow.log().filter { $0["outcome"] == "trickling" }.count == 1)
            #expect(try await store.pendingWebhookDeliveryCount() == 1)
            for task in running { task.cancel() }
            for task in running { _ = try? await task.value }
            try await store.close()
            await StoreKind.cleanUp(store)
        }
    }
}
