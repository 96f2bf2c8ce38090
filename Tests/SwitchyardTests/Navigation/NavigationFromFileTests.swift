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
}
