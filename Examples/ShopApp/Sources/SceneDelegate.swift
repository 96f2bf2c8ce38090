import Switchyard
import SwitchyardUIKit
import UIKit

/// The window scene's delegate, for home-screen quick actions only (SwiftUI has no API for them).
/// URLs and user activities are left to SwiftUI's `.onDeepLink` (implementing
/// `scene(_:openURLContexts:)` / `scene(_:continue:)` here too would open each link twice).
///
/// Info.plist's `UIApplicationShortcutItems` declares the static actions, e.g. type `cart`
/// (the table's route name and pattern), or any type with `userInfo["url"] = "shop://search"`.
final class SceneDelegate: NSObject, UIWindowSceneDelegate {
    /// A cold launch from a quick action: the action arrives with the connection options.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        if let item = connectionOptions.shortcutItem {
            Shop.navigator.handle(item)   // held until the root screen is up
        }
    }

    /// A quick action while the app runs: the answer is whether the navigator takes it.
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void) {
        completionHandler(Shop.navigator.handle(shortcutItem))
    }
}
