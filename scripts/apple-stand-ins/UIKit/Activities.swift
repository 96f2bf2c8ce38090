// Stand-ins for what the entry-point adapters (Sources/SwitchyardUIKit/Navigator+UIKit.swift) use,
// with the iOS 18 SDK's signatures and availability. NSUserActivity really lives in Foundation,
// which UIKit re-exports; Linux's Foundation has none, so it is declared here.
public import Foundation

/// A web-browsing activity type (universal links, Handoff).
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"

/// A user activity (Handoff, universal links, Spotlight).
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class NSUserActivity: NSObject {
    public init(activityType: String) { self.activityType = activityType }
    open var activityType: String
    open var webpageURL: URL?
    open var userInfo: [AnyHashable: Any]?
}

/// A URL a scene is asked to open.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIOpenURLContext: NSObject {
    open var url: URL { URL(fileURLWithPath: "/") }
}

/// A home-screen quick action.
@available(iOS 9.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
open class UIApplicationShortcutItem: NSObject {
    open var type: String { "" }
    open var userInfo: [String: any NSSecureCoding]? { nil }
}
