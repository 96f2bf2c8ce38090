import Switchyard

/// The shop table the navigation tests share.
enum NavigationFixtures {
    static let routes: [RouteDefinition] = [
        RouteDefinition("hotels{HotelListScreen}/:hotelID{HotelScreen}/book{BookingScreen}!", name: "booking"),
        RouteDefinition("list{ListScreen}/:itemID{DetailScreen}/extra{ExtraScreen}", name: "list"),
        RouteDefinition("list/:itemID/reviews{ReviewsScreen}", name: "reviews"),
        RouteDefinition("feed", name: "feedTab", container: "feed"),
        RouteDefinition("feed/:postID{PostScreen}", name: "post", container: "feed"),
        RouteDefinition("cart{CartScreen}!", name: "cart"),
        RouteDefinition("settings{SettingsScreen}!/privacy{PrivacyScreen}", name: "settings"),
        RouteDefinition("checkout{CheckoutScreen}!/pay{PayScreen}!/card{CardScreen}", name: "checkout"),
        RouteDefinition("account{AccountScreen}/orders{OrdersScreen}", name: "orders"),
        RouteDefinition("about/team", name: "team"),
        RouteDefinition("user/:id{ProfileScreen}(/:tab{ProfileTabScreen})", name: "profile"),
    ]

    static let table: RouteTable = {
        do {
            return try RouteTable(RouteTableConfiguration(schemes: ["shop"], hosts: ["shop.example.com"], routes: routes))
        } catch {
            fatalError("fixture table: \(error)")
        }
    }()

    /// The plan for an input of the fixture table.
    static func plan(_ input: String, planner: NavigationPlanner = NavigationPlanner(table: table)) throws -> NavigationPlan? {
        planner.plan(for: try planner.table.resolve(input))
    }

    /// A screen value, written compactly.
    static func screen(_ identifier: String, _ parameters: [String: String] = [:]) -> NavigationScreen {
        NavigationScreen(identifier, parameters: parameters)
    }
}
