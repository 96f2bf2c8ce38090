import Switchyard
import Synchronization
import Testing

/// Screen routes open their plans through the router's pipeline: filters and gates first,
/// handlers see them, then the plan is applied to the app's screens.
@Suite struct PipelinePlanTests {
    /// The app's screens, behind an actor (as a UI would be behind the main actor).
    actor Screens {
        var stack = InMemoryScreenStack(screens: [])
        func apply(_ plan: NavigationPlan) { _ = stack.apply(plan) }
        var identifiers: [String] { stack.screens().map(\.identifier) }
    }

    final class Handled: Sendable {
        private let routes = Mutex<[String]>([])
        func add(_ route: String) { routes.withLock { $0.append(route) } }
        var all: [String] { routes.withLock { $0 } }
    }

    final class Flag: Sendable {
        private let value = Mutex(false)
        var isOn: Bool { value.withLock { $0 } }
        func set(_ on: Bool) { value.withLock { $0 = on } }
    }

    static func router(screens: Screens, loggedIn: Flag) throws -> Router {
        let router = try Router(RouteTableConfiguration(schemes: ["shop"], routes: [
            RouteDefinition("list{ListScreen}/:itemID{DetailScreen}"),
            RouteDefinition("account{AccountScreen}"),
        ]))
        try router.appendFilter(GateFilter(routes: ["account{AccountScreen}"], isOpen: { loggedIn.isOn }))
        router.applyPlans { plan, _ in await screens.apply(plan) }
        return router
    }

    @Test func aScreenRouteWithoutAClosureAppliesItsPlan() async throws {
        let screens = Screens()
        let router = try Self.router(screens: screens, loggedIn: Flag())
        let handled = Handled()
        router.addHandler { link in handled.add(link.route ?? "nil") }
        #expect(Navigator(routers: [router], waitsUntilReady: false).canOpen("shop://list/3"))
        guard case .opened = await router.route("shop://list/3") else { Issue.record("not opened"); return }
        #expect(await screens.identifiers == ["ListScreen", "DetailScreen"])
        #expect(handled.all == ["list{ListScreen}/:itemID{DetailScreen}"], "handlers see it")
        // A prefix of the screen route: only its own screens.
        _ = await router.route("shop://list")
        #expect(await screens.identifiers == ["ListScreen"])
    }

    @Test func aGatedScreenRouteRebuildsItsStackAfterLogin() async throws {
        let screens = Screens()
        let loggedIn = Flag()
        let router = try Self.router(screens: screens, loggedIn: loggedIn)
        guard case .heldByGate = await router.route("shop://account") else { Issue.record("not held"); return }
        #expect(await screens.identifiers.isEmpty)
        loggedIn.set(true)
        #expect(await router.openPendingLink()?.handled == true)
        #expect(await screens.identifiers == ["AccountScreen"])
    }

    @Test func withoutAPlaceForPlansAScreenRouteGoesToTheDefaultRoute() async throws {
        let router = try Router(RouteTableConfiguration(schemes: ["shop"], routes: [RouteDefinition("list{ListScreen}")]))
        #expect(!Navigator(routers: [router], waitsUntilReady: false).canOpen("shop://list"))
        router.mapDefault { _ in }
        guard case .openedDefault(let link) = await router.route("shop://list") else { Issue.record("not the default"); return }
        #expect(link.route == "list{ListScreen}")
    }
}
