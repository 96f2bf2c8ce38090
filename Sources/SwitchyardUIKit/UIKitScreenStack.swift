#if canImport(UIKit) && !os(watchOS)  // watchOS has UIKit, but no view controllers
public import UIKit
public import Switchyard

/// Applies navigation plans to a `UITabBarController` (one `UINavigationController` per tab) or
/// to a single `UINavigationController`, building screens through the app's ``ScreenFactory``.
///
/// It decides nothing itself: it reads what UIKit shows into the SDK's own `ControllerHierarchy`,
/// lets ``NavigationPlan/operations(for:)`` and `ControllerHierarchy.action(for:)` (both tested in
/// the SDK) decide, and performs the `ControllerAction`s. A view controller it did not create counts
/// as a screen named after its type, except a navigation controller's first one, which is the
/// tab's root and is never popped. A modal is presented as the factory's
/// ``ScreenFactory/presentation(for:controller:)`` says: by default inside a
/// `UINavigationController`, so later steps push inside it; a plan's later modal step is presented
/// by the topmost presented controller, over it. A plan that replaces the root sets the `window`'s
/// root view controller.
///
/// ```swift
/// let screens = UIKitScreenStack(root: tabBarController, tabs: ["home", "feed"], factory: Screens(), window: window)
/// screens.apply(table.plan(for: try table.resolve(url.absoluteString))!)
/// ```
@MainActor
public final class UIKitScreenStack {
    /// What the window shows now: the app's root, or the navigation controller of a screen that
    /// replaced it (``NavigationOperation/replaceRoot(_:)``).
    public private(set) var root: UIViewController
    /// The app's own root, given at creation.
    public let appRoot: UIViewController
    /// The tab identifiers, in the tab bar's order (empty without a tab bar).
    public let tabs: [String]
    /// Makes view controllers for screens.
    public let factory: any ScreenFactory
    /// The window whose root a plan that replaces the root sets; without one such a plan only
    /// changes ``root``.
    public weak var window: UIWindow?
    /// The screen that replaced the app's root, nil while the app's own root is shown.
    public private(set) var replacedRoot: NavigationScreen?
    private var created: [Entry] = []
    private weak var presentedFrom: UIViewController?
    private var presenterName: String?

    @MainActor
    private final class Entry {
        weak var controller: UIViewController?
        var screen: NavigationScreen
        init(_ controller: UIViewController, _ screen: NavigationScreen) {
            self.controller = controller
            self.screen = screen
        }
    }

    /// Creates a navigator.
    ///
    /// - Parameters:
    ///   - root: a `UITabBarController` whose tabs are `UINavigationController`s, or a `UINavigationController`.
    ///   - tabs: the tab identifiers plans name in ``NavigationPlan/container``, in tab order.
    ///   - factory: makes the view controller of each screen.
    ///   - window: the window whose root a plan that replaces the root sets.
    public init(root: UIViewController, tabs: [String] = [], factory: any ScreenFactory, window: UIWindow? = nil) {
        self.root = root
        self.appRoot = root
        self.tabs = tabs
        self.factory = factory
        self.window = window
    }

    /// Applies a plan; only the last operation is animated.
    @discardableResult
    public func apply(_ plan: NavigationPlan, animated: Bool = true) -> [NavigationOperation] {
        var shown = hierarchy
        let operations = plan.operations(for: shown)
        for (offset, operation) in operations.enumerated() {
            perform(operation, on: &shown, animated: animated && offset == operations.count - 1)
        }
        return operations
    }

