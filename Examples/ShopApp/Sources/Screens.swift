import SwiftUI
import Switchyard
import SwitchyardSwiftUI

/// The root: a navigation stack bound to the shop's ``NavigationState`` (its modal as a sheet; the cart as a full-screen cover).
struct RootView: View {
    let shop: Shop

    var body: some View {
        PlannedNavigationStack(state: shop.navigation, coversFullScreen: { $0.identifier == "CartScreen" }) {
            HomeView(shop: shop)
        } destination: { screen in
            ScreenView(shop: shop, screen: screen)
        }
    }
}

/// The home screen; its buttons navigate internally, through the same pipeline and gate.
struct HomeView: View {
    let shop: Shop

    var body: some View {
        VStack {
            Text("Shop")
            Button("Product 42") {
                Task { await Shop.navigator.navigate(to: "product", parameters: ["id": "42"]) }
            }
            Button("My orders") {
                Task { await Shop.navigator.navigate(to: "order", parameters: ["orderID": "A-17"]) }
            }
        }
    }
}

/// The view of each screen a link or plan shows.
struct ScreenView: View {
    let shop: Shop
    let screen: NavigationScreen

    var body: some View {
        switch screen.identifier {
        case "LoginScreen":
            Button("Log in") { Task { await shop.logIn() } }
        case "OrderScreen":
            OrderScreen(orderID: screen.parameters["orderID"] ?? "")   // UIKit
        default:
            Text(screen.description)
        }
    }
}
