#if canImport(UIKit) && !os(watchOS)  // watchOS has UIKit, but no view controllers
public import UIKit
public import Switchyard

/// Makes the view controller for a planned screen. The app provides it to ``UIKitScreenStack``.
///
/// ```swift
/// final class Screens: ScreenFactory {
///     func viewController(for screen: NavigationScreen) -> UIViewController {
///         switch screen.identifier {
///         case "HotelScreen": HotelViewController(id: screen.parameters["hotelID"] ?? "")
///         default: HotelListViewController()
///         }
///     }
/// }
/// ```
@MainActor
public protocol ScreenFactory: AnyObject {
    /// A new view controller showing the screen.
    func viewController(for screen: NavigationScreen) -> UIViewController

    /// The view controller to present for a plan's modal step, and how: by default `controller`
    /// inside a `UINavigationController` with UIKit's default style, so that the plan's later
    /// steps push inside the modal. Return another container, or set `modalPresentationStyle`
    /// (`.fullScreen`, `.formSheet`, ...) on it; a controller that is not a navigation controller
    /// is presented as it is, and steps after it have nowhere to be pushed.
    ///
    /// ```swift
    /// func presentation(for screen: NavigationScreen, controller: UIViewController) -> UIViewController {
    ///     let modal = UINavigationController(rootViewController: controller)
    ///     if screen.identifier == "CheckoutScreen" { modal.modalPresentationStyle = .fullScreen }
    ///     return modal
    /// }
    /// ```
    func presentation(for screen: NavigationScreen, controller: UIViewController) -> UIViewController
}

extension ScreenFactory {
    /// `controller` inside a `UINavigationController`, with UIKit's default presentation style.
    public func presentation(for screen: NavigationScreen, controller: UIViewController) -> UIViewController {
        UINavigationController(rootViewController: controller)
    }
}

/// A view controller that updates itself in place when a plan gives its screen new parameters
/// (WAAppRouting's `reloadFromAppLinkRefresh`).
@MainActor
public protocol RefreshableScreen: AnyObject {
    /// Shows the screen's new parameters.
    func refresh(with screen: NavigationScreen)
}
#endif
