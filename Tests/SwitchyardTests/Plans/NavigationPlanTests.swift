import Switchyard
import Testing

@Suite struct NavigationPlanTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var steps: [String]
        var container: String? = nil
        var testDescription: String { input }
    }

    @Test(arguments: [
        // WAAppRouting's list{A}/:itemID{B}: every prefix that ends at a screen opens its part of the stack.
        Case(input: "shop://list", steps: ["push ListScreen"]),
        Case(input: "shop://list/3", steps: ["push ListScreen", "push DetailScreen(itemID: 3)"]),
        Case(input: "shop://list/3/extra",
             steps: ["push ListScreen", "push DetailScreen(itemID: 3)", "push ExtraScreen(itemID: 3)"]),
        // A route with screens that are not on every segment.
        Case(input: "shop://list/3/reviews", steps: ["push ReviewsScreen(itemID: 3)"]),
        // The hotels example: list, hotel pushed, booking presented modally.
        Case(input: "shop://hotels", steps: ["push HotelListScreen"]),
        Case(input: "shop://hotels/12", steps: ["push HotelListScreen", "push HotelScreen(hotelID: 12)"]),
        Case(input: "https://shop.example.com/hotels/12/book",
             steps: ["push HotelListScreen", "push HotelScreen(hotelID: 12)", "modal BookingScreen(hotelID: 12)"]),
        // A modal first step, and a push inside the modal.
        Case(input: "shop://cart", steps: ["modal CartScreen"]),
        Case(input: "shop://settings/privacy", steps: ["modal SettingsScreen", "push PrivacyScreen"]),
        // Containers: a tab alone, or a tab then its stack.
        Case(input: "shop://feed", steps: [], container: "feed"),
        Case(input: "shop://feed/7", steps: ["push PostScreen(postID: 7)"], container: "feed"),
        // Optional groups: the matched form decides the steps.
        Case(input: "shop://user/ada", steps: ["push ProfileScreen(id: ada)"]),
        Case(input: "shop://user/ada/likes",
             steps: ["push ProfileScreen(id: ada)", "push ProfileTabScreen(id: ada, tab: likes)"]),
        // A matched route without screens plans nothing.
        Case(input: "shop://about/team", steps: []),
    ])
    func plans(_ row: Case) throws {
        let plan = try #require(try NavigationFixtures.plan(row.input))
        #expect(plan.steps.map(\.description) == row.steps)
        #expect(plan.container == row.container)
    }

    @Test func unmatchedLinkHasNoPlan() throws {
        #expect(try NavigationFixtures.plan("shop://nowhere/at/all") == nil)
        #expect(try NavigationFixtures.plan("shop://about") == nil)
    }

    @Test func stepsCarryScreenPresentationAndParameters() throws {
        let plan = try #require(try NavigationFixtures.plan("shop://hotels/12/book"))
        #expect(plan.steps == [
            NavigationStep(screen: "HotelListScreen", presentation: .push, parameters: [:]),
            NavigationStep(screen: "HotelScreen", presentation: .push, parameters: ["hotelID": "12"]),
            NavigationStep(screen: "BookingScreen", presentation: .modal, parameters: ["hotelID": "12"]),
        ])
        #expect(plan.stackScreens == [NavigationFixtures.screen("HotelListScreen"),
                                      NavigationFixtures.screen("HotelScreen", ["hotelID": "12"])])
        #expect(plan.modals == [PresentedModal(NavigationFixtures.screen("BookingScreen", ["hotelID": "12"]))])
        #expect(plan.steps.map(\.presentation.rawValue) == ["push", "push", "modal"])
    }

    @Test func planDescriptions() throws {
        #expect(try #require(try NavigationFixtures.plan("shop://feed/7")).description == "tab feed; push PostScreen(postID: 7)")
        #expect(try #require(try NavigationFixtures.plan("shop://about/team")).description == "(empty plan)")
        #expect(try #require(try NavigationFixtures.plan("shop://about/team")).isEmpty)
        #expect(try #require(try NavigationFixtures.plan("shop://feed")).isEmpty == false)
    }

    @Test func linkMadeByHandUsesTheLongestFormItsParametersFill() throws {
        let table = NavigationFixtures.table
        let short = DeepLink(url: "x", route: "user/:id{ProfileScreen}(/:tab{ProfileTabScreen})", routeParameters: ["id": "ada"])
        #expect(table.plan(for: short)?.steps.map(\.screen) == ["ProfileScreen"])
        var long = short
        long.routeParameters = ["id": "ada", "tab": "likes"]
        #expect(table.plan(for: long)?.steps.map(\.screen) == ["ProfileScreen", "ProfileTabScreen"])
        let foreign = DeepLink(url: "x", route: "not/in/table", routeParameters: [:])
        #expect(table.plan(for: foreign) == nil)
    }

    @Test func planOfAnotherTablesLinkUsesItsPattern() throws {
        // Resolved with one table, planned with another that declares the same pattern elsewhere.
        let other = try RouteTable(["about/team", "hotels{HotelListScreen}/:hotelID{HotelScreen}/book{BookingScreen}!"],
                                   schemes: ["shop"])
        let link = try other.resolve("shop://hotels/12")
        #expect(NavigationFixtures.table.plan(for: link)?.steps.map(\.screen) == ["HotelListScreen", "HotelScreen"])
    }
}