    /// Applies a plan and returns once its transition has finished (the completion of the last,
    /// animated, operation: a presentation's or dismissal's completion, a push's transition
    /// coordinator), so that the next link acts on what is shown, not mid-transition. The
    /// closure a router applies plans with awaits it:
    ///
    /// ```swift
    /// router.applyPlans { plan, _ in await screens.applyToCompletion(plan) }
    /// ```
    @discardableResult
    public func applyToCompletion(_ plan: NavigationPlan, animated: Bool = true) async -> [NavigationOperation] {
        var shown = hierarchy
        let operations = plan.operations(for: shown)
        for operation in operations.dropLast() { perform(operation, on: &shown, animated: false) }
        if let last = operations.last {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                perform(last, on: &shown, animated: animated) { continuation.resume() }
            }
        }
        return operations
    }

    /// Performs one operation, animated.
    public func perform(_ operation: NavigationOperation) {
        perform(operation, animated: true)
    }

    /// Performs one operation.
    public func perform(_ operation: NavigationOperation, animated: Bool) {
        var shown = hierarchy
        perform(operation, on: &shown, animated: animated)
    }

    private func perform(_ operation: NavigationOperation, on shown: inout ControllerHierarchy, animated: Bool,
                         completion: (@Sendable () -> Void)? = nil) {
        let action = shown.action(for: operation)
        shown.perform(operation)
        guard let action else {
            completion?()
            return
        }
        perform(action, animated: animated, completion: completion)
        if case .replaceRoot = action { shown = hierarchy }
        if case .presentFrom(let presenter, _) = operation {
            (presentedFrom, presenterName) = (root.presentedViewController, presenter)
        }
    }

    /// Performs one action; `completion` runs once its transition has finished (at once for an
    /// action without one).
    private func perform(_ action: ControllerAction, animated: Bool, completion: (@Sendable () -> Void)? = nil) {
        switch action {
        case .dismiss:
            // Called on the topmost presented controller, which presents nothing: its presenter
            // dismisses it, and the presentations under it stay.
            guard let top = topmostPresented else { return completion?() ?? () }
            top.dismiss(animated: animated, completion: completion)
        case .present(let screen, let place):
            let modal = factory.presentation(for: screen, controller: make(screen))
            let presenter = place.flatMap(navigationController(at:)) ?? topmostPresented ?? root
            presenter.present(modal, animated: animated, completion: completion)
        case .push(let screen, let place):
            guard let stack = navigationController(at: place) else { return completion?() ?? () }
            stack.pushViewController(make(screen), animated: animated)
            afterTransition(of: stack, completion)
        case .keep(let count, let place):
            guard let stack = navigationController(at: place) else { return completion?() ?? () }
            stack.setViewControllers(Array(stack.viewControllers.prefix(count)), animated: animated)
            afterTransition(of: stack, completion)
        default:
            perform(immediate: action)
            completion?()
        }
    }

    /// Runs `completion` once `stack`'s push or pop has finished: at the end of its transition
    /// coordinator's animation, or at once when nothing animates.
    private func afterTransition(of stack: UINavigationController, _ completion: (@Sendable () -> Void)?) {
        guard let completion else { return }
        guard let coordinator = stack.transitionCoordinator else { return completion() }
        _ = coordinator.animate(alongsideTransition: nil) { _ in completion() }
    }

    /// The actions without a transition to wait for.
    private func perform(immediate action: ControllerAction) {
        switch action {
        case .dismiss, .present, .push, .keep:
            break
        case .select(let index):
            (root as? UITabBarController)?.selectedIndex = index
        case .refresh(let position, let place, let screen):
            guard let stack = navigationController(at: place), stack.viewControllers.indices.contains(position) else { return }
            let controller = stack.viewControllers[position]
            remember(controller, as: screen)
            (controller as? any RefreshableScreen)?.refresh(with: screen)
        case .replaceRoot(let screen):
            root.dismiss(animated: false)
            root = screen.map { UINavigationController(rootViewController: make($0)) } ?? appRoot
            replacedRoot = screen
            window?.rootViewController = root
            if screen == nil {
                for action in hierarchy.emptyingActions { perform(action, animated: false) }
            }
        }
    }

    // MARK: Reading what is shown

    /// What UIKit shows now, as values.
    package var hierarchy: ControllerHierarchy {
        var shown = ControllerHierarchy(replacedRoot: replacedRoot)
        if let tabBar = root as? UITabBarController {
            shown.tabs = tabs
            shown.selectedIndex = tabBar.selectedIndex
            shown.tabStacks = (tabBar.viewControllers ?? []).map { ($0 as? UINavigationController).map(controllers(of:)) }
        } else if let stack = root as? UINavigationController {
            shown.rootStack = controllers(of: stack)
        }
        var next = root.presentedViewController
        while let presented = next {
            let presenter = shown.presented.isEmpty && presented === presentedFrom ? presenterName : nil
            let read: ControllerHierarchy.Presented = if let stack = presented as? UINavigationController {
                .stack(controllers(of: stack), presenter: presenter)
            } else {
                .controller(controller(presented), presenter: presenter)
            }
            shown.presented.append(read)
            next = presented.presentedViewController
        }
        return shown
    }

    /// The last controller of the chain the root presents, nil when it presents none.
    private var topmostPresented: UIViewController? {
        var top = root.presentedViewController
        while let next = top?.presentedViewController { top = next }
        return top
    }

    private func navigationController(at place: ControllerHierarchy.Place) -> UINavigationController? {
        switch place {
        case .root:
            return root as? UINavigationController
        case .tab(let index):
            guard let controllers = (root as? UITabBarController)?.viewControllers, controllers.indices.contains(index) else {
                return nil
            }
            return controllers[index] as? UINavigationController
        case .presented:
            return topmostPresented as? UINavigationController
        }
    }

    private func controllers(of stack: UINavigationController) -> [ControllerHierarchy.Controller] {
        stack.viewControllers.map(controller)
    }

    private func controller(_ controller: UIViewController) -> ControllerHierarchy.Controller {
        let typeName = String(describing: type(of: controller))
        if let entry = created.first(where: { $0.controller === controller }) {
            return ControllerHierarchy.Controller(entry.screen, typeName: typeName)
        }
        return ControllerHierarchy.Controller(typeName: typeName)
    }

    private func make(_ screen: NavigationScreen) -> UIViewController {
        let controller = factory.viewController(for: screen)
        remember(controller, as: screen)
        return controller
    }

    private func remember(_ controller: UIViewController, as screen: NavigationScreen) {
        created.removeAll { $0.controller == nil || $0.controller === controller }
        created.append(Entry(controller, screen))
    }
}

extension UIKitScreenStack: @MainActor ScreenStack {
    /// The selected tab's identifier, nil without a tab bar.
    public var selectedTab: String? { hierarchy.selectedTab }

    /// The screens of a tab's navigation controller, above its root.
    public func screens(inTab tab: String?) -> [NavigationScreen] { hierarchy.screens(inTab: tab) }

    /// The presented modals, bottom first, each with the screens pushed inside it.
    public var modals: [PresentedModal] { hierarchy.modals }
}
#endif
