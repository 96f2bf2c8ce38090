import Switchyard
@testable import SwitchyardTesting
import Testing

/// Outcome and plan expectations: what the app's own tests assert beyond which route a URL resolves to.
@Suite struct OutcomeExpectationTests {
    static let table = try! RouteTable(RouteTableConfiguration(schemes: ["shop"], routes: [  // force-try: a fixed table
        RouteDefinition("products{ProductListScreen}/:id{ProductScreen}", container: "shop"),
        RouteDefinition("orders/:id", name: "order"),
        RouteDefinition("checkout{CheckoutScreen}!/pay{PayScreen}!/card{CardScreen}"),
    ]))

    static func navigator() throws -> Navigator {
        let router = try Router(schemes: ["shop"])
        try router.map("orders/:id", name: "order") { _ in }
        try router.map("product/:id") { _ in }
        try router.appendFilter(GateFilter(routes: ["order"]) { false })
        return Navigator(routers: [router], waitsUntilReady: false)
    }

    @Test func rightExpectationsRecordNothing() async throws {
        let navigator = try Self.navigator()
        await expectOutcome(of: "shop://product/1", through: navigator, is: .opened, route: "product/:id")
        await expectOutcome(of: "shop://orders/7", through: navigator, is: .heldByGate, route: "order")
        await expectOutcome(of: "mall://x", through: navigator, is: .rejected)
        expectPlan("shop://products/42", in: Self.table, is: "tab shop; push ProductListScreen; push ProductScreen(id: 42)")
        expectOperations("shop://products/42", in: Self.table, from: InMemoryScreenStack(selectedTab: "shop"),
                         are: ["push ProductListScreen", "push ProductScreen(id: 42)"])
        let over = expectScreens("shop://checkout/pay/card", in: Self.table, from: InMemoryScreenStack(),
                                 are: "[]; modal [CheckoutScreen]; modal [PayScreen, CardScreen]")
        #expect(over?.modals.count == 2)
    }

    @Test func wrongExpectationsRecordWhatHappened() async throws {
        let navigator = try Self.navigator()
        await withKnownIssue {
            await expectOutcome(of: "shop://orders/7", through: navigator, is: .opened)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["'shop://orders/7': held by a gate shop://orders/7 (orders/:id), expected opened"]
        }
        withKnownIssue {
            expectPlan("shop://products/42", in: Self.table, is: "tab shop; push ProductScreen(id: 42)")
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "'shop://products/42' plans tab shop; push ProductListScreen; push ProductScreen(id: 42), expected tab shop; push ProductScreen(id: 42)",
            ]
        }
        withKnownIssue {
            expectOperations("shop://products/42", in: Self.table, from: InMemoryScreenStack(selectedTab: "shop"), are: [])
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                #"'shop://products/42' takes the operations ["push ProductListScreen", "push ProductScreen(id: 42)"], expected []"#,
            ]
        }
        withKnownIssue {
            expectScreens("shop://checkout/pay/card", in: Self.table, from: InMemoryScreenStack(),
                          are: "[]; modal [CheckoutScreen, PayScreen, CardScreen]")
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "'shop://checkout/pay/card' leaves []; modal [CheckoutScreen]; modal [PayScreen, CardScreen], expected []; modal [CheckoutScreen, PayScreen, CardScreen]",
            ]
        }
    }
}
