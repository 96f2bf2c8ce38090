#if canImport(UIKit) && !os(watchOS)  // watchOS has UIKit, but no view controllers
public import UIKit
public import Switchyard

/// Applies navigation plans to a `UITabBarController` (one `UINavigationController` per tab) or
/// to a single `UINavigationController`, building screens through the app's ``ScreenFactory``.
///
/// It only performs the ``NavigationOperation``s that ``NavigationPlan/operations(for:)``
/// computes (and the SDK tests); what it shows it reports back as a ``ScreenStack``. A view
/// controller it did not create counts as a screen named after its type, except a navigation
/// controller's first one, which is the tab's root and is never popped. A modal is presented
/// inside a `UINavigationController`, so later steps push inside it.
///
/// ```swift
/// let navigator = UIKitNavigator(root: tabBarController, tabs: ["home", "feed"], factory: Screens())
/// navigator.apply(table.plan(for: try table.resolve(url.absoluteString))!)
/// ```
@MainActor
public final class UIKitNavigator {
    /// The window's root: a `UITabBarController` or a `UINavigationController`.
    public let root: UIViewController
    /// The tab identifiers, in the tab bar's order (empty without a tab bar).
    public let tabs: [String]
    /// Makes view controllers for screens.
    public let factory: any ScreenFactory
    private var created: [Entry] = []

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
    public init(root: UIViewController, tabs: [String] = [], factory: any ScreenFactory) {
        self.root = root
        self.tabs = tabs
        self.factory = factory
    }

    /// Applies a plan; only the last operation is animated.
    @discardableResult
    public func apply(_ plan: NavigationPlan, animated: Bool = true) -> [NavigationOperation] {
        let operations = plan.operations(for: self)
        for (offset, operation) in operations.enumerated() {
            perform(operation, animated: animated && offset == operations.count - 1)
        }
        return operations
    }

    /// Performs one operation, animated.
    public func perform(_ operation: NavigationOperation) {
        perform(operation, animated: true)
    }

    /// Performs one operation.
    public func perform(_ operation: NavigationOperation, animated: Bool) {
        switch operation {
        case .dismiss:
            root.dismiss(animated: animated)
        case .selectTab(let tab):
            if let tabBar = root as? UITabBarController, let index = tabs.firstIndex(of: tab) {
                tabBar.selectedIndex = index
            }
        case .present(let screen):
            let modal = UINavigationController(rootViewController: make(screen))
            root.present(modal, animated: animated)
        case .push(let screen):
            topStack?.pushViewController(make(screen), animated: animated)
        case .popTo(let count):
            guard let stack = topStack else { return }
            stack.setViewControllers(Array(stack.viewControllers.prefix(base(of: stack) + count)), animated: animated)
        case .refresh(let index, let screen):
            guard let stack = topStack else { return }
            let position = base(of: stack) + index
            guard stack.viewControllers.indices.contains(position) else { return }
            let controller = stack.viewControllers[position]
            remember(controller, as: screen)
            (controller as? any RefreshableScreen)?.refresh(with: screen)
        }
    }

    // MARK: Reading what is shown

    private var presentedStack: UINavigationController? { root.presentedViewController as? UINavigationController }

    private func stack(inTab tab: String?) -> UINavigationController? {
        if let tabBar = root as? UITabBarController {
            let index = tab.flatMap { tabs.firstIndex(of: $0) } ?? tabBar.selectedIndex
            guard let controllers = tabBar.viewControllers, controllers.indices.contains(index) else { return nil }
            return controllers[index] as? UINavigationController
        }
        return root as? UINavigationController
    }

    private var topStack: UINavigationController? { presentedStack ?? stack(inTab: nil) }

    /// A presented stack starts at its first screen; a tab's stack above a root the app set.
    private func base(of stack: UINavigationController) -> Int {
        if stack === presentedStack { return 0 }
        guard let first = stack.viewControllers.first else { return 0 }
        return screen(of: first) == nil ? 1 : 0
    }

    private func screen(of controller: UIViewController) -> NavigationScreen? {
        created.first { $0.controller === controller }?.screen
    }

    private func screens(of stack: UINavigationController) -> [NavigationScreen] {
        stack.viewControllers.dropFirst(base(of: stack)).map {
            screen(of: $0) ?? NavigationScreen(String(describing: type(of: $0)))
        }
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

extension UIKitNavigator: @MainActor ScreenStack {
    /// The selected tab's identifier, nil without a tab bar.
    public var selectedTab: String? {
        guard let tabBar = root as? UITabBarController, tabs.indices.contains(tabBar.selectedIndex) else { return nil }
        return tabs[tabBar.selectedIndex]
    }

    /// The screens of a tab's navigation controller, above its root.
    public func screens(inTab tab: String?) -> [NavigationScreen] {
        stack(inTab: tab).map(screens(of:)) ?? []
    }

    /// The presented modal and the screens pushed inside it.
    public var modal: PresentedModal? {
        if let stack = presentedStack {
            let shown = screens(of: stack)
            guard let first = shown.first else { return nil }
            return PresentedModal(first, path: Array(shown.dropFirst()))
        }
        guard let presented = root.presentedViewController else { return nil }
        return PresentedModal(screen(of: presented) ?? NavigationScreen(String(describing: type(of: presented))))
    }
}
#endif
