import Foundation
import Switchyard
import Testing

@Suite struct NavigationFromFileTests {
    @Test func aRouteTableFilePlansWithItsDefaultsAllowedParametersAndContainer() throws {
        let configuration = try RouteTableFile.parse("""
            {
              "schemes": ["shop"],
              "routes": [
                { "pattern": "list{ListScreen}/:itemID{DetailScreen}", "defaults": { "tab": "all" },
                  "allowedParameters": ["itemID", "tab"], "container": "browse" }
              ]
            }
            """, fileName: "routes.json")
        let table = try RouteTable(configuration)
        var stack = InMemoryScreenStack(selectedTab: "home", stacks: [:])
        let plan = try #require(table.plan(for: try table.resolve("shop://list/3?tab=top&utm=x&itemID=9")))
        #expect(stack.apply(plan).map(\.description) == [
            "selectTab browse", "push ListScreen(tab: top)", "push DetailScreen(itemID: 3, tab: top)",
        ])
    }

    /// The example apps (ShopApp, UIKitShop) add their own route to the shop's table in code: a
    /// modal over a modal. With the shop's table it builds, and plans two presentations.
    @Test func theExampleAppsPaymentRoutePresentsASheetOverASheet() throws {
        let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/shop/routes.json")
        var configuration = try RouteTableFile.load(path: shop.path)
        configuration.routes.append(RouteDefinition("checkout{CheckoutScreen}!/pay{PayScreen}!", name: "payment"))
        let table = try RouteTable(configuration)
        let plan = try #require(table.plan(for: try table.resolve("shop://checkout/pay")))
        #expect(plan.modals == [PresentedModal(NavigationScreen("CheckoutScreen")), PresentedModal(NavigationScreen("PayScreen"))])
        #expect(plan.description == "modal CheckoutScreen; modal PayScreen")
    }
}
