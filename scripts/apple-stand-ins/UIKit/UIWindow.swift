// Stand-in for UIKit's UIView and UIWindow: what Sources/SwitchyardUIKit/UIKitNavigator.swift uses
// (a window's root view controller), with the iOS 18 SDK's signatures and availability.

/// A view.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIView: UIResponder {}

/// A window: the backdrop of an app's views.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindow: UIView {
    /// The root view controller of the window.
    @available(iOS 4.0, *)
    open var rootViewController: UIViewController?
}
