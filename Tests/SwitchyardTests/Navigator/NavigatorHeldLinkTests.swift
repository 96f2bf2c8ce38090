import Switchyard
import Synchronization
import Testing

/// Links a gate held belong to the navigator: they survive a change of routers, and what happens
/// to a second one is the app's choice.
@Suite struct NavigatorHeldLinkTests {
    final class Session: Sendable {
        private let loggedIn = Mutex(false)
        var isLoggedIn: Bool { loggedIn.withLock { $0 } }
        func logIn() { loggedIn.withLock { $0 = true } }
    }

    static func gatedRouter(_ opened: NavigatorDecisionTests.Opened, _ session: Session) throws -> Router {
        let router = try Router(schemes: ["shop"])
        try router.map("orders/:id") { opened.add($0) }
        try router.appendFilter(GateFilter(routes: ["orders/:id"]) { session.isLoggedIn })
        return router
    }

    @Test func aHeldLinkSurvivesSwappingThePreLoginRouterForThePostLoginOne() async throws {
        let opened = NavigatorDecisionTests.Opened()
        let session = Session()
        let navigator = Navigator(routers: [try Self.gatedRouter(NavigatorDecisionTests.Opened(), session)],
                                  waitsUntilReady: false)
        guard case .heldByGate = await navigator.route("shop://orders/7") else { Issue.record("expected held"); return }
        let postLogin = try Router(schemes: ["shop"])
        try postLogin.map("orders/:id") { opened.add($0) }
        navigator.routers = [postLogin]
        #expect(navigator.heldLinks.map(\.url) == ["shop://orders/7"])
        guard case .opened = await navigator.openPendingLink() else { Issue.record("expected opened"); return }
        #expect(opened.all == ["orders/:id url"])
        #expect(navigator.heldLinks.isEmpty)
        #expect(await navigator.openPendingLink() == nil, "each held link opens once")
    }

    @Test(arguments: [
        (GatedLinkPolicy.keepNewest, ["shop://orders/2"],
         "replaced shop://orders/1 (orders/:id) by shop://orders/2 (orders/:id)", "held by a gate shop://orders/2 (orders/:id)"),
        (.keepOldest, ["shop://orders/1"],
         "held by a gate shop://orders/1 (orders/:id)", "replaced shop://orders/2 (orders/:id) by shop://orders/1 (orders/:id)"),
        (.keepAll, ["shop://orders/1", "shop://orders/2"],
         "held by a gate shop://orders/1 (orders/:id)", "held by a gate shop://orders/2 (orders/:id)"),
    ])
    func aSecondGatedLinkFollowsThePolicy(policy: GatedLinkPolicy, kept: [String], second: String, third: String) async throws {
        let opened = NavigatorDecisionTests.Opened()
        let session = Session()
        let navigator = Navigator(routers: [try Self.gatedRouter(opened, session)], waitsUntilReady: false)
        navigator.gatedLinkPolicy = policy
        let outcomes = OutcomeRecorder(navigator)
        await navigator.route("shop://orders/1")
        await navigator.route("shop://orders/2")
        #expect(navigator.heldLinks.map(\.url) == kept)
        #expect(Array(outcomes.all.suffix(2)) == [second, third])
        session.logIn()
        await navigator.openPendingLink()
        #expect(opened.all.count == kept.count, "every kept link opens, oldest first")
    }

    @Test func aLinkAGateStillHoldsIsHeldAgain() async throws {
        let session = Session()
        let navigator = Navigator(routers: [try Self.gatedRouter(NavigatorDecisionTests.Opened(), session)],
                                  waitsUntilReady: false)
        await navigator.route("shop://orders/1")
        guard case .heldByGate = await navigator.openPendingLink() else { Issue.record("expected held again"); return }
        #expect(navigator.heldLinks.count == 1)
        navigator.discardHeldLinks()
        #expect(navigator.heldLinks.isEmpty)
    }
}
