// Stand-in for UserNotifications: what Sources/SwitchyardUIKit/Navigator+Notifications.swift uses,
// with the iOS 18 SDK's signatures and availability. Nothing here runs.
public import Foundation

/// The user's answer to a notification.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotificationResponse: NSObject, @unchecked Sendable {
    open var notification: UNNotification { UNNotification() }
    open var actionIdentifier: String { "" }
}

/// A delivered notification.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotification: NSObject, @unchecked Sendable {
    open var request: UNNotificationRequest { UNNotificationRequest() }
}

/// A notification's request.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotificationRequest: NSObject, @unchecked Sendable {
    open var content: UNNotificationContent { UNNotificationContent() }
}

/// A notification's content.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotificationContent: NSObject, @unchecked Sendable {
    open var userInfo: [AnyHashable: Any] { [:] }
}
