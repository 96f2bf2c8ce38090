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

/// The app's notifications: whose delegate receives the user's answers.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    /// The app's notification center.
    open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }
    /// Receives the user's answers (set it before the app finishes launching).
    weak open var delegate: (any UNUserNotificationCenterDelegate)?
}

/// Receives notifications' responses. Its methods are `optional` Objective-C requirements in the
/// SDK; here, Swift requirements with empty default implementations (Linux has no Objective-C runtime).
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// The user answered a notification (tapped it, or chose an action).
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
}

@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}
}
