// Stand-ins for UIKit's application and scene life cycle: what Examples/ShopApp's app and scene
// delegates use, with the iOS 18 SDK's signatures and availability. The delegate protocols' methods
// are `optional` Objective-C requirements in UIKit; Linux has no Objective-C runtime, so here they are
// Swift requirements with empty default implementations: a delegate that implements one with the
// wrong signature is not called, as in UIKit. Nothing here runs.
public import Foundation

/// The running app.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIApplication: UIResponder {
    /// The app's instance.
    open class var shared: UIApplication { UIApplication() }

    /// Keys of the options `application(_:open:options:)` is given.
    public struct OpenURLOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The bundle identifier of the app that asked to open the URL.
        public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    }

    /// Keys of the launch options.
    public struct LaunchOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// The app's delegate.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    @available(iOS 3.0, *)
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    @available(iOS 9.0, *)
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
    @available(iOS 13.0, *)
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration
}

@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
extension UIApplicationDelegate {
    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
        false
    }
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }
}

/// A scene: one instance of the app's user interface.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIScene: UIResponder {
    /// What a scene was connected with: the URLs, activities or quick action that launched it.
    @MainActor
    open class ConnectionOptions: NSObject {
        open var urlContexts: Set<UIOpenURLContext> { [] }
        open var userActivities: Set<NSUserActivity> { [] }
        @available(iOS 13.0, *)
        @available(tvOS, unavailable)
        open var shortcutItem: UIApplicationShortcutItem? { nil }
    }
}

/// A scene that manages windows.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindowScene: UIScene {}

/// A scene's session: its role and persisted state.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UISceneSession: NSObject {
    /// A scene's role.
    public struct Role: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An interactive window.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    open var role: UISceneSession.Role { .windowApplication }
}

/// What UIKit creates a scene with: its delegate's class, among others.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
open class UISceneConfiguration: NSObject {
    public init(name: String?, sessionRole: UISceneSession.Role) { self.name = name }
    open var name: String?
    open var delegateClass: AnyClass?
}

/// A scene's delegate.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
}

@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                      options connectionOptions: UIScene.ConnectionOptions) {}
}

/// A window scene's delegate.
@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    @available(iOS 13.0, *)
    @available(tvOS, unavailable)
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void)
}

@available(iOS 13.0, tvOS 13.0, *)
@available(watchOS, unavailable)
extension UIWindowSceneDelegate {
    @available(tvOS, unavailable)
    public func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                            completionHandler: @escaping (Bool) -> Void) {}
}
