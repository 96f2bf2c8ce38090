// Stand-in for UserNotifications: what Sources/SwitchyardUIKit/Navigator+Notifications.swift uses,
// with the SDK's Swift signatures and availability. Nothing here runs. "SDK:" names the Objective-C
// declaration whose Swift import each one is (UserNotifications.framework); "Docs:" its page under
// https://developer.apple.com/documentation/.
public import Foundation

/// The user's answer to a notification.
/// SDK: `@interface UNNotificationResponse : NSObject` (UNNotificationResponse.h): `notification`, `actionIdentifier`.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotificationResponse: NSObject, @unchecked Sendable {
    open var notification: UNNotification { UNNotification() }
    open var actionIdentifier: String { "" }
}

/// A delivered notification.
/// SDK: `@interface UNNotification : NSObject` (UNNotification.h): `request`.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotification: NSObject, @unchecked Sendable {
    open var request: UNNotificationRequest { UNNotificationRequest() }
}

/// A notification's request.
/// SDK: `@interface UNNotificationRequest : NSObject` (UNNotificationRequest.h): `content`.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotificationRequest: NSObject, @unchecked Sendable {
    open var content: UNNotificationContent { UNNotificationContent() }
}

/// A notification's content.
/// SDK: `@interface UNNotificationContent : NSObject` (UNNotificationContent.h): `userInfo`.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotificationContent: NSObject, @unchecked Sendable {
    open var userInfo: [AnyHashable: Any] { [:] }
}

/// The app's notifications: whose delegate receives the user's answers.
/// SDK: `@interface UNUserNotificationCenter : NSObject` (UNUserNotificationCenter.h): `+currentNotificationCenter`
/// (`class func current()`), `delegate`.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    /// The app's notification center.
    open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }
    /// Receives the user's answers (set it before the app finishes launching).
    weak open var delegate: (any UNUserNotificationCenterDelegate)?
}

/// Receives notifications' responses. Its methods are `optional` Objective-C requirements in the
/// SDK; here, Swift requirements with empty default implementations (Linux has no Objective-C
/// runtime), which scripts/check-apple-glue compares with every `userNotificationCenter` method of
/// the glue and the examples (see UIKit/Application.swift).
/// SDK: `@protocol UNUserNotificationCenterDelegate <NSObject>` (UserNotifications/UNUserNotificationCenter.h),
/// Docs: usernotifications/unusernotificationcenterdelegate.
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// The user answered a notification (tapped it, or chose an action).
    /// SDK: `-userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`
    /// `API_UNAVAILABLE(tvOS)`, Docs: usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:).
    @available(tvOS, unavailable)
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void)
    /// The same selector, imported as `async` (the SDK's second form of the method above; the page
    /// above shows both).
    @available(tvOS, unavailable)
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
}

@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
extension UNUserNotificationCenterDelegate {
    @available(tvOS, unavailable)
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                       withCompletionHandler completionHandler: @escaping () -> Void) {}
    @available(tvOS, unavailable)
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}
}
