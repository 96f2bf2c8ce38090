import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// The dashboard's webhooks page.
@Suite("Webhooks on the dashboard")
struct DashboardWebhookTests {
    @Test("Failed deliveries are listed for their team only, escaped", arguments: StoreKind.available)
    func failedDeliveriesListed(_ kind: StoreKind) async throws {
        let receiver = try WebhookReceiver(failFirst: 1000)
        defer { receiver.stop() }
        try await Harness.live(kind, configuration: WebhookTests.configuration(retryWindow: .seconds(30))) { client, harness in
            let dashboard = DashboardClient(client)
            _ = try await dashboard.signIn()
            #expect(try await dashboard.get("/dashboard/webhooks").text.contains(#"<p id="no-webhooks">"#))
            let webhook = try await WebhookTests.subscribe(client, receiver, events: #"["link.created"]"#)
            _ = try await client.create(#"{"route": "about/team"}"#)
            try await eventually("the delivery given up", step: { harness.clock.advance(by: 10) }) {
                try await !harness.store.failedWebhookDeliveries(team: "shop", limit: 1).isEmpty
            }
            let page = try await dashboard.get("/dashboard/webhooks").text
            #expect(page.contains(try #require(webhook["id"]?.stringValue)))
            #expect(page.contains(#"<table id="failed-deliveries">"#))
            #expect(page.contains(#"<td class="last-error">HTTP 503</td>"#))
            #expect(page.contains("<td>link.created</td>"))
            #expect(!page.contains("whsec_"), "a secret on the page")
            let other = DashboardClient(client)
            _ = try await other.signIn(Keys.otherTeam)
            let otherPage = try await other.get("/dashboard/webhooks").text
            #expect(otherPage.contains(#"<p id="no-failures">"#))
        }
    }
}
