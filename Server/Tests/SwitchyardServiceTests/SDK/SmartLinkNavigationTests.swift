import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
import Synchronization
import Testing

/// The SDK taking a short link as it arrives, against the real service over a socket: a navigator
/// configured with the link service resolves the short link and routes its deep link through the
/// same pipeline (filters, gates, handlers), and the first-launch check carries a tap through an
/// install.
@Suite struct SmartLinkNavigationTests {
    /// What a router saw, in order.
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    static func app(port: Int, log: Log, gateOpen: Bool = true,
                    onFailure: SmartLinkRouting.FailurePolicy = .report) throws -> (Navigator, SmartLinkClient, Switchyard.Router) {
        let router = try Switchyard.Router(Harness.routes)
        try router.map("product/:product_id") { link in
            log.add("product \(link.routeParameters?["product_id"] ?? "?") \(link.source) \(link.metadata?["coupon"]?.stringValue ?? "-")")
        }
        router.mapDefault { link in log.add("default \(link.url) \(link.source)") }
        try router.appendFilter(GateFilter(routes: ["order/:id<int>"], isOpen: { gateOpen }))
        router.addHandler { link in log.add("handler \(link.route ?? "nil")") }
        let client = SmartLinkClient(service: URL(string: "http://127.0.0.1:\(port)")!, appKey: Keys.app,
                                     table: try RouteTable(Harness.routes))
        let navigator = Navigator(routers: [router], waitsUntilReady: false)
        navigator.smartLinks = SmartLinkRouting(client: client, onFailure: onFailure)
        return (navigator, client, router)
    }

    static let product = #"{"route": "product", "routeParameters": {"product_id": "42"}, "metadata": {"coupon": "SAVE20"}}"#

    @Test(arguments: StoreKind.available)
    func aShortLinkOpensItsDeepLinkThroughThePipeline(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let port = try #require(client.port)
            let log = Log()
            let (navigator, _, _) = try Self.app(port: port, log: log)
            let code = try #require(try await client.create(Self.product)["code"]?.stringValue)
            let outcome = await navigator.route("http://127.0.0.1:\(port)/\(code)", source: .universalLink)
            guard case .opened(let link) = outcome else { Issue.record("got \(outcome)"); return }
            #expect(link.source == .smartLink)
            #expect(link.route == "product/:product_id")
            #expect(link.metadata == ["coupon": "SAVE20"])
            #expect(link.smartLink == SmartLinkReference(code: code, url: "http://127.0.0.1:\(port)/\(code)"))
            #expect(log.all == ["handler product/:product_id", "product 42 smartLink SAVE20"])
            // The screen it opens redeems the link it came from.
            let (_, sdk, _) = try Self.app(port: port, log: log)
            #expect(try await sdk.redeem(code: try #require(link.smartLink?.code)) == ["coupon": "SAVE20"])
            // Any other URL goes through as it is.
            #expect(await navigator.route("shop://product/7").handled)
            #expect(log.all.last == "product 7 url -")
        }
    }

    @Test(arguments: StoreKind.available)
    func aGatedShortLinkIsHeldWithItsMetadata(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let port = try #require(client.port)
            let (navigator, _, router) = try Self.app(port: port, log: Log(), gateOpen: false)
            let code = try #require(try await client.create(
                #"{"route": "order", "routeParameters": {"id": "7"}, "metadata": {"gift": "yes"}}"#)["code"]?.stringValue)
            let outcome = await navigator.route("http://127.0.0.1:\(port)/\(code)")
            guard case .heldByGate = outcome else { Issue.record("got \(outcome)"); return }
            #expect(router.pendingLink == nil, "the navigator keeps the held link, not the router")
            let held = navigator.heldLinks.first
            #expect(held?.route == "order/:id<int>")
            #expect(held?.metadata == ["gift": "yes"])
            #expect(held?.source == .smartLink)
            #expect(held?.smartLink?.code == code, "the held link still knows its short link")
        }
    }

    @Test(arguments: StoreKind.available)
    func aShortLinkThatCannotBeResolvedSaysWhy(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let port = try #require(client.port)
            let log = Log()
            let (navigator, _, _) = try Self.app(port: port, log: log)
            let missing = await navigator.route("http://127.0.0.1:\(port)/Nope1234")
            guard case .unresolvedSmartLink(let link, let error) = missing else { Issue.record("got \(missing)"); return }
            #expect(error.code == .notFound)
            #expect(link.url == "http://127.0.0.1:\(port)/Nope1234")
            #expect(!missing.handled)

            let code = try #require(try await client.create(Self.product)["code"]?.stringValue)
            #expect(try await client.send(.delete, "/api/v1/links/\(code)").status == .noContent)
            #expect((await navigator.route("http://127.0.0.1:\(port)/\(code)").error as? SmartLinkError)?.code == .gone)
            #expect(log.all.isEmpty, "nothing ran")

            // The app asks for the default route instead.
            let (fallback, _, _) = try Self.app(port: port, log: log, onFailure: .openDefaultRoute)
            let defaulted = await fallback.route("http://127.0.0.1:\(port)/\(code)")
            guard case .openedDefault(let opened) = defaulted else { Issue.record("got \(defaulted)"); return }
            #expect(opened.route == nil)
            #expect(log.all == ["handler nil", "default http://127.0.0.1:\(port)/\(code) smartLink"])
        }
    }

    @Test func anUnreachableServiceIsATransportFailure() async throws {
        // Port 9 (discard) is closed on loopback: connections are refused.
        let log = Log()
        let (navigator, _, _) = try Self.app(port: 9, log: log)
        let outcome = await navigator.route("http://127.0.0.1:9/Ab3dE9xQ")
        #expect((outcome.error as? SmartLinkError)?.code == .transport)
        #expect(log.all.isEmpty)
    }
}
