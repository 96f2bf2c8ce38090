import Switchyard
import SwitchyardUIKit
import UIKit

/// The window scene's delegate: builds the window, then hands every entry point of the scene to
/// the navigator. Links that arrive before the root is up are held (a navigator waits by default)
/// and opened by `markReady()`. The app has one window: an app with several (iPad) gives each
/// scene a navigator of its own, made here, so that a link lands in the window it was opened in.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    /// A cold launch: the links that launched the scene (URLs, universal links, Spotlight, a
    /// notification response, a quick action) arrive in the connection options, not in the methods
    /// below.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        Shop.shared.show(in: window)
        window.makeKeyAndVisible()
        self.window = window
        Shop.navigator.handle(connectionOptions)   // held until the root is up
        Task { await Shop.navigator.markReady() }
    }

    /// A custom-scheme URL (`shop://product/42`) while the scene runs.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        Shop.navigator.handle(URLContexts)
    }

    /// A universal link, web-page Handoff or a Spotlight result while the scene runs.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        Shop.navigator.handle(userActivity)
    }

    /// A home-screen quick action while the app runs: the answer is whether the navigator takes it.
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void) {
        completionHandler(Shop.navigator.handle(shortcutItem))
    }
}
