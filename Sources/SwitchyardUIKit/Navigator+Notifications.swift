#if canImport(UserNotifications)
public import Switchyard
public import UserNotifications

extension Navigator {
    /// A tapped notification: when its `actionIdentifier` is one of
    /// ``Navigator/notificationActions`` (by default only the tap on the notification itself),
    /// the link ``Navigator/pushLink`` finds in its payload (``Navigator/pushLinkKeys``), with
    /// source `push` and the payload as the link's metadata; false otherwise.
    ///
    /// ```swift
    /// func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
    ///     navigator.handle(response)
    /// }
    /// ```
    @discardableResult
    public func handle(_ response: UNNotificationResponse) -> Bool {
        handle(pushPayload: response.notification.request.content.userInfo, actionIdentifier: response.actionIdentifier)
    }
}
#endif
