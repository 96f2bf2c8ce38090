import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// Subscriptions: validation with its messages, addresses refused, listing without secrets, deletion per team.
@Suite("Webhook subscriptions")
struct WebhookSubscriptionTests {
    static let privateRefusal = "; webhooks may reach public addresses only"
        + " (serve --webhook-allow-private allows loopback, private, link-local and CGNAT ones)"

    @Test("A body that is not a subscription is 400 with a message naming what is wrong", arguments: [
        (#"{"events": ["link.clicked"]}"#, "'url' is required"),
        (#"{"url": "ftp://hooks.example.com/x", "events": ["link.clicked"]}"#, "'url' must use http or https, got 'ftp'"),
        (#"{"url": "hooks.example.com/x", "events": ["link.clicked"]}"#, "'url' must be an absolute http or https URL, got 'hooks.example.com/x'"),
        (#"{"url": "https://203.0.113.9/x"}"#,
         "'events' must be a non-empty array of event types: link.clicked, link.redeemed, link.claimed, link.created, link.variant_decided"),
        (#"{"url": "https://203.0.113.9/x", "events": []}"#,
         "'events' must be a non-empty array of event types: link.clicked, link.redeemed, link.claimed, link.created, link.variant_decided"),
        (#"{"url": "https://203.0.113.9/x", "events": ["link.opened"]}"#,
         "'events' has an unknown event type 'link.opened'; known: link.clicked, link.redeemed, link.claimed, link.created, link.variant_decided"),
        (#"{"url": "https://203.0.113.9/x", "events": [7]}"#,
         "'events' has an unknown event type number; known: link.clicked, link.redeemed, link.claimed, link.created, link.variant_decided"),
        (#"{"url": "https://203.0.113.9/x", "events": ["link.clicked", "link.clicked"]}"#, "'events' names 'link.clicked' twice"),
        (#"{"url": "https://203.0.113.9/x", "events": ["link.clicked"], "secret": "mine"}"#, "unknown field 'secret'"),
    ])
    func invalid(_ body: String, _ message: String) async throws {
        try await Harness.live(.memory, configuration: WebhookTests.configuration(allowPrivate: false)) { client, _ in
            let response = try await client.send(.post, "/api/v1/webhooks", json: body)
            #expect(response.status == .badRequest)
            #expect(try response.json()["detail"]?.stringValue == message)
        }
    }

    @Test("Loopback, private, link-local, CGNAT, unspecified and metadata addresses are refused without --webhook-allow-private",
          arguments: [
            ("http://127.0.0.1:9000/hook", "webhook host '127.0.0.1' is a loopback address" + privateRefusal),
            ("http://localhost:9000/hook", "webhook host 'localhost' resolves to 127.0.0.1, which is a loopback address" + privateRefusal),
            ("http://10.1.2.3/hook", "webhook host '10.1.2.3' is a private address" + privateRefusal),
            ("http://192.168.0.7/hook", "webhook host '192.168.0.7' is a private address" + privateRefusal),
            ("http://[fd12::1]/hook", "webhook host 'fd12::1' is a private address" + privateRefusal),
            ("http://[::1]/hook", "webhook host '::1' is a loopback address" + privateRefusal),
            ("http://169.254.10.1/hook", "webhook host '169.254.10.1' is a link-local address" + privateRefusal),
            ("http://100.64.1.1/hook", "webhook host '100.64.1.1' is a carrier-grade NAT address" + privateRefusal),
            ("http://0.0.0.0/hook", "webhook host '0.0.0.0' is an unspecified address" + privateRefusal),
            ("http://[::ffff:127.0.0.1]/hook", "webhook host '::ffff:127.0.0.1' is a loopback address" + privateRefusal),
            ("http://169.254.169.254/latest/meta-data", "webhook host '169.254.169.254' is a cloud metadata address;"
                + " webhooks may reach public addresses only"),
            ("http://[fd00:ec2::254]/", "webhook host 'fd00:ec2::254' is a cloud metadata address;"
                + " webhooks may reach public addresses only"),
          ])
    func refusedAddresses(_ url: String, _ message: String) async throws {
        try await Harness.live(.memory, configuration: WebhookTests.configuration(allowPrivate: false)) { client, harness in
            let response = try await client.send(.post, "/api/v1/webhooks", json: #"{"url": "\#(url)", "events": ["link.created"]}"#)
            #expect(response.status == .badRequest)
            #expect(try response.json()["type"]?.stringValue?.hasSuffix("/webhook-url-refused") == true)
            #expect(try response.json()["detail"]?.stringValue == message)
            #expect(try await harness.store.webhooks(team: nil).isEmpty)
        }
    }

    @Test("Metadata addresses stay refused with private addresses allowed")
    func metadataAlwaysRefused() async throws {
        try await Harness.live(.memory, configuration: WebhookTests.configuration(allowPrivate: true)) { client, _ in
            let metadata = try await client.send(.post, "/api/v1/webhooks", json: #"{"url": "http://169.254.169.254/x", "events": ["link.created"]}"#)
            #expect(metadata.status == .badRequest)
            let loopback = try await client.send(.post, "/api/v1/webhooks", json: #"{"url": "http://127.0.0.1:9/x", "events": ["link.created"]}"#)
            #expect(loopback.status == .created)
        }
    }

    @Test("Listed without their secrets, per team; deleted per team (another team's is 404)", arguments: StoreKind.available)
    func listAndDelete(_ kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: WebhookTests.configuration()) { client, _ in
            let created = try await client.send(.post, "/api/v1/webhooks", json: #"{"url": "http://127.0.0.1:9/a", "events": ["link.created", "link.clicked"]}"#)
            #expect(created.status == .created)
            let webhook = try created.json()
            let id = try #require(webhook["id"]?.stringValue)
            #expect(created.headers[.location] == "/api/v1/webhooks/\(id)")
            let listed = try await client.send(.get, "/api/v1/webhooks").json()
            #expect(listed["webhooks"]?[0]?["id"]?.stringValue == id)
            #expect(listed["webhooks"]?[0]?["secret"] == nil || listed["webhooks"]?[0]?["secret"] == .null)
            #expect(listed["webhooks"]?[0]?["events"] == ["link.clicked", "link.created"])
            #expect(try await client.send(.get, "/api/v1/webhooks", key: Keys.otherTeam).json()["webhooks"] == [])
            #expect(try await client.send(.delete, "/api/v1/webhooks/\(id)", key: Keys.otherTeam).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/webhooks", key: Keys.app).status == .forbidden)
            #expect(try await client.send(.delete, "/api/v1/webhooks/\(id)").status == .noContent)
            #expect(try await client.send(.delete, "/api/v1/webhooks/\(id)").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/webhooks").json()["webhooks"] == [])
        }
    }
}
