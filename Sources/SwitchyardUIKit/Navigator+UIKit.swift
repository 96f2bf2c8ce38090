#if canImport(UIKit) && !os(watchOS)
public import Switchyard
public import UIKit

/// The system's entry points, unwrapped into the navigator's plain-value ones (the decisions are
/// the SDK's, tested on Linux). Each returns at once the `Bool` the delegate method returns:
/// true only when the navigator takes the link (``Navigator/canOpen(_:source:)``), which it then
/// holds until ``Navigator/markReady()`` or opens in a task; every link's fate goes to
/// ``Navigator/onOutcome``.
///
/// ```swift
/// // SceneDelegate
/// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
///     navigator.handle(connectionOptions)   // cold launch: every link in the options, held until ready
/// }
/// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
///     navigator.handle(contexts)
/// }
/// func scene(_ scene: UIScene, continue activity: NSUserActivity) {   // universal links, Handoff, Spotlight
///     navigator.handle(activity)
/// }
/// // AppDelegate, chained with other SDKs
/// func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
///     navigator.handle(url.absoluteString) || OtherSDK.handle(url)
/// }
/// ```
extension Navigator {
    /// A user activity (`scene(_:continue:)`, `application(_:continue:restorationHandler:)`): a
    /// universal link or web-page Handoff (source `universalLink`), a Spotlight result (its
    /// identifier mapped by ``Navigator/spotlightLink``; a refused one is reported to
    /// ``Navigator/onOutcome``), or another activity's web page.
    @discardableResult
    public func handle(_ activity: NSUserActivity) -> Bool {
        handle(userActivityType: activity.activityType, webpageURL: activity.webpageURL, userInfo: activity.userInfo)
    }

    /// The URLs a scene is asked to open (`scene(_:openURLContexts:)`): each one; true when any was taken.
    @MainActor
    @discardableResult
    public func handle(_ contexts: Set<UIOpenURLContext>) -> Bool {
        handle(urls: contexts.map(\.url))
    }
}
#endif
