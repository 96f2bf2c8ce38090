// Stand-in for UIKit's UIView and UIWindow: what Sources/SwitchyardUIKit/UIKitScreenStack.swift and
// the UIKit example's scene delegate use, with the SDK's Swift signatures and availability.
// "SDK:" names the Objective-C declaration whose Swift import each one is (UIKit/UIWindow.h).

/// A view.
/// SDK: `@interface UIView : UIResponder` (UIView.h), Docs: uikit/uiview.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIView: UIResponder {}

/// A window: the backdrop of an app's views.
/// SDK: `@interface UIWindow : UIView`, Docs: uikit/uiwindow.
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindow: UIView {
    /// SDK: `-initWithWindowScene:`, Docs: uikit/uiwindow/init(windowscene:).
    @available(iOS 13.0, *)
    public init(windowScene: UIWindowScene) { super.init() }

    /// The root view controller of the window.
    /// SDK: `@property (nullable, nonatomic, strong) UIViewController *rootViewController`.
    @available(iOS 4.0, *)
    open var rootViewController: UIViewController?

    /// SDK: `-makeKeyAndVisible`, Docs: uikit/uiwindow/makekeyandvisible().
    open func makeKeyAndVisible() {}
}
