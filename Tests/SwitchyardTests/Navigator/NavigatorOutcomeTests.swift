import Foundation
import Switchyard
import Testing

/// The navigator says why it did not open a link, not only that it did not.
@Suite struct NavigatorOutcomeTests {
    @Test func anUnlistedHostIsRejectedWithTheHostNamed() async throws {
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { _ in }
        let navigator = Navigator(routers: [router], waitsUntilReady: false)
        let url = try #require(URL(string: "https://shop.example.com/product/42"))
        #expect(await navigator.route(url.absoluteString, source: .universalLink).handled == false)
        guard case .rejected(let error) = await navigator.route(url.absoluteString, source: .universalLink) else {
            Issue.record("expected rejected"); return
        }
        #expect(error.code == .unknownHost)
        #expect(error.message == "host 'shop.example.com' is not a universal-link host of this table")
    }

    @Test func aListedHostOpens() async throws {
        let router = try Router(schemes: ["shop"], hosts: ["shop.example.com"])
        try router.map("product/:id") { _ in }
        let outcome = await Navigator(routers: [router], waitsUntilReady: false).route("https://shop.example.com/product/42", source: .universalLink)
        guard case .opened(let link) = outcome else { Issue.record("expected opened, got \(outcome)"); return }
        #expect(link.routeParameters == ["id": "42"] && link.source == .universalLink)
    }

    @Test func aRouterThatCouldReadTheLinkAnswersOverOneThatCouldNot() async throws {
        let rejecting = try Router(schemes: ["other"])
        let reading = try Router(schemes: ["shop"])
        try reading.map("cart") { _ in }
        for routers in [[rejecting, reading], [reading, rejecting]] {
            let outcome = await Navigator(routers: routers, waitsUntilReady: false).route("shop://nowhere")
            guard case .unhandled(let link) = outcome else { Issue.record("expected unhandled, got \(outcome)"); continue }
            #expect(link.url == "shop://nowhere" && link.route == nil)
        }
        let outcome = await Navigator(routers: [], waitsUntilReady: false).route("shop://cart")
        guard case .unhandled = outcome else { Issue.record("expected unhandled, got \(outcome)"); return }
    }

    @Test func aLinkHeldUntilReadyIsHeld() async throws {
        let router = try Router(schemes: ["shop"])
        try router.map("cart") { _ in }
        let navigator = Navigator(routers: [router], waitsUntilReady: true)
        guard case .heldUntilReady(let link) = await navigator.route("shop://cart", source: .push) else {
            Issue.record("expected held"); return
        }
        #expect(link.url == "shop://cart" && link.source == .push && link.route == "cart")
        guard case .unhandled = await navigator.route("shop://nowhere") else {
            Issue.record("a link the navigator would not take is refused before ready too"); return
        }
        #expect(await navigator.markReady())
    }
}
