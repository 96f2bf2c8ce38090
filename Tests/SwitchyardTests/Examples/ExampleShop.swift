import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Switchyard
import Synchronization

/// The example apps' link setup (Examples/ShopApp's `Shop.configure()`, which UIKitShop shares),
/// without UIKit or SwiftUI: the shop's table with the app's payment route, a destination per
/// route that records what it opened, the login gate in front of `account` and `order`, a
/// navigator that waits until ready, with a 10 s deadline, every gated link kept, and the link
/// service's short links resolved with `onFailure: .openDefaultRoute`.
final class ExampleShop: Sendable {
    let navigator: Navigator
    let router: Router
    let client: SmartLinkClient
    private let opened = Shared<[String]>([])
    private let loggedIn = Shared(false)

    /// The shop's table file, as the example apps bundle it.
    static var routesFile: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/shop/routes.json").path
    }

    /// - Parameters:
    ///   - service: the link service's URL (a stand-in's host, or an unreachable port for "offline").
    ///   - session: the client's URL session (with a stand-in transport).
    ///   - clock: the navigator's clock.
    ///   - pendingLinkPath: the file of the router's pending-link store (the app's is in
    ///     Application Support); nil keeps none.
    init(service: URL = URL(string: "https://go.example.com")!, session: URLSession = .shared,
         clock: NavigatorClock = .continuous, pendingLinkPath: String? = nil) throws {
        var table = try RouteTableFile.load(path: Self.routesFile)
        table.routes.append(RouteDefinition("checkout{CheckoutScreen}!/pay{PayScreen}!", name: "payment"))
        router = try Router(table)
        navigator = Navigator(routers: [], waitsUntilReady: true, clock: clock)
        client = SmartLinkClient(service: service, appKey: "k", table: router.table(), installID: "install-1",
                                 appRelease: nil, session: session)
        let opened = self.opened
        router.applyPlans { plan, link in opened.withLock { $0.append("plan \(link.url)") } }
        try router.map("/") { link in opened.withLock { $0.append("home \(link.url)") } }
        try router.map("product/:id<int>") { link in opened.withLock { $0.append("product \(link.url)") } }
        try router.map("account/orders/:orderID") { link in opened.withLock { $0.append("order \(link.url)") } }
        router.mapDefault { link in opened.withLock { $0.append("home \(link.url)") } }
        let loggedIn = self.loggedIn
        router.pendingLinkStore = pendingLinkPath.map { FilePendingLinkStore(path: $0) }
        try router.appendFilter(GateFilter(routes: ["account", "order"]) { loggedIn.withLock { $0 } })
        navigator.routers = [router]
        navigator.linkDeadline = .seconds(10)
        navigator.gatedLinkPolicy = .keepAll
        navigator.smartLinks = SmartLinkRouting(client: client, onFailure: .openDefaultRoute)
    }

    /// What the destinations opened, in order: `product https://shop.example.com/product/42`.
    var all: [String] { opened.withLock { $0 } }

    /// Waits (a bounded number of yields) until `count` links were opened by background tasks.
    func wait(for count: Int) async -> [String] {
        for _ in 0..<20_000 where all.count < count { await Task.yield() }
        return all
    }

    /// Lets the queue settle: a bounded number of yields, for checking that nothing more opens.
    func settle() async {
        for _ in 0..<2_000 { await Task.yield() }
    }

    func logIn() { loggedIn.withLock { $0 = true } }
}

/// A value behind a lock that closures can share.
final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { value.withLock { body(&$0) } }
}
