// Stand-ins for UIKit's application and scene life cycle: UIApplication, UIScene and its
// connection options, and the delegate protocols, with the SDK's Swift signatures (the iOS 16/17/18
// SDKs import them alike) and availability. Nothing here runs.
//
// The delegate protocols' methods are `optional` Objective-C requirements in UIKit. Linux has no
// Objective-C runtime, so here each is a Swift requirement with an empty default implementation:
// as in UIKit, a conforming class may leave any out, and the compiler accepts a method whose
// signature is near but not equal, which UIKit would never call. scripts/check-apple-glue therefore
// compares every delegate callback of the glue and the examples with these requirements
// (scripts/apple-glue/delegate_signatures.py): the requirements below are the list of what UIKit
// calls, so copy them from Apple's interface exactly. Where the SDK imports a completion-handler
// method a second time as `async` (Swift's import of Objective-C completion handlers), both forms
// are requirements: an app implements either.
//
// "SDK:" names each declaration's Objective-C selector and header in UIKit.framework, whose Swift
// import is the declaration; "Docs:" its page under https://developer.apple.com/documentation/uikit/.
public import Foundation
public import UserNotifications

/// The running app.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIApplication: UIResponder {
    /// The app's instance.
    /// SDK: `+[UIApplication sharedApplication]` (UIApplication.h, `class var shared: UIApplication { get }`).
    open class var shared: UIApplication { UIApplication() }

    /// Keys of the options `application(_:open:options:)` is given.
    /// SDK: `UIApplicationOpenURLOptionsKey` (UIApplication.h, `NS_TYPED_ENUM`), Docs: uiapplication/openurloptionskey.
    public struct OpenURLOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The bundle identifier of the app that asked to open the URL.
        /// SDK: `UIApplicationOpenURLOptionsSourceApplicationKey`.
        public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    }

    /// Keys of the launch options.
    /// SDK: `UIApplicationLaunchOptionsKey` (UIApplication.h, `NS_TYPED_ENUM`), Docs: uiapplication/launchoptionskey.
    public struct LaunchOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// An object that restores a continued activity's state.
/// SDK: `@protocol UIUserActivityRestoring` (UIUserActivity.h), Docs: uiuseractivityrestoring.
@available(iOS 8.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIUserActivityRestoring: NSObjectProtocol {
    /// SDK: `-restoreUserActivityState:`.
    func restoreUserActivityState(_ userActivity: NSUserActivity)
}

/// The app's delegate.
/// SDK: `@protocol UIApplicationDelegate <NSObject>` (UIApplication.h), Docs: uiapplicationdelegate.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// SDK: `-application:willFinishLaunchingWithOptions:`, Docs: uiapplicationdelegate/application(_:willfinishlaunchingwithoptions:).
    @available(iOS 6.0, *)
    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// SDK: `-application:didFinishLaunchingWithOptions:`, Docs: uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:).
    @available(iOS 3.0, *)
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// SDK: `-application:openURL:options:`, Docs: uiapplicationdelegate/application(_:open:options:).
    @available(iOS 9.0, *)
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
    /// SDK: `-application:continueUserActivity:restorationHandler:`,
    /// Docs: uiapplicationdelegate/application(_:continue:restorationhandler:).
    @available(iOS 8.0, *)
    func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                     restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool
    /// SDK: `-application:performActionForShortcutItem:completionHandler:`,
    /// Docs: uiapplicationdelegate/application(_:performactionfor:completionhandler:).
    @available(iOS 9.0, *)
    @available(tvOS, unavailable)
    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void)
    /// The same selector, imported as `async` (the SDK's second form of the method above).
    @available(iOS 9.0, *)
    @available(tvOS, unavailable)
    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem) async -> Bool
    /// SDK: `-application:configurationForConnectingSceneSession:options:`,
    /// Docs: uiapplicationdelegate/application(_:configurationforconnecting:options:).
    @available(iOS 13.0, *)
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration
}

@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
extension UIApplicationDelegate {
    public func application(_ application: UIApplication,
                            willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
        false
    }
    public func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                            restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool { false }
    @available(tvOS, unavailable)
    public func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                            completionHandler: @escaping (Bool) -> Void) {}
    @available(tvOS, unavailable)
    public func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem) async -> Bool {
        false
    }
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }
}

@available(iOS 14.0, tvOS 14.0, *)
@available(watchOS, unavailable)
extension UIApplicationDelegate {
    /// The entry point of an app whose delegate is marked `@main` (it calls `UIApplicationMain`).
    /// SDK: UIKit's Swift overlay, `extension UIApplicationDelegate { public static func main() }`
    /// (UIKit.swiftinterface), Docs: uiapplicationdelegate/main().
    @MainActor @preconcurrency
    public static func main() {}
}

