import Switchyard
import Synchronization
import Testing

/// One routing decision: a link is resolved once, when the navigator decides to take it, and runs
/// as it was resolved, on the table and destinations it was resolved against.
@Suite struct ResolvedOnceTests {
    /// Counts how many times a route's parameter was read: once per resolution that reaches it.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    final class Opened: Sendable {
        private let names = Mutex<[String]>([])
        func add(_ name: String) { names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }

    @Test func aLinkRoutedThroughTheNavigatorIsResolvedOnce() async throws {
        let counter = Counter()
        let counted = ParameterConstraint("counted") { _ in counter.add(); return true }
        let router = try Router(RouteTableConfiguration(schemes: ["shop"]), constraints: [counted])
        try router.map("item/:id<counted>") { _ in }
        _ = try router.resolve("shop://item/1")
        let perResolution = counter.value
        try #require(perResolution > 0, "the constraint is read when the link resolves")

        let navigator = Navigator(routers: [router], waitsUntilReady: false)
        let before = counter.value
        #expect(await navigator.route("shop://item/1").handled)
        #expect(counter.value - before == perResolution, "decided and run on one resolution")

        let held = Navigator(routers: [router])
        let beforeHeld = counter.value
        #expect(held.handle("shop://item/2"))
        #expect(await held.markReady())
        #expect(counter.value - beforeHeld == perResolution, "held until ready, then run without resolving again")
    }

    /// A registration made between the decision and the run does not change where the link goes:
    /// it runs on the snapshot the decision resolved it against.
    @Test func theRunUsesTheDecisionsSnapshot() async throws {
        let opened = Opened()
        let router = try Router(schemes: ["shop"])
        router.mapDefault { _ in opened.add("default") }
        let promotions = try router.add(RouteSet([ModuleRoute("promo/:code") { _ in opened.add("promo") }]))
        let navigator = Navigator(routers: [router])
        let outcomes = OutcomeRecorder(navigator)

        #expect(navigator.handle("shop://promo/spring"))
        router.remove(promotions)
        #expect(try router.resolve("shop://promo/spring").route == nil, "the current table no longer has the route")
        #expect(await navigator.markReady())

        #expect(opened.all == ["promo"], "the destination of the table the link was resolved against")
        let last = try #require(outcomes.all.last)
        #expect(last.hasPrefix("opened shop://promo/spring (promo/:code)"), "\(outcomes.all)")
        #expect(await navigator.route("shop://promo/summer").handled)
        #expect(opened.all == ["promo", "default"], "a link decided after the change resolves against the new table")
    }
}
