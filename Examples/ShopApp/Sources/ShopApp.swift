import SwiftUI
import Switchyard
import SwitchyardSwiftUI

/// The shop app: SwiftUI, one window, every link through one navigator.
///
/// - `.onDeepLink(navigator)` (SwitchyardSwiftUI) receives the custom-scheme URLs and universal
///   links (`.onOpenURL`: SwiftUI delivers universal links there), web-page Handoff
///   (`NSUserActivityTypeBrowsingWeb`), and Spotlight results
///   (`CSSearchableItemActionType`), and opens each through the navigator.
/// - ``AppDelegate``: push notification responses and `application(_:open:options:)`.
/// - ``SceneDelegate``: the cold launch's connection options, and home-screen quick actions.
@main
struct ShopApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate

    var body: some Scene {
        WindowGroup {
            RootView(shop: Shop.shared)
                .onDeepLink(Shop.navigator)
                .onAppear {
                    // The root screen is up: open the link held since launch, then, on the first
                    // launch only, the deferred link.
                    Task { await Shop.shared.rootScreenAppeared() }
                }
        }
    }
}
