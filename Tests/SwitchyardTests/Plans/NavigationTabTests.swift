import Switchyard
import Testing

@Suite struct NavigationTabTests {
    typealias F = NavigationFixtures

    static let tabs = InMemoryScreenStack(
        selectedTab: "home",
        stacks: ["home": [F.screen("HotelListScreen")], "feed": [F.screen("PostScreen", ["postID": "1"])]])

    struct Case: CustomTestStringConvertible, Sendable {
        var note: String
        var stack: InMemoryScreenStack
        var input: String
        var operations: [String]
        var testDescription: String { note }
    }

    @Test(arguments: [
        Case(note: "select the tab, then build its own stack", stack: tabs, input: "shop://feed/7",
             operations: ["selectTab feed", "refresh 0 PostScreen(postID: 7)"]),
        Case(note: "a tab alone pops it to its root", stack: tabs, input: "shop://feed",
             operations: ["selectTab feed", "popTo 0"]),
        Case(note: "the tab already selected is not selected again",
             stack: InMemoryScreenStack(selectedTab: "feed", stacks: ["feed": []]), input: "shop://feed/7",
             operations: ["push PostScreen(postID: 7)"]),
        Case(note: "a route without a container stays on the selected tab", stack: tabs, input: "shop://hotels/12",
             operations: ["push HotelScreen(hotelID: 12)"]),
        Case(note: "a modal is dismissed before switching tabs",
             stack: InMemoryScreenStack(selectedTab: "home", stacks: [:], modals: [PresentedModal(F.screen("CartScreen"))]),
             input: "shop://feed/7", operations: ["dismiss", "selectTab feed", "push PostScreen(postID: 7)"]),
    ])
    func selecting(_ row: Case) throws {
        let plan = try #require(try F.plan(row.input))
        var stack = row.stack
        #expect(stack.apply(plan).map(\.description) == row.operations)
        #expect(stack.apply(plan) == [])
    }

    @Test func otherTabsKeepTheirStacks() throws {
        var stack = Self.tabs
        stack.apply(try #require(try F.plan("shop://feed/7")))
        #expect(stack.selectedTab == "feed")
        #expect(stack.screens() == [F.screen("PostScreen", ["postID": "7"])])
        #expect(stack.screens(inTab: "home") == [F.screen("HotelListScreen")])
        stack.apply(try #require(try F.plan("shop://hotels/12")))
        #expect(stack.screens(inTab: "feed") == [F.screen("HotelListScreen"), F.screen("HotelScreen", ["hotelID": "12"])])
        #expect(stack.description == "tab feed; [HotelListScreen, HotelScreen(hotelID: 12)]")
    }
}
