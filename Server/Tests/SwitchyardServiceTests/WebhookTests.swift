import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// Signed webhooks over a real socket, delivered to a real receiver process
/// (`Server/Scripts/webhook-receiver.py`) that verifies each signature.
@Suite("Signed webhooks")
struct WebhookTests {
    /// Fast polls and retries; private addresses allowed (the receiver is on 127.0.0.1) unless said.
    static func configuration(allowPrivate: Bool = true, retryWindow: Duration = .seconds(24 * 3600)) -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.webhooks.allowPrivateAddresses = allowPrivate
        configuration.webhooks.pollInterval = .milliseconds(20)
        configuration.webhooks.refreshInterval = .milliseconds(100)
        configuration.webhooks.firstRetryDelay = .seconds(1)
        configuration.webhooks.timeout = .seconds(3)
        configuration.webhooks.retryWindow = retryWindow
        return configuration
    }

    /// Clicks per platform over `link.clicked` events' per-link counts.
    static func platformTotals(_ links: [JSONValue]) -> [String: Int] {
        var totals: [String: Int] = [:]
        for link in links {
            for (platform, count) in link["platforms"]?.objectValue ?? [:] { totals[platform, default: 0] += count.intValue ?? 0 }
        }
        return totals
    }

    static let allEvents = #"["link.clicked", "link.redeemed", "link.claimed", "link.created"]"#

    /// Subscribes `receiver` and hands it the secret; returns the webhook's JSON.
    static func subscribe(_ client: some TestClientProtocol, _ receiver: WebhookReceiver, events: String = allEvents) async throws -> JSONValue {
        let response = try await client.send(.post, "/api/v1/webhooks", json: #"{"url": "\#(receiver.url)", "events": \#(events)}"#)
        guard response.status == .created else { throw HarnessError("expected 201, got \(response.status.code): \(response.text)") }
        let webhook = try response.json()
        try receiver.use(secret: try #require(webhook["secret"]?.stringValue))
        return webhook
    }

    @Test("Every event reaches a receiver that verifies its signature, though it failed first; each event id once",
          arguments: StoreKind.available)
    func deliveredThroughFailures(_ kind: StoreKind) async throws {
        let receiver = try WebhookReceiver(failFirst: 3)
        defer { receiver.stop() }
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let webhook = try await Self.subscribe(client, receiver)
            #expect(webhook["secret"]?.stringValue?.hasPrefix("whsec_") == true)
            #expect(webhook["events"] == ["link.claimed", "link.clicked", "link.created", "link.redeemed"])
            let link = try await client.create(#"{"route": "product/:product_id", "routeParameters": {"product_id": "42"}, "redeemLimit": 5}"#)
            let code = try #require(link["code"]?.stringValue)
            for agent in [Agents.iPhone, Agents.desktop, Agents.desktop] { _ = try await client.open(code, userAgent: agent) }
            await harness.recorder.flush()
            let redeemed = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: #"{"install": "install-0001"}"#)
            #expect(redeemed.status == .ok)
            let claimed = try await client.send(.post, "/api/v1/deferred/claim", key: Keys.app,
                                                json: #"{"code": "\#(code)", "platform": "ios", "osVersion": "17.4"}"#)
            #expect(claimed.status == .ok)
            let types: Set<String> = ["link.created", "link.clicked", "link.redeemed", "link.claimed"]
            try await eventually("every event verified", step: { harness.clock.advance(by: 2) }) {
                let events = try receiver.verifiedEvents()
                let clicks = events.filter { $0["type"] == "link.clicked" }.compactMap { $0["data"]?["count"]?.intValue }.reduce(0, +)
                return Set(events.compactMap { $0["type"]?.stringValue }) == types && clicks == 3
            }
            let log = try receiver.log()
            #expect(log.filter { $0["outcome"] == "failed-on-purpose" }.count == 3)
            #expect(log.filter { $0["outcome"] == "bad-signature" }.isEmpty)
            let events = try receiver.verifiedEvents()
            #expect(Set(events.compactMap { $0["id"]?.stringValue }).count == events.count)
            let created = try #require(events.first { $0["type"] == "link.created" })
            #expect(created["data"]?["code"]?.stringValue == code)
            #expect(created["data"]?["url"] == link["url"])
            #expect(created["createdAt"]?.stringValue != nil)
            let redeem = try #require(events.first { $0["type"] == "link.redeemed" })
            #expect(redeem["data"] == ["code": .string(code), "install": "install-0001", "redeemCount": 1, "redeemLimit": 5])
            let claim = try #require(events.first { $0["type"] == "link.claimed" })
            #expect(claim["data"] == ["code": .string(code), "match": "exact"])
            let clickedLinks = events.filter { $0["type"] == "link.clicked" }.compactMap { $0["data"]?["links"]?[0] }
            #expect(clickedLinks.allSatisfy { $0["code"]?.stringValue == code })
            #expect(Self.platformTotals(clickedLinks) == ["ios": 1, "desktop": 2])
            try await eventually("the outbox emptied") { try await harness.store.pendingWebhookDeliveryCount() == 0 }
        }
    }
}

/// Subscriptions: validation with its messages, addresses refused, listing without secrets, deletion per team.
@Suite("Webhook subscriptions")
struct WebhookSubscriptionTests {
    static let privateRefusal = "; webhooks may not reach loopback, private, link-local, CGNAT or metadata addresses"
        + " (serve --webhook-allow-private allows private ones)"

    @Test("A body that is not a subscription is 400 with a message naming what is wrong", arguments: [
        (#"{"events": ["link.clicked"]}"#, "'url' is required"),
        (#"{"url": "ftp://hooks.example.com/x", "events": ["link.clicked"]}"#, "'url' must use http or https, got 'ftp'"),
        (#"{"url": "hooks.example.com/x", "events": ["link.clicked"]}"#, "'url' must be an absolute http or https URL, got 'hooks.example.com/x'"),
        (#"{"url": "https://203.0.113.9/x"}"#,
         "'events' must be a non-empty array of event types: link.clicked, link.redeemed, link.claimed, link.created"),
        (#"{"url": "https://203.0.113.9/x", "events": []}"#,
         "'events' must be a non-empty array of event types: link.clicked, link.redeemed, link.claimed, link.created"),
        (#"{"url": "https://203.0.113.9/x", "events": ["link.opened"]}"#,
         "'events' has an unknown event type 'link.opened'; known: link.clicked, link.redeemed, link.claimed, link.created"),
        (#"{"url": "https://203.0.113.9/x", "events": [7]}"#,
         "'events' has an unknown event type number; known: link.clicked, link.redeemed, link.claimed, link.created"),
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
                + " webhooks may not reach loopback, private, link-local, CGNAT or metadata addresses"),
            ("http://[fd00:ec2::254]/", "webhook host 'fd00:ec2::254' is a cloud metadata address;"
                + " webhooks may not reach loopback, private, link-local, CGNAT or metadata addresses"),
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
            #expect(try await client.send(.get, "/api/v1/webhooks", key: Keys.app).status == .unauthorized)
            #expect(try await client.send(.delete, "/api/v1/webhooks/\(id)").status == .noContent)
            #expect(try await client.send(.delete, "/api/v1/webhooks/\(id)").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/webhooks").json()["webhooks"] == [])
        }
    }
}

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
            #expect(failed.first?.lastError?.contains("is a loopback address") == true)
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

/// The README's verification example is the receiver's own code, which the tests run.
@Suite("Webhook documentation")
struct WebhookDocumentationTests {
    @Test("The README's verify() is the one in Server/Scripts/webhook-receiver.py")
    func readmeExampleIsTheTestedOne() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let script = try String(contentsOf: root.appendingPathComponent("Server/Scripts/webhook-receiver.py"), encoding: .utf8)
        func verify(in text: String) -> String? {
            guard let start = text.range(of: "def verify(") else { return nil }
            let rest = text[start.lowerBound...]
            guard let end = rest.range(of: "return hmac.compare_digest(expected, signature)") else { return nil }
            return String(rest[..<end.upperBound])
        }
        let documented = try #require(verify(in: readme))
        #expect(documented == verify(in: script))
    }
}
