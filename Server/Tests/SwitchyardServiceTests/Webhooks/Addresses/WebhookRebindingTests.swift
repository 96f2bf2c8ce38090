import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Synchronization
import Testing

/// A delivery connects to the address its check resolved, once: a name that answers a public
/// address and then loopback (DNS rebinding) never reaches loopback, and the name travels as the
/// `Host` header.
@Suite("Webhook rebinding")
struct WebhookRebindingTests {
    /// A resolver that answers from a script, one answer per call (the last one repeated), and
    /// counts its calls.
    final class ScriptedResolver: Sendable {
        private let state: Mutex<(answers: [[String]], calls: Int)>

        init(_ answers: [[String]]) { state = Mutex((answers, 0)) }

        var calls: Int { state.withLock { $0.calls } }

        @Sendable func resolve(_ host: String) async -> [String] {
            state.withLock { state in
                defer { state.calls += 1 }
                return state.answers[min(state.calls, state.answers.count - 1)]
            }
        }
    }

    @Test("A name that answers public, then loopback, then public again never reaches loopback", arguments: StoreKind.available)
    func rebindingRefused(_ kind: StoreKind) async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        // `localhost` itself resolves to loopback: a client that resolved the name again would
        // reach the receiver. The public address answered is one nothing listens on here.
        let url = "http://localhost:\(receiver.port)/hooks/switchyard"
        let resolver = ScriptedResolver([["93.184.216.34"], ["127.0.0.1"], ["93.184.216.34"], ["127.0.0.1"], ["93.184.216.34"]])
        var configuration = WebhookTests.configuration(allowPrivate: false)
        configuration.webhooks.timeout = .seconds(2)
        try await Harness.live(kind, configuration: configuration, webhookResolver: resolver.resolve) { client, harness in
            _ = try await WebhookTests.subscribe(client, receiver, events: #"["link.created"]"#, url: url)
            _ = try await client.create(#"{"route": "about/team"}"#)
            // Four attempts: checked against loopback, public, loopback, public.
            try await eventually("four attempts", step: { harness.clock.advance(by: 30) }) { resolver.calls >= 5 }
            #expect(try receiver.log().isEmpty, "nothing reached loopback")
            let failed = try await harness.store.pendingWebhookDeliveryCount()
            #expect(failed == 1, "the delivery is still to be retried")
        }
        #expect(try receiver.log().isEmpty)
    }

    @Test("A delivery connects to the checked address with the name as its Host, and failures are stored as categories",
          arguments: StoreKind.available)
    func connectsToTheCheckedAddress(_ kind: StoreKind) async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let resolver = ScriptedResolver([["127.0.0.1"]])
        var configuration = WebhookTests.configuration(allowPrivate: true, retryWindow: .zero)
        configuration.webhooks.timeout = .seconds(5)
        try await Harness.live(kind, configuration: configuration, webhookResolver: resolver.resolve) { client, harness in
            _ = try await WebhookTests.subscribe(client, receiver, events: #"["link.created"]"#,
                                                 url: "http://hooks.shop.test:\(receiver.port)/hooks/switchyard")
            let link = try await client.create(#"{"route": "about/team"}"#)
            try await eventually("the event verified") { try !receiver.verifiedEvents().isEmpty }
            let entry = try #require(try receiver.log().first { $0["outcome"] == "verified" })
            #expect(entry["host"]?.stringValue == "hooks.shop.test:\(receiver.port)")
            #expect(entry["event"]?["data"]?["code"] == link["code"])

            // A closed port: the failure is stored as its category, without the system's words.
            let closed = try WebhookReceiver()
            let port = closed.port
            closed.stop()
            _ = try await WebhookTests.subscribe(client, receiver, events: #"["link.created"]"#, key: Keys.otherTeam,
                                                 url: "http://hooks.other.test:\(port)/hook")
            _ = try await client.create(#"{"route": "about/team"}"#, key: Keys.otherTeam)
            try await eventually("the delivery given up") {
                try await !harness.store.failedWebhookDeliveries(team: "other", limit: 10).isEmpty
            }
            let failed = try await harness.store.failedWebhookDeliveries(team: "other", limit: 10)
            #expect(failed.first?.lastError == "connection refused")
        }
    }
}
