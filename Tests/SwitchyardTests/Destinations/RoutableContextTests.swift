import Switchyard
import Synchronization
import Testing

/// A ``Routable`` navigates from what the app shows (Compass's `currentController`), read from the
/// screens the app gave the router, instead of from a global.
@Suite struct RoutableContextTests {
    actor Screens {
        var stack = InMemoryScreenStack(screens: [])
        func apply(_ plan: NavigationPlan) { _ = stack.apply(plan) }
    }

    final class Seen: Sendable {
        private let contexts = Mutex<[NavigationContext]>([])
        func add(_ context: NavigationContext) { contexts.withLock { $0.append(context) } }
        var all: [NavigationContext] { contexts.withLock { $0 } }
    }

    /// Compass's `navigate(to:from:)`.
    struct UserRoute: Routable {
        let seen: Seen
        func navigate(to link: DeepLink) async throws { Issue.record("the context-free requirement ran") }
        func navigate(to link: DeepLink, from context: NavigationContext) async throws { seen.add(context) }
    }

    /// A Routable written before contexts existed still runs.
    struct OldRoute: Routable {
        let seen: Seen
        func navigate(to link: DeepLink) async throws { seen.add(NavigationContext()) }
    }

    @Test func aRoutableSeesTheTopScreen() async throws {
        let screens = Screens()
        let seen = Seen()
        let router = try Router(RouteTableConfiguration(schemes: ["shop"], routes: [
            RouteDefinition("list{ListScreen}/:itemID{DetailScreen}"),
        ]))
        try router.map("user/:userId", to: UserRoute(seen: seen))
        router.applyPlans({ plan, _ in await screens.apply(plan) }, screens: { await screens.stack })
        #expect(await router.route("shop://list/3").handled)
        #expect(await router.route("shop://user/7").handled)
        let context = try #require(seen.all.first)
        #expect(context.topScreen == NavigationScreen("DetailScreen", parameters: ["itemID": "3"]))
        #expect(context.screens?.screens().map(\.identifier) == ["ListScreen", "DetailScreen"])
    }

    @Test func withoutScreensTheContextIsEmptyAndOldRoutablesStillRun() async throws {
        let seen = Seen()
        let router = try Router(schemes: ["shop"])
        try router.map("user/:userId", to: UserRoute(seen: seen))
        try router.add(RouteSet(["old/:id": OldRoute(seen: seen)]))
        #expect(await router.route("shop://user/7").handled)
        #expect(await router.route("shop://old/1").handled)
        #expect(seen.all == [NavigationContext(), NavigationContext()])
        #expect(NavigationContext().topScreen == nil)
        let shown = InMemoryScreenStack(screens: [NavigationScreen("A")], modals: [PresentedModal(NavigationScreen("M"))])
        #expect(NavigationContext(screens: shown).topScreen == NavigationScreen("M"))
        #expect(InMemoryScreenStack(showing: shown) == shown)
    }
}
