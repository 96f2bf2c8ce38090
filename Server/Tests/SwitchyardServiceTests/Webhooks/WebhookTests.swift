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
    static func subscribe(_ client: some TestClientProtocol, _ receiver: WebhookReceiver, events: String = allEvents,
                          key: String = Keys.admin, url: String? = nil) async throws -> JSONValue {
        let response = try await client.send(.post, "/api/v1/webhooks", key: key,
                                             json: #"{"url": "\#(url ?? receiver.url)", "events": \#(events)}"#)
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
            #expect(redeem["data"] == ["code": .string(code), "domain": "go.example.com", "install": "install-0001", "redeemCount": 1,
                                       "redeemLimit": 5])
            let claim = try #require(events.first { $0["type"] == "link.claimed" })
            #expect(claim["data"] == ["code": .string(code), "domain": "go.example.com", "match": "exact"])
            let clickedLinks = events.filter { $0["type"] == "link.clicked" }.compactMap { $0["data"]?["links"]?[0] }
            #expect(clickedLinks.allSatisfy { $0["code"]?.stringValue == code })
            #expect(Self.platformTotals(clickedLinks) == ["ios": 1, "desktop": 2])
            try await eventually("the outbox emptied") { try await harness.store.pendingWebhookDeliveryCount() == 0 }
        }
    }

    @Test("Every event names the link's domain and its code on it")
    func eventsNameTheDomain() async throws {
        let receiver = try WebhookReceiver(failFirst: 0)
        defer { receiver.stop() }
        try await Harness.live(.memory, configuration: Self.configuration()) { client, harness in
            _ = try await Self.subscribe(client, receiver)
            #expect(try await client.send(.post, "/api/v1/domains", json: #"{"host": "promo.shop.example"}"#).status == .created)
            let link = try await client.create(#"{"route": "about/team", "alias": "spring", "redeemLimit": 5}"#)
            #expect(link["domain"]?.stringValue == "promo.shop.example")
            _ = try await client.open("spring", host: "promo.shop.example", userAgent: Agents.iPhone)
            await harness.recorder.flush()
            let redeemed = try await client.send(.post, "/api/v1/links/spring/redeem?domain=promo.shop.example", key: Keys.app,
                                                 json: #"{"install": "install-0001"}"#)
            #expect(redeemed.status == .ok, "\(redeemed.text)")
            let claimed = try await client.send(.post, "/api/v1/deferred/claim", key: Keys.app,
                                                json: #"{"code": "promo.shop.example/spring", "platform": "ios", "osVersion": "17.4"}"#)
            #expect(claimed.status == .ok, "the app claims a stored domain's link by its key: \(claimed.text)")
            let types: Set<String> = ["link.created", "link.clicked", "link.redeemed", "link.claimed"]
            try await eventually("every event verified", step: { harness.clock.advance(by: 2) }) {
                Set(try receiver.verifiedEvents().compactMap { $0["type"]?.stringValue }) == types
            }
            for event in try receiver.verifiedEvents() {
                let data = event["type"] == "link.clicked" ? event["data"]?["links"]?[0] : event["data"]
                #expect(data?["domain"]?.stringValue == "promo.shop.example", "\(event)")
                #expect(data?["code"]?.stringValue == "spring", "\(event)")
            }
        }
    }
}