/// A scene: one instance of the app's user interface.
/// SDK: `@interface UIScene : UIResponder` (UIScene.h), Docs: uiscene.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIScene: UIResponder {
    /// What a scene was connected with: the URLs, activities, notification response or quick action
    /// that launched it.
    /// SDK: `@interface UISceneConnectionOptions : NSObject` (UIScene.h, `NS_SWIFT_NAME(UIScene.ConnectionOptions)`),
    /// Docs: uiscene/connectionoptions.
    @MainActor
    open class ConnectionOptions: NSObject {
        /// SDK: `@property (readonly) NSSet<UIOpenURLContext *> *URLContexts`, Docs: uiscene/connectionoptions/urlcontexts.
        open var urlContexts: Set<UIOpenURLContext> { [] }
        /// SDK: `@property (readonly, nullable) NSString *sourceApplication`.
        open var sourceApplication: String? { nil }
        /// SDK: `@property (readonly, nullable) NSString *handoffUserActivityType`.
        open var handoffUserActivityType: String? { nil }
        /// SDK: `@property (readonly) NSSet<NSUserActivity *> *userActivities`, Docs: uiscene/connectionoptions/useractivities.
        open var userActivities: Set<NSUserActivity> { [] }
        /// SDK: `@property (readonly, nullable) UNNotificationResponse *notificationResponse API_UNAVAILABLE(tvOS)`,
        /// Docs: uiscene/connectionoptions/notificationresponse.
        @available(iOS 13.0, *)
        @available(tvOS, unavailable)
        open var notificationResponse: UNNotificationResponse? { nil }
        /// SDK: `@property (readonly, nullable) UIApplicationShortcutItem *shortcutItem API_UNAVAILABLE(tvOS)`,
        /// Docs: uiscene/connectionoptions/shortcutitem.
        @available(iOS 13.0, *)
        @available(tvOS, unavailable)
        open var shortcutItem: UIApplicationShortcutItem? { nil }
    }

    /// What a scene is given with URLs to open.
    /// SDK: `@interface UISceneOpenURLOptions : NSObject` (UIScene.h, `NS_SWIFT_NAME(UIScene.OpenURLOptions)`).
    @MainActor
    open class OpenURLOptions: NSObject {
        /// SDK: `@property (readonly, nullable) NSString *sourceApplication`.
        open var sourceApplication: String? { nil }
    }
}

/// A scene that manages windows.
/// SDK: `@interface UIWindowScene : UIScene` (UIWindowScene.h), Docs: uiwindowscene.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindowScene: UIScene {}

/// A scene's session: its role and persisted state.
/// SDK: `@interface UISceneSession : NSObject <NSSecureCoding>` (UISceneSession.h), Docs: uiscenesession.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UISceneSession: NSObject {
    /// A scene's role.
    /// SDK: `UISceneSessionRole` (`NS_TYPED_ENUM`, `NS_SWIFT_NAME(UISceneSession.Role)`).
    public struct Role: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An interactive window. SDK: `UIWindowSceneSessionRoleApplication`.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    /// SDK: `@property (readonly) UISceneSessionRole role`.
    open var role: UISceneSession.Role { .windowApplication }
}

/// What UIKit creates a scene with: its delegate's class, among others.
/// SDK: `@interface UISceneConfiguration : NSObject` (UISceneDefinitions.h / UISceneSession.h), Docs: uisceneconfiguration.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UISceneConfiguration: NSObject {
    /// SDK: `-initWithName:sessionRole:`.
    public init(name: String?, sessionRole: UISceneSession.Role) { self.name = name }
    /// SDK: `@property (nullable, readonly) NSString *name`.
    open private(set) var name: String?
    /// SDK: `@property (nullable) Class delegateClass`.
    open var delegateClass: AnyClass?
}

/// A scene's delegate.
/// SDK: `@protocol UISceneDelegate <NSObject>` (UIScene.h), Docs: uiscenedelegate.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    /// SDK: `-scene:willConnectToSession:options:`, Docs: uiscenedelegate/scene(_:willconnectto:options:).
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// SDK: `-sceneDidDisconnect:`, Docs: uiscenedelegate/scenediddisconnect(_:).
    func sceneDidDisconnect(_ scene: UIScene)
    /// SDK: `-sceneDidBecomeActive:`, Docs: uiscenedelegate/scenedidbecomeactive(_:).
    func sceneDidBecomeActive(_ scene: UIScene)
    /// SDK: `-sceneWillResignActive:`, Docs: uiscenedelegate/scenewillresignactive(_:).
    func sceneWillResignActive(_ scene: UIScene)
    /// SDK: `-sceneWillEnterForeground:`, Docs: uiscenedelegate/scenewillenterforeground(_:).
    func sceneWillEnterForeground(_ scene: UIScene)
    /// SDK: `-sceneDidEnterBackground:`, Docs: uiscenedelegate/scenedidenterbackground(_:).
    func sceneDidEnterBackground(_ scene: UIScene)
    /// SDK: `-scene:openURLContexts:`, Docs: uiscenedelegate/scene(_:openurlcontexts:).
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    /// SDK: `-scene:willContinueUserActivityWithType:`, Docs: uiscenedelegate/scene(_:willcontinueuseractivitywithtype:).
    func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)
    /// SDK: `-scene:continueUserActivity:`, Docs: uiscenedelegate/scene(_:continue:).
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    /// SDK: `-scene:didFailToContinueUserActivityWithType:error:`,
    /// Docs: uiscenedelegate/scene(_:didfailtocontinueuseractivitywithtype:error:).
    func scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: any Error)
}

@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                      options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    public func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String) {}
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    public func scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: any Error) {}
}

/// A window scene's delegate.
/// SDK: `@protocol UIWindowSceneDelegate <UISceneDelegate>` (UIWindowScene.h), Docs: uiwindowscenedelegate.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// SDK: `@property (nullable, nonatomic, strong) UIWindow *window`, Docs: uiwindowscenedelegate/window.
    var window: UIWindow? { get set }
    /// SDK: `-windowScene:performActionForShortcutItem:completionHandler:`,
    /// Docs: uiwindowscenedelegate/windowscene(_:performactionfor:completionhandler:).
    @available(iOS 13.0, *)
    @available(tvOS, unavailable)
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void)
    /// The same selector, imported as `async` (the SDK's second form of the method above).
    @available(iOS 13.0, *)
    @available(tvOS, unavailable)
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem) async -> Bool
}

@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    @available(tvOS, unavailable)
    public func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                            completionHandler: @escaping (Bool) -> Void) {}
    @available(tvOS, unavailable)
    public func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem) async -> Bool {
        false
    }
}
