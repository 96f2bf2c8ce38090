import Foundation
import Switchyard
import Synchronization
import Testing

/// The offline first launch within the launch: with the example apps' setup
/// (`onFailure: .openDefaultRoute`), the default route opens meanwhile, and when the network
/// returns (`retryWhenNetworkReturns`) the kept short link is resolved and opened, once; and
/// concurrent first-launch checks run as one.
@Suite struct DeferredLinkNetworkRetryTests {
    typealias FlakyService = DeferredLinkOfflineFirstLaunchTests.FlakyService
    typealias FakePasteboard = DeferredLinksTests.FakePasteboard

    /// A network that returns when the test says so, and counts who watches it.
    final class TestNetwork: NetworkReachability {
        private let events: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        private let watches = Mutex(0)
        init() { (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1)) }
        var watchCount: Int { watches.withLock { $0 } }
        func becameReachable() -> AsyncStream<Void> {
            watches.withLock { $0 += 1 }
            return events
        }
        /// The network came back.
        func returns() { continuation.yield() }
    }

    /// A pasteboard whose read waits until the test opens its latch.
    final class SlowPasteboard: DeferredLinkPasteboard {
        let latch = Latch()
        private let reads = Mutex(0)
        var readCount: Int { reads.withLock { $0 } }
        func hasProbableWebURL() async -> Bool { true }
        func string() async -> String? {
            reads.withLock { $0 += 1 }
            await latch.wait()
            return "nothing useful"
        }
    }

    static let now = DeferredLinkOfflineFirstLaunchTests.now

    /// Waits (a liveness bound, a minute) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<6_000 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
        return condition()
    }

    /// The example app's first launch without network: the pasteboard's short link accepted and
    /// kept, the home screen opened meanwhile.
    static func offlineFirstLaunch(host: String, ledger: any DeferredLinkLedger) async throws -> (ExampleShop, DeferredLinks) {
        FlakyService.offline.withLock { _ = $0.insert(host) }
        let copied = "https://\(host)/Ab3dE9xQ?sy_copied=\(Int(now.timeIntervalSince1970))"
        let (shop, deferred) = try DeferredLinkOfflineFirstLaunchTests.launch(host: host, pasteboard: FakePasteboard(copied),
                                                                               ledger: ledger)
        await shop.navigator.markReady()
        let outcome = await deferred.openOnFirstLaunch()
        guard case .awaitingService(let error, meanwhile: .openedDefault) = outcome else {
            Issue.record("got \(outcome)")
            return (shop, deferred)
        }
        #expect(error.code == .transport)
        #expect(shop.all == ["home https://\(host)/Ab3dE9xQ"], "the home screen opened meanwhile")
        #expect(try ledger.checkedAt() == nil && ledger.keptLink() == "https://\(host)/Ab3dE9xQ")
        return (shop, deferred)
    }

    @Test func whenTheNetworkReturnsTheKeptLinkOpensOnceAndTheLedgerIsFinal() async throws {
        let host = "go-network-returns.example.com"
        let ledger = try DeferredLinkOfflineFirstLaunchTests.ledger()
        let (shop, deferred) = try await Self.offlineFirstLaunch(host: host, ledger: ledger)
        let network = TestNetwork()
        let retry = Task { await deferred.retryWhenNetworkReturns(network) }
        FlakyService.offline.withLock { _ = $0.remove(host) }
        network.returns()
        guard case .opened(.opened(let link))? = await retry.value else { Issue.record("not opened"); return }
        #expect(link.source == .deferred && link.metadata == ["coupon": "WELCOME"])
        #expect(shop.all == ["home https://\(host)/Ab3dE9xQ", "product https://shop.example.com/product/42"])
        #expect(try ledger.checkedAt() == Self.now && ledger.keptLink() == nil, "the ledger is final")
        network.returns()   // a later return: nobody watches any more
        await shop.settle()
        #expect(shop.all.count == 2)
        #expect(FlakyService.resolves.withLock { $0[host] } == 1)
        #expect(network.watchCount == 1)
        guard case .alreadyChecked = await deferred.openOnFirstLaunch() else { Issue.record("checked again"); return }
    }

    @Test func aReturnWhileTheServiceIsStillUnreachableRoutesNothingAndKeepsWatching() async throws {
        let host = "go-network-flaps.example.com"
        let ledger = InMemoryDeferredLinkLedger()
        let (shop, deferred) = try await Self.offlineFirstLaunch(host: host, ledger: ledger)
        let network = TestNetwork()
        let retry = Task { await deferred.retryWhenNetworkReturns(network) }
        network.returns()   // the path is back, the service is not reachable yet
        #expect(await Self.eventually { FlakyService.requests.withLock { $0[host] } == 2 })
        await shop.settle()
        #expect(shop.all == ["home https://\(host)/Ab3dE9xQ"], "no default route opened while the app is in use")
        #expect(try ledger.checkedAt() == nil && ledger.keptLink() != nil)
        FlakyService.offline.withLock { _ = $0.remove(host) }
        network.returns()
        guard case .opened(.opened)? = await retry.value else { Issue.record("not opened"); return }
        #expect(shop.all == ["home https://\(host)/Ab3dE9xQ", "product https://shop.example.com/product/42"])
        #expect(FlakyService.resolves.withLock { $0[host] } == 1)
        #expect(try ledger.checkedAt() == Self.now && ledger.keptLink() == nil)
    }

    @Test func withoutAKeptLinkNothingIsWatched() async {
        let network = TestNetwork()
        let deferred = DeferredLinks(navigator: Navigator(routers: []), client: DeferredLinksTests.client,
                                     ledger: InMemoryDeferredLinkLedger(checkedAt: Self.now))
        #expect(await deferred.retryWhenNetworkReturns(network) == nil)
        #expect(network.watchCount == 0)
    }

    @Test func cancellingTheRetryStopsWatching() async {
        let network = TestNetwork()
        let deferred = DeferredLinks(navigator: Navigator(routers: []), client: DeferredLinksTests.client,
                                     ledger: InMemoryDeferredLinkLedger(keptLink: "https://go.example.com/Ab3dE9xQ"))
        let retry = Task { await deferred.retryWhenNetworkReturns(network) }
        #expect(await Self.eventually { network.watchCount == 1 })
        retry.cancel()
        #expect(await retry.value == nil)
    }

    @Test func concurrentFirstLaunchChecksRunOnce() async throws {
        let pasteboard = SlowPasteboard()
        let ledger = InMemoryDeferredLinkLedger()
        let deferred = DeferredLinks(navigator: Navigator(routers: [], waitsUntilReady: false), client: DeferredLinksTests.client,
                                     pasteboard: pasteboard, ledger: ledger, now: { Self.now })
        let first = Task { await deferred.openOnFirstLaunch() }
        #expect(await Self.eventually { pasteboard.readCount == 1 })
        let second = Task { await deferred.openOnFirstLaunch() }
        #expect(await Self.eventually { deferred.flight.waiting == 1 }, "the second call waits for the first")
        pasteboard.latch.open()
        for outcome in [await first.value, await second.value] {
            guard case .ignored(let reason) = outcome else { Issue.record("got \(outcome)"); continue }
            #expect(reason == "not a short link of https://go.example.com")
        }
        #expect(pasteboard.readCount == 1, "one check, one read")
        #expect(try ledger.checkedAt() == Self.now)
    }
}
