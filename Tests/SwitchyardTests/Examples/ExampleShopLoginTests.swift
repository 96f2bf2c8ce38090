import Foundation
import Switchyard
import Testing

/// The example app's login gate (Examples/ShopApp: a file store for the pending link, every gated
/// link kept, `rootScreenAppeared()` restoring the stored link on every appearance).
@Suite struct ExampleShopLoginTests {
    @Test func aLinkHeldForLoginOpensOnceHoweverOftenTheRootAppears() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pending-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shop = try ExampleShop(pendingLinkPath: folder + "/switchyard-pending-link")
        await shop.navigator.markReady()
        #expect(await shop.navigator.route("shop://account/orders/7").description.hasPrefix("held by a gate"))
        // The root screen appears again (after the login sheet, say): the app restores the stored link.
        _ = await shop.router.restorePendingLink()
        _ = await shop.router.restorePendingLink()
        shop.logIn()
        await shop.navigator.openPendingLink()
        await shop.settle()
        #expect(shop.all == ["order shop://account/orders/7"], "opened once")
        #expect(shop.navigator.heldLinks.isEmpty && shop.router.pendingLink == nil)
    }
}

/// A module loaded after login: the shop's table declares `account/orders/:orderID`, and its
/// destination is registered only once the user has logged in. A link to it that arrives before
/// is held, not refused and lost.
@Suite struct ModuleAfterLoginTests {
    static func shop() throws -> (Navigator, Router, Shared<[String]>) {
        var table = try RouteTableFile.load(path: ExampleShop.routesFile)
        table.routes.append(RouteDefinition("checkout{CheckoutScreen}!/pay{PayScreen}!", name: "payment"))
        let router = try Router(table)
        let opened = Shared<[String]>([])
        try router.map("product/:id<int>") { link in opened.withLock { $0.append("product \(link.url)") } }
        let navigator = Navigator(routers: [router], waitsUntilReady: true)
        navigator.gatedLinkPolicy = .keepAll
        navigator.awaitsDestinations = true
        return (navigator, router, opened)
    }

    @Test func aLinkToARouteWhoseModuleLoadsAfterLoginIsHeldThenOpened() async throws {
        let (navigator, router, opened) = try Self.shop()
        #expect(navigator.canOpen("shop://account/orders/7"))
        #expect(navigator.handle("shop://account/orders/7"), "taken at a cold launch, before the module exists")
        #expect(navigator.handle("shop://account/orders/7") , "the same tap again: a duplicate")
        #expect(!navigator.handle("shop://nowhere/at/all"), "a link the table does not declare is still refused")
        await navigator.markReady()
        #expect(navigator.heldLinks.map(\.url) == ["shop://account/orders/7"])
        // Logged in: the orders module registers its destination, then the held links open.
        try router.map("account/orders/:orderID") { link in opened.withLock { $0.append("order \(link.url)") } }
        await navigator.openPendingLink()
        #expect(opened.withLock { $0 } == ["order shop://account/orders/7"])
        #expect(navigator.heldLinks.isEmpty)
    }

    @Test func withoutItTheLinkIsRefused() async throws {
        let (navigator, _, _) = try Self.shop()
        navigator.awaitsDestinations = false
        #expect(!navigator.handle("shop://account/orders/7"))
        #expect(navigator.heldLinks.isEmpty)
    }
}
