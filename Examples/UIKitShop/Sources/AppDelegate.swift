import Switchyard
import SwitchyardUIKit
import UIKit
import UserNotifications

/// The app delegate of a scene-based UIKit app: sets the links up before any can arrive, gives
/// every window scene the ``SceneDelegate`` and answers `application(_:open:options:)` honestly;
/// its extension below receives notification responses.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Shop.shared.configure()
        // Before launch ends, so that the response that launched the app is delivered here too
        // (a scene-based app also finds it in the connection options: the navigator takes it once).
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    /// Every window scene gets the delegate that wires the scene's entry points.
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    /// A URL handed to the app delegate (an app without scenes, or another SDK forwarding one).
    /// The answer is honest, so a chain of SDKs works: true only when Switchyard takes the link;
    /// false lets the next SDK try it.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
        Shop.navigator.handle(url.absoluteString) || SignInSDK.handle(url)
    }
}

extension AppDelegate: UNUserNotificationCenterDelegate {
    /// A tapped notification: the link in its payload (`{"aps": {"url": "shop://product/42"}}`).
    /// The completion-handler form of the method (ShopApp implements the `async` one).
    nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                            withCompletionHandler completionHandler: @escaping () -> Void) {
        Shop.navigator.handle(response)
        completionHandler()
    }
}

/// Another SDK that takes URLs (a sign-in SDK's `fb123://authorize?...`), chained after Switchyard.
enum SignInSDK {
    static func handle(_ url: URL) -> Bool {
        url.scheme == "fb123"
    }
}
