import Switchyard
import SwitchyardTesting
import Synchronization
import Testing

/// One queue per navigator: links run one at a time, in arrival order, each against a deadline
/// measured on a test clock; latest-wins cancels the link in flight.
@Suite struct LinkQueueTests {
    /// What the destinations did, in order.
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// `slow/:id` waits for `latch` (ignoring cancellation); `fast/:id` opens at once;
    /// `sleepy/:id` sleeps until cancelled.
    static func navigator(_ log: Log, _ latch: Latch, _ clock: TestNavigatorClock) throws -> Navigator {
        let router = try Router(schemes: ["shop"])
        try router.map("slow/:id") { link in
            log.add("start slow \(link.routeParameters?["id"] ?? "")")
            await latch.wait()
            log.add("end slow \(link.routeParameters?["id"] ?? "")")
        }
        try router.map("fast/:id") { link in log.add("fast \(link.routeParameters?["id"] ?? "")") }
        try router.map("sleepy/:id") { link in
            do { try await Task.sleep(for: .seconds(3600)) } catch { log.add("sleepy \(link.routeParameters?["id"] ?? "") cancelled") }
        }
        return Navigator(routers: [router], waitsUntilReady: false, clock: clock.clock)
    }

    @Test func twoQuickLinksOpenOneAfterTheOtherInArrivalOrder() async throws {
        let (log, latch, clock) = (Log(), Latch(), TestNavigatorClock())
        let navigator = try Self.navigator(log, latch, clock)
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle("shop://slow/1"))
        #expect(navigator.handle("shop://fast/2"))
        for _ in 0..<2_000 where log.all.isEmpty { await Task.yield() }
        for _ in 0..<200 { await Task.yield() }
        #expect(log.all == ["start slow 1"], "the second link waits while the first runs")
        latch.open()
        #expect(await outcomes.wait(for: 2) == ["opened shop://slow/1 (slow/:id)", "opened shop://fast/2 (fast/:id)"])
        #expect(log.all == ["start slow 1", "end slow 1", "fast 2"])
    }

    @Test func aLinkOverItsDeadlineIsTimedOutAndTheNextOneRuns() async throws {
        let (log, latch, clock) = (Log(), Latch(), TestNavigatorClock())
        let navigator = try Self.navigator(log, latch, clock)
        navigator.linkDeadline = .seconds(5)
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle("shop://slow/1"), "taken at once: the Bool does not wait for the destination")
        #expect(navigator.handle("shop://fast/2"))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(4))
        for _ in 0..<200 { await Task.yield() }
        #expect(outcomes.all.isEmpty, "4 s of 5: still running")
        clock.advance(by: .seconds(1))
        #expect(await outcomes.wait(for: 2) == ["timed out shop://slow/1 (slow/:id)", "opened shop://fast/2 (fast/:id)"])
        #expect(!RoutingOutcome.timedOut(DeepLink(url: "shop://slow/1")).handled)
        latch.open()
    }

    @Test func routeAnswersTimedOutForALinkThatHangs() async throws {
        let (log, latch, clock) = (Log(), Latch(), TestNavigatorClock())
        let navigator = try Self.navigator(log, latch, clock)
        navigator.linkDeadline = .seconds(10)
        async let outcome = navigator.route("shop://slow/1")
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        guard case .timedOut(let link) = await outcome else { Issue.record("expected timed out"); return }
        #expect(link.route == "slow/:id")
        latch.open()
    }

    @Test func latestWinsCancelsTheLinkInFlightAndThoseWaiting() async throws {
        let (log, latch, clock) = (Log(), Latch(), TestNavigatorClock())
        let navigator = try Self.navigator(log, latch, clock)
        navigator.ordering = .latestWins
        navigator.linkDeadline = nil
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle("shop://sleepy/1"))
        for _ in 0..<200 { await Task.yield() }
        #expect(navigator.handle("shop://fast/2"))
        #expect(navigator.handle("shop://fast/3"))
        let all = await outcomes.wait(for: 3)
        #expect(Set(all) == [
            "cancelled shop://sleepy/1 (sleepy/:id): a newer link took its place",
            "cancelled shop://fast/2 (fast/:id): a newer link took its place",
            "opened shop://fast/3 (fast/:id)",
        ])
        #expect(all.last == "opened shop://fast/3 (fast/:id)")
        #expect(!log.all.contains("fast 2"), "a cancelled link that had not started never runs")
        for _ in 0..<2_000 where !log.all.contains("sleepy 1 cancelled") { await Task.yield() }
        #expect(log.all.contains("sleepy 1 cancelled"), "the task of the link in flight was cancelled")
    }

    @Test func aLinkRoutedFromInsideADestinationRunsAtOnce() async throws {
        let log = Log()
        let box = Mutex<Navigator?>(nil)
        let router = try Router(schemes: ["shop"])
        try router.map("outer") { _ in
            let inner = await box.withLock { $0 }!.route("shop://inner")
            log.add("inner \(inner.handled)")
        }
        try router.map("inner") { _ in log.add("inner ran") }
        let navigator = Navigator(routers: [router], waitsUntilReady: false, clock: TestNavigatorClock().clock)
        box.withLock { $0 = navigator }
        #expect(await navigator.route("shop://outer").handled)
        #expect(log.all == ["inner ran", "inner true"])
    }

    @Test func markNotReadyHoldsLinksUntilTheNextMarkReady() async throws {
        let (log, latch, clock) = (Log(), Latch(), TestNavigatorClock())
        let navigator = try Self.navigator(log, latch, clock)
        navigator.markNotReady()
        #expect(!navigator.isReady)
        guard case .heldUntilReady = await navigator.route("shop://fast/1") else { Issue.record("expected held"); return }
        #expect(log.all.isEmpty)
        #expect(await navigator.markReady())
        #expect(log.all == ["fast 1"])
    }
}
