import Switchyard
import SwitchyardTesting
import Testing

/// A repeat of the same input, from any source, while the first waits or runs or within the
/// window after it finished, is one tap.
@Suite struct DuplicateLinkTests {
    static func navigator(_ opened: NavigatorDecisionTests.Opened, _ clock: TestNavigatorClock, ready: Bool) throws -> Navigator {
        let router = try Router(schemes: ["shop"])
        try router.map("orders/:id") { opened.add($0) }
        return Navigator(routers: [router], waitsUntilReady: !ready, clock: clock.clock)
    }

    @Test(arguments: [true, false])
    func aRepeatWithinTheWindowIsDroppedReadyOrNot(ready: Bool) async throws {
        let (opened, clock) = (NavigatorDecisionTests.Opened(), TestNavigatorClock())
        let navigator = try Self.navigator(opened, clock, ready: ready)
        let outcomes = OutcomeRecorder(navigator)
        let payload: [AnyHashable: Any] = ["aps": ["url": "shop://orders/7"]]
        #expect(navigator.handle(LaunchLinks(notificationPayload: payload)))      // connection options
        clock.advance(by: .milliseconds(1500))
        #expect(navigator.handle(pushPayload: payload), "the same tap again: taken, and dropped")   // didReceive
        if !ready { await navigator.markReady() }
        #expect(await opened.wait(for: 1) == ["orders/:id push"])
        #expect(outcomes.all.contains("duplicate shop://orders/7 (orders/:id): dropped"))
        #expect(RoutingOutcome.duplicate(DeepLink(url: "x")).handled)
    }

    @Test func fromAnotherSourceItIsTheSameTapAndAfterTheWindowItOpensAgain() async throws {
        let (opened, clock) = (NavigatorDecisionTests.Opened(), TestNavigatorClock())
        let navigator = try Self.navigator(opened, clock, ready: true)
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle("shop://orders/7", source: .push))
        #expect(navigator.handle("shop://orders/7", source: .url), "another kind of source: the same tap")
        #expect(await opened.wait(for: 1) == ["orders/:id push"])
        #expect(await outcomes.wait(for: 2).count == 2, "the duplicate, then the first one's outcome once it finished")
        clock.advance(by: .seconds(2))
        #expect(navigator.handle("shop://orders/7", source: .push), "the window has passed")
        #expect(await opened.wait(for: 2) == ["orders/:id push", "orders/:id push"])
        #expect(outcomes.all.filter { $0.hasPrefix("duplicate") }.count == 1)
    }

    @Test func linksTheAppRoutesItselfAreNeverDropped() async throws {
        let (opened, clock) = (NavigatorDecisionTests.Opened(), TestNavigatorClock())
        let navigator = try Self.navigator(opened, clock, ready: true)
        #expect(await navigator.route("shop://orders/7").handled)
        #expect(await navigator.route("shop://orders/7").handled)
        navigator.duplicateWindow = .zero
        #expect(navigator.handle("shop://orders/8"))
        #expect(navigator.handle("shop://orders/8"))
        #expect(await opened.wait(for: 4).count == 4)
    }
}
