import Switchyard
import SwitchyardUIKit
import UIKit

/// The window scene's delegate: the cold launch's connection options, and home-screen quick
/// actions while the app runs (SwiftUI has no API for them). URLs and user activities that arrive
/// while the app runs are left to SwiftUI's `.onDeepLink` (implementing
/// `scene(_:openURLContexts:)` / `scene(_:continue:)` here too would open each link twice).
///
/// Info.plist's `UIApplicationShortcutItems` declares the static actions, e.g. type `cart`
/// (the table's route name and pattern), or any type with `userInfo["url"] = "shop://search"`.
final class SceneDelegate: NSObject, UIWindowSceneDelegate {
    /// A cold launch: every link the options carry (URLs, universal links and Spotlight results,
    /// the tapped notification, the quick action) is held until the root screen is up. SwiftUI
    /// may hand the same URL to `.onOpenURL` too; the navigator holds one tap once.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        Shop.navigator.handle(connectionOptions)
    }

    /// A quick action while the app runs: the answer is whether the navigator takes it.
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void) {
        completionHandler(Shop.navigator.handle(shortcutItem))
    }
}
