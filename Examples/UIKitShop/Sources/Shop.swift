import CoreSpotlight
import Foundation
import Switchyard
import SwitchyardUIKit
import UIKit

/// The app's links: one router for the shop's table (`routes.json`, the table of Examples/shop),
/// the navigator every entry point goes through, and the `UIKitScreenStack` that applies the table's
/// navigation plans to a tab bar of navigation controllers.
@MainActor
final class Shop {
    static let shared = Shop()

    /// Every entry point goes through this navigator; it holds what arrives before the root is up.
    nonisolated static let navigator = Navigator(routers: [])

    /// The tabs, as the table's `container`s name them.
    private let tabs = ["shop", "account"]
    /// Applies plans to the tab bar; set once the window exists (``show(in:)``).
    private var screens: UIKitScreenStack?

    /// Sets up the router and the navigator: called from `application(_:didFinishLaunchingWithOptions:)`,
    /// before any link can arrive.
    func configure() {
        do {
            var table = try RouteTableFile.load(path: Bundle.main.path(forResource: "routes", ofType: "json") ?? "routes.json")
            // The app's own route, a modal over a modal: the payment sheet presented over the
            // checkout sheet (`shop://checkout/pay`).
            table.routes.append(RouteDefinition("checkout{CheckoutScreen}!/pay{PayScreen}!", name: "payment"))
            let router = try Router(table)
            // Screen routes (`products{ProductListScreen}/...`, `cart{CartScreen}!`,
            // `account{AccountScreen}`, `checkout{CheckoutScreen}!/pay{PayScreen}!`) open their
            // plan on the tab bar.
            // Each plan returns once its transition has finished: the next link acts on what is shown.
            router.applyPlans { [weak self] plan, _ in await self?.screens?.applyToCompletion(plan) }
            try router.map("product/:id<int>") { [weak self] link in
                let id = try link.string("id")
                await self?.show(NavigationStep(screen: "ProductScreen", parameters: ["id": id]))
            }
            router.mapDefault { [weak self] _ in await self?.showHome() }
            Self.navigator.routers = [router]
            // Spotlight: products are indexed with their deep link as the item's identifier.
            Self.navigator.spotlightLink = { identifier in identifier.hasPrefix("shop://product/") ? identifier : nil }
            assert(Navigator.spotlightActivityType == CSSearchableItemActionType)
            Self.navigator.onOutcome = { outcome in print("link: \(outcome)") }
            // Links run one at a time; one still running after 10 s is cancelled and the next runs.
            Self.navigator.linkDeadline = .seconds(10)
            // A notification's "Track" action opens its order too; "Dismiss" routes nothing.
            Self.navigator.notificationActions.insert("TRACK_ORDER")
        } catch {
            assertionFailure("routes.json: \(error)")
        }
    }

    /// Puts the tab bar in the window, with one navigation controller per tab. Each tab's root is
    /// the app's own; plans push their screens above it (`UIKitScreenStack` never pops a tab's root).
    func show(in window: UIWindow) {
        let factory = Screens()
        let tabBar = UITabBarController()
        tabBar.viewControllers = [
            UINavigationController(rootViewController: HomeViewController()),
            UINavigationController(rootViewController: ProfileViewController()),
        ]
        window.rootViewController = tabBar
        screens = UIKitScreenStack(root: tabBar, tabs: tabs, factory: factory, window: window)
    }

    /// Shows one screen on the shop tab's stack.
    private func show(_ step: NavigationStep) {
        screens?.apply(NavigationPlan(container: "shop", steps: [step]))
    }

    /// The shop tab, at its root.
    private func showHome() {
        screens?.apply(NavigationPlan(container: "shop", steps: []))
    }
}
