#if canImport(UserNotifications)
public import Switchyard
public import UserNotifications

extension Navigator {
    /// A tapped notification: the link its payload carries (`aps.urn`, `aps.url`, `urn`, `url`),
    /// with source `push`; false when it carries none.
    ///
    /// ```swift
    /// func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
    ///     navigator.handle(response)
    /// }
    /// ```
    @discardableResult
    public func handle(_ response: UNNotificationResponse) -> Bool {
        handle(pushPayload: response.notification.request.content.userInfo)
    }
}
#endif
