// Stand-ins for what the entry-point adapters (Sources/SwitchyardUIKit/Navigator+*.swift) use,
// with the SDK's Swift signatures and availability. NSUserActivity really lives in Foundation,
// which UIKit re-exports; Linux's Foundation has none, so it is declared here.
// "SDK:" names the Objective-C declaration whose Swift import each one is; "Docs:" its page under
// https://developer.apple.com/documentation/.
public import Foundation

/// A web-browsing activity type (universal links, Handoff).
/// SDK: `NSUserActivityTypeBrowsingWeb` (Foundation/NSUserActivity.h), Docs: foundation/nsuseractivitytypebrowsingweb.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"

/// A user activity (Handoff, universal links, Spotlight).
/// SDK: `@interface NSUserActivity : NSObject` (Foundation/NSUserActivity.h), Docs: foundation/nsuseractivity.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class NSUserActivity: NSObject {
    private let type: String
    /// SDK: `-initWithActivityType:`.
    public init(activityType: String) { type = activityType }
    /// SDK: `@property (readonly, copy) NSString *activityType`.
    open var activityType: String { type }
    /// SDK: `@property (copy, nullable) NSURL *webpageURL`.
    open var webpageURL: URL?
    /// SDK: `@property (copy, nullable) NSDictionary *userInfo`.
    open var userInfo: [AnyHashable: Any]?
    /// SDK: `@property (copy, nullable) NSString *title`.
    open var title: String?
}

/// A URL a scene is asked to open.
/// SDK: `@interface UIOpenURLContext : NSObject` (UIKit/UIScene.h), Docs: uikit/uiopenurlcontext.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIOpenURLContext: NSObject {
    /// SDK: `@property (nonatomic, readonly, copy) NSURL *URL`, Docs: uikit/uiopenurlcontext/url.
    open var url: URL { URL(fileURLWithPath: "/") }
    /// SDK: `@property (nonatomic, readonly, strong) UISceneOpenURLOptions *options`.
    open var options: UIScene.OpenURLOptions { UIScene.OpenURLOptions() }
}

/// A home-screen quick action.
/// SDK: `@interface UIApplicationShortcutItem : NSObject` (UIKit/UIApplicationShortcutItem.h),
/// Docs: uikit/uiapplicationshortcutitem.
@available(iOS 9.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
open class UIApplicationShortcutItem: NSObject {
    /// SDK: `@property (readonly, copy) NSString *type`.
    open var type: String { "" }
    /// SDK: `@property (readonly, copy) NSString *localizedTitle`.
    open var localizedTitle: String { "" }
    /// SDK: `@property (nullable, readonly, copy) NSDictionary<NSString *, id <NSSecureCoding>> *userInfo`.
    open var userInfo: [String: any NSSecureCoding]? { nil }
}
