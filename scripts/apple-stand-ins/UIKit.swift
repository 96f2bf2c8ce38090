// Stand-in for UIKit: only the declarations Sources/SwitchyardUIKit uses, with UIKit's real
// signatures and availability (iOS 16-18 SDKs; "SDK:" names the Objective-C declaration whose Swift
// import each one is, "Docs:" its page under https://developer.apple.com/documentation/), so that target type-checks on Linux
// (scripts/check-apple-glue) and its uses are checked against the platforms
// (scripts/check-availability). Nothing here runs. See README.md in this folder to extend it.
@_exported public import Foundation  // UIKit re-exports Foundation

/// UIKit's base for objects that respond to events.
/// SDK: `@interface UIResponder : NSObject` (UIKit/UIResponder.h), and its `UIPasteConfigurationSupporting`
/// conformance (UIKit/UIPasteConfigurationSupporting.h, iOS 11): `pasteConfiguration`,
/// `-pasteItemProviders:` (`paste(itemProviders:)`); Docs: uikit/uiresponder.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIResponder: NSObject, UIPasteConfigurationSupporting {
    /// The types a paste into this responder accepts.
    @available(iOS 11.0, *)
    open var pasteConfiguration: UIPasteConfiguration?

    /// Called with what the user pasted (a `UIPasteControl` tap, a paste command).
    @available(iOS 11.0, *)
    open func paste(itemProviders: [NSItemProvider]) {}
}

/// A view controller.
/// SDK: `@interface UIViewController : UIResponder` (UIKit/UIViewController.h): `-initWithNibName:bundle:`,
/// `-initWithCoder:`, `title`, `-viewDidLoad`, `presentedViewController`, `navigationController`,
/// `-presentViewController:animated:completion:`, `-dismissViewControllerAnimated:completion:`; Docs: uikit/uiviewcontroller.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    /// NSObject's `-init`, which calls `-initWithNibName:bundle:` with nil and nil.
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    /// The title the navigation bar shows.
    open var title: String?

    /// Called once the view is loaded.
    open func viewDidLoad() {}

    /// The view controller this one presents, if any.
    open var presentedViewController: UIViewController? { nil }
    /// The navigation controller this one is in, if any.
    open var navigationController: UINavigationController? { nil }

    @available(iOS 5.0, *)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) {}

    @available(iOS 5.0, *)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}

    /// How the view controller is presented modally.
    /// SDK: `@property (nonatomic, assign) UIModalPresentationStyle modalPresentationStyle` (iOS 3.2).
    @available(iOS 3.2, *)
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic

    /// The coordinator of the transition in progress (a push's, a presentation's), if any.
    /// SDK: `@property (nonatomic, readonly, nullable) id<UIViewControllerTransitionCoordinator> transitionCoordinator`
    /// (UIViewControllerTransitionCoordinator.h, iOS 7); Docs: uikit/uiviewcontroller/transitioncoordinator
    @available(iOS 7.0, *)
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }
}

/// What a transition's blocks are told about it.
/// SDK: `@protocol UIViewControllerTransitionCoordinatorContext <NSObject>`; Docs: uikit/uiviewcontrollertransitioncoordinatorcontext
@available(iOS 7.0, *)
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {}

/// Runs blocks alongside a transition and when it ends.
/// SDK: `@protocol UIViewControllerTransitionCoordinator <UIViewControllerTransitionCoordinatorContext>`:
/// `-animateAlongsideTransition:completion:`; Docs: uikit/uiviewcontrollertransitioncoordinator
@available(iOS 7.0, *)
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

/// A stack of view controllers.
/// SDK: `@interface UINavigationController : UIViewController` (UIKit/UINavigationController.h):
/// `-initWithRootViewController:`, `viewControllers`, `topViewController`, `-pushViewController:animated:`,
/// `-popViewControllerAnimated:`, `-setViewControllers:animated:`; Docs: uikit/uinavigationcontroller.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var viewControllers: [UIViewController] = []
    open var topViewController: UIViewController? { viewControllers.last }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? { nil }
    @available(iOS 3.0, *)
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
}

/// A tab bar of view controllers.
/// SDK: `@interface UITabBarController : UIViewController` (UIKit/UITabBarController.h): `viewControllers`,
/// `selectedIndex`, `selectedViewController`; Docs: uikit/uitabbarcontroller.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UITabBarController: UIViewController {
    open var viewControllers: [UIViewController]?
    open var selectedIndex: Int = 0
    open var selectedViewController: UIViewController?
}

/// How a view controller is presented modally.
/// SDK: `typedef NS_ENUM(NSInteger, UIModalPresentationStyle)` (UIViewController.h); Docs: uikit/uimodalpresentationstyle.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
public enum UIModalPresentationStyle: Int, @unchecked Sendable {
    case fullScreen = 0
    @available(tvOS, unavailable) case pageSheet = 1
    @available(tvOS, unavailable) case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    @available(tvOS, unavailable) case popover = 7
    case none = -1
    @available(iOS 13.0, *) case automatic = -2
}
