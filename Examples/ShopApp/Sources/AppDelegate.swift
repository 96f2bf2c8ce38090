import Foundation
import Switchyard
import SwitchyardUIKit
import UIKit
import UserNotifications

/// The UIKit app delegate of the SwiftUI app (`@UIApplicationDelegateAdaptor`): sets the links up
/// at launch, answers `application(_:open:options:)` honestly, receives notification responses and
/// gives scenes the ``SceneDelegate`` that takes quick actions.
final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Shop.shared.configure()
        // Before launch ends, so that the response that launched the app is delivered.
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    /// A URL handed to the app delegate: in this scene-based app iOS gives URLs to the scene
    /// (`.onOpenURL`), so this runs when another SDK or a scene-less host forwards one. The answer
    /// is honest: true only when Switchyard takes the link (a route with a destination, the default
    /// route, a gate that will hold it, a short link of the service, or anything before the root
    /// screen is up), decided at once; the pipeline then runs in a task. False lets the next SDK
    /// in the chain try it.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
        Shop.navigator.handle(url.absoluteString)
    }

    /// Gives every window scene the delegate that takes home-screen quick actions; SwiftUI keeps
    /// the window and its `.onOpenURL` / `.onContinueUserActivity`.
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    /// A tapped notification: the link in its payload (`{"aps": {"url": "shop://product/42"}}`, or
    /// `aps.urn`, `urn`, `url`), with source `push`. Nonisolated, as the protocol's requirement is.
    nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
                                            didReceive response: UNNotificationResponse) async {
        Shop.navigator.handle(response)
    }
}
