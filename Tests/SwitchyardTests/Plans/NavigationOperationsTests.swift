import Switchyard
import Testing

@Suite struct NavigationOperationsTests {
    typealias F = NavigationFixtures

    struct Case: CustomTestStringConvertible, Sendable {
        var note: String
        var stack: InMemoryScreenStack
        var input: String
        var operations: [String]
        var after: String
        var testDescription: String { note }
    }

    static let list = F.screen("ListScreen")
    static let detail3 = F.screen("DetailScreen", ["itemID": "3"])
    static let hotels = F.screen("HotelListScreen")
    static let hotel12 = F.screen("HotelScreen", ["hotelID": "12"])

    @Test(arguments: [
        Case(note: "empty stack: every step", stack: InMemoryScreenStack(), input: "shop://hotels/12/book",
             operations: ["push HotelListScreen", "push HotelScreen(hotelID: 12)", "present BookingScreen(hotelID: 12)"],
             after: "[HotelListScreen, HotelScreen(hotelID: 12)]; modal [BookingScreen(hotelID: 12)]"),
        Case(note: "part of the path shown: push only the rest", stack: InMemoryScreenStack(screens: [list]),
             input: "shop://list/3", operations: ["push DetailScreen(itemID: 3)"],
             after: "[ListScreen, DetailScreen(itemID: 3)]"),
        Case(note: "the whole path shown: nothing to do", stack: InMemoryScreenStack(screens: [list, detail3]),
             input: "shop://list/3", operations: [], after: "[ListScreen, DetailScreen(itemID: 3)]"),
        Case(note: "deeper than the plan: pop back to the deepest match",
             stack: InMemoryScreenStack(screens: [list, detail3, F.screen("ExtraScreen", ["itemID": "3"])]),
             input: "shop://list", operations: ["popTo 1"], after: "[ListScreen]"),
        Case(note: "a different branch: pop to where they part, push the rest",
             stack: InMemoryScreenStack(screens: [list, detail3, F.screen("ExtraScreen", ["itemID": "3"])]),
             input: "shop://list/3/reviews", operations: ["popTo 0", "push ReviewsScreen(itemID: 3)"],
             after: "[ReviewsScreen(itemID: 3)]"),
        Case(note: "another route's stack: start over",
             stack: InMemoryScreenStack(screens: [F.screen("AccountScreen"), F.screen("OrdersScreen")]),
             input: "shop://hotels/12", operations: ["popTo 0", "push HotelListScreen", "push HotelScreen(hotelID: 12)"],
             after: "[HotelListScreen, HotelScreen(hotelID: 12)]"),
        Case(note: "same screen, new parameters: refresh instead of push",
             stack: InMemoryScreenStack(screens: [list, detail3]), input: "shop://list/5",
             operations: ["refresh 1 DetailScreen(itemID: 5)"], after: "[ListScreen, DetailScreen(itemID: 5)]"),
        Case(note: "refresh then pop what was above it",
             stack: InMemoryScreenStack(screens: [list, detail3, F.screen("ExtraScreen", ["itemID": "3"])]),
             input: "shop://list/5", operations: ["popTo 2", "refresh 1 DetailScreen(itemID: 5)"],
             after: "[ListScreen, DetailScreen(itemID: 5)]"),
        Case(note: "refresh a lower screen and keep the one above",
             stack: InMemoryScreenStack(screens: [F.screen("ProfileScreen", ["id": "ada"]),
                                                  F.screen("ProfileTabScreen", ["id": "ada", "tab": "likes"])]),
             input: "shop://user/bob/likes",
             operations: ["refresh 0 ProfileScreen(id: bob)", "refresh 1 ProfileTabScreen(id: bob, tab: likes)"],
             after: "[ProfileScreen(id: bob), ProfileTabScreen(id: bob, tab: likes)]"),
        Case(note: "a modal the plan does not include is dismissed first",
             stack: InMemoryScreenStack(screens: [hotels], modals: [PresentedModal(F.screen("CartScreen"))]),
             input: "shop://hotels/12", operations: ["dismiss", "push HotelScreen(hotelID: 12)"],
             after: "[HotelListScreen, HotelScreen(hotelID: 12)]"),
        Case(note: "a modal is dismissed even when the stack below is right",
             stack: InMemoryScreenStack(screens: [hotels, hotel12], modals: [PresentedModal(F.screen("CartScreen"))]),
             input: "shop://hotels/12", operations: ["dismiss"], after: "[HotelListScreen, HotelScreen(hotelID: 12)]"),
        Case(note: "the plan's own modal, already shown over the right stack, is kept",
             stack: InMemoryScreenStack(screens: [hotels, hotel12],
                                        modals: [PresentedModal(F.screen("BookingScreen", ["hotelID": "12"]))]),
             input: "shop://hotels/12/book", operations: [],
             after: "[HotelListScreen, HotelScreen(hotelID: 12)]; modal [BookingScreen(hotelID: 12)]"),
        Case(note: "the plan's modal over a stack that must change: dismiss, fix the stack, present",
             stack: InMemoryScreenStack(screens: [hotels, F.screen("HotelScreen", ["hotelID": "9"])],
                                        modals: [PresentedModal(F.screen("BookingScreen", ["hotelID": "9"]))]),
             input: "shop://hotels/12/book",
             operations: ["dismiss", "refresh 1 HotelScreen(hotelID: 12)", "present BookingScreen(hotelID: 12)"],
             after: "[HotelListScreen, HotelScreen(hotelID: 12)]; modal [BookingScreen(hotelID: 12)]"),
        Case(note: "a modal-first plan presents over whatever is shown",
             stack: InMemoryScreenStack(screens: [hotels, hotel12]), input: "shop://cart",
             operations: ["present CartScreen"], after: "[HotelListScreen, HotelScreen(hotelID: 12)]; modal [CartScreen]"),
        Case(note: "a modal-first plan replaces another modal",
             stack: InMemoryScreenStack(screens: [hotels], modals: [PresentedModal(F.screen("SettingsScreen"))]),
             input: "shop://cart", operations: ["dismiss", "present CartScreen"],
             after: "[HotelListScreen]; modal [CartScreen]"),
        Case(note: "pushes inside a kept modal",
             stack: InMemoryScreenStack(screens: [hotels], modals: [PresentedModal(F.screen("SettingsScreen"))]),
             input: "shop://settings/privacy", operations: ["push PrivacyScreen"],
             after: "[HotelListScreen]; modal [SettingsScreen, PrivacyScreen]"),
        Case(note: "pops inside a kept modal",
             stack: InMemoryScreenStack(screens: [], modals: [PresentedModal(F.screen("SettingsScreen"),
                                                                           path: [F.screen("PrivacyScreen"), F.screen("X")])]),
             input: "shop://settings", operations: ["popTo 1"], after: "[]; modal [SettingsScreen]"),
        Case(note: "present a modal and push inside it", stack: InMemoryScreenStack(), input: "shop://settings/privacy",
             operations: ["present SettingsScreen", "push PrivacyScreen"], after: "[]; modal [SettingsScreen, PrivacyScreen]"),
        Case(note: "a route without screens changes nothing", stack: InMemoryScreenStack(screens: [list]),
             input: "shop://about/team", operations: [], after: "[ListScreen]"),
    ])
    func applying(_ row: Case) throws {
        let plan = try #require(try F.plan(row.input))
        var stack = row.stack
        let operations = stack.apply(plan)
        #expect(operations.map(\.description) == row.operations)
        #expect(stack.description == row.after)
        // Applying the same plan again finds nothing left to do.
        #expect(stack.apply(plan) == [])
    }

    @Test func operationsAreExactValues() throws {
        let plan = try #require(try F.plan("shop://hotels/12/book"))
        let stack = InMemoryScreenStack(screens: [Self.hotels, F.screen("HotelScreen", ["hotelID": "1"]), F.screen("X")],
                                        modals: [PresentedModal(F.screen("CartScreen"))])
        #expect(plan.operations(for: stack) == [
            .dismiss,
            .popTo(count: 2),
            .refresh(index: 1, Self.hotel12),
            .present(F.screen("BookingScreen", ["hotelID": "12"])),
        ])
    }
}
