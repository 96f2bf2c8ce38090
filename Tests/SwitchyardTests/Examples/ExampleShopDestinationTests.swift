import Foundation
import Switchyard
import SwitchyardTesting
import Synchronization
import Testing

/// One link at a time, with the example app's setup: a destination that logs out (the example's
/// `logOut()`: not ready, held links dropped, ready again) does not deadlock on the queue it is
/// blocking, and a destination that timed out and ignores cancellation navigates no more.
@Suite(.timeLimit(.minutes(1))) struct ExampleShopDestinationTests {
    @Test func aDestinationThatMarksTheNavigatorReadyDoesNotWaitOnItself() async throws {
        let clock = TestNavigatorClock()   // the deadline never passes unless the test says so
        let shop = try ExampleShop(clock: clock.clock)
        let navigator = shop.navigator
        try shop.router.map("about/team") { _ in
            // The example's logOut(), from a destination (a "log out" link).
            navigator.markNotReady()
            navigator.discardHeldLinks()
            await navigator.markReady()
        }
        await navigator.markReady()
        let outcome = await navigator.route("shop://about/team")
        #expect(outcome.description == "opened shop://about/team (about/team)")
        #expect(navigator.isReady)
        #expect(clock.sleeping <= 1, "nothing waits for the deadline")
    }

    @Test func aTimedOutDestinationThatIgnoresCancellationNavigatesNoMore() async throws {
        let clock = TestNavigatorClock()
        let shop = try ExampleShop(clock: clock.clock)
        let navigator = shop.navigator
        let latch = Latch()
        let late = Mutex<RoutingOutcome?>(nil)
        try shop.router.map("about/team") { _ in
            await latch.wait()   // ignores cancellation
            let outcome = await navigator.route("shop://product/7")   // navigates after its deadline
            late.withLock { $0 = outcome }
        }
        await navigator.markReady()
        async let outcome = navigator.route("shop://about/team")
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        guard case .timedOut = await outcome else { Issue.record("expected timed out"); return }
        latch.open()
        for _ in 0..<20_000 where late.withLock({ $0 == nil }) { await Task.yield() }
        #expect(late.withLock { $0 }.map { "\($0)" }?.hasPrefix("cancelled shop://product/7") == true)
        await shop.settle()
        #expect(shop.all.isEmpty, "the timed-out link's navigation was stopped")
    }
}
