import Switchyard
import Synchronization
import Testing

/// The worked examples of the "Coming from …" articles (Sources/Switchyard/Switchyard.docc),
/// run as written there.
@Suite struct SeedGuideExampleTests {
    final class Shown: Sendable {
        private let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
        func wait(for count: Int) async -> [String] {
            for _ in 0..<10_000 where all.count < count { await Task.yield() }
            return all
        }
    }

    @Test func turnpike() async throws {
        let shown = Shown(), log = Shown()
        let router = try Router(schemes: ["urxshop"])
        try router.map("product/:product_id") { link in shown.append("product \(link.routeParameters!["product_id"]!)") }
        router.mapDefault { link in shown.append("coupon \(link.queryParameters["coupon_id"] ?? "none")") }
        router.appendFilter { link in log.append(link.route ?? "default"); return .pass }
        let navigator = Navigator(routers: [router])
        await navigator.markReady()

        await navigator.route("urxshop://product/1988")
        await navigator.route("urxshop://unknown?coupon_id=SAVE20")
        #expect(shown.all == ["product 1988", "coupon SAVE20"])
        #expect(log.all == ["product/:product_id", "default"])
    }

    @Test func compass() async throws {
        let shown = Shown()
        let router = try Router(schemes: ["photofeed"], delimiter: ":")
        try router.map("user:{userId}") { link in shown.append("user \(link.routeParameters!["userId"]!)") }
        try router.map("logout") { _ in shown.append("login screen") }
        let navigator = Navigator(routers: [router])
        await navigator.markReady()

        await navigator.route("user:self", source: .internal)
        let taken = navigator.handle(pushPayload: ["aps": ["urn": "logout"]])
        #expect(taken)
        #expect(await shown.wait(for: 2) == ["user self", "login screen"])
        #expect(await navigator.route("photofeed://user:self/").handled, "a trailing slash is ignored")
        #expect(shown.all.last == "user self")
    }

    actor Screens {
        var stack = InMemoryScreenStack(screens: [])
        func apply(_ plan: NavigationPlan) { _ = stack.apply(plan) }
        var shown: [NavigationScreen] { stack.screens() }
    }

    @Test func waAppRouting() async throws {
        let screens = Screens()
        let router = try Router(RouteTableConfiguration(schemes: ["appscheme"], routes: [
            RouteDefinition("list{ListScreen}/:itemID{DetailScreen}", defaults: ["defaultParam": "1"]),
        ]))
        router.applyPlans { plan, _ in await screens.apply(plan) }
        let navigator = Navigator(routers: [router])
        await navigator.markReady()
        await navigator.route("appscheme://list/3")
        let shown = await screens.shown
        #expect(shown.map(\.identifier) == ["ListScreen", "DetailScreen"])
        #expect(shown.last?.parameters == ["itemID": "3", "defaultParam": "1"])
    }

    final class Session: Sendable {
        private let loggedIn = Mutex(false)
        var isLoggedIn: Bool { loggedIn.withLock { $0 } }
        func logIn() { loggedIn.withLock { $0 = true } }
    }

    @Test func hoko() async throws {
        let shown = Shown(), analytics = Shown(), session = Session()
        let router = try Router(schemes: ["hoko"])
        try router.map("products/:product_id") { link in shown.append("product \(try link.int("product_id"))") }
        router.addHandler { link in analytics.append(link.queryParameters["referrer"] ?? "-") }
        try router.appendFilter(GateFilter(routes: ["products/:product_id"], isOpen: { session.isLoggedIn }))

        let navigator = Navigator(routers: [router])
        await navigator.markReady()

        await navigator.route("hoko://products/42?referrer=hokolinks.com")
        #expect(shown.all.isEmpty, "held: not logged in")
        session.logIn()
        await navigator.openPendingLink()
        #expect(shown.all == ["product 42"])
        #expect(analytics.all == ["hokolinks.com"])
    }
}
