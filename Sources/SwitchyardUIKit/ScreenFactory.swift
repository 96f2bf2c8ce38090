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
}

/// A view controller that updates itself in place when a plan gives its screen new parameters
/// (WAAppRouting's `reloadFromAppLinkRefresh`).
@MainActor
public protocol RefreshableScreen: AnyObject {
    /// Shows the screen's new parameters.
    func refresh(with screen: NavigationScreen)
}
#endif
