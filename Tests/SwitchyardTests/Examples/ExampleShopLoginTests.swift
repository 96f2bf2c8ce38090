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
