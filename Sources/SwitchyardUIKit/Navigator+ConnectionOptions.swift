#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import Switchyard
public import UIKit
import UserNotifications

extension Navigator {
    /// A cold launch (`scene(_:willConnectTo:options:)`): every link the scene's connection
    /// options carry — `urlContexts`, `userActivities`, `notificationResponse`, `shortcutItem` —
    /// unwrapped into ``LaunchLinks`` and routed by ``Navigator/handle(_:)-(LaunchLinks)``: each
    /// taken link is held until ``Navigator/markReady()`` (create the navigator with
    /// `waitsUntilReady: true`), each refused one reported to ``Navigator/onOutcome``.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
    ///     navigator.handle(connectionOptions)
    /// }
    /// ```
    /// - Returns: whether any link was taken.
    @MainActor
    @discardableResult
    public func handle(_ options: UIScene.ConnectionOptions) -> Bool {
        handle(LaunchLinks(
            urls: options.urlContexts.map(\.url),
            activities: options.userActivities.map {
                LaunchLinks.Activity(type: $0.activityType, webpageURL: $0.webpageURL, userInfo: $0.userInfo)
            },
            notificationPayload: options.notificationResponse?.notification.request.content.userInfo,
            notificationAction: options.notificationResponse?.actionIdentifier,
            shortcut: options.shortcutItem.map { ($0.type, $0.userInfo?["url"] as? String) }))
    }
}
#endif
