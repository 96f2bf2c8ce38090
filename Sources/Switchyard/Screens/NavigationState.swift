public import Observation

/// The observable navigation state a SwiftUI app binds to: a path of screens per tab, the
/// selected tab and the modals presented over them, each over the one before with a path of its
/// own — the shape `NavigationStack(path:)`, `TabView(selection:)` and `.sheet(item:)` take. Plans are applied through the same operations as every
/// ``ScreenStack``; what the user does (back, swipe down) writes straight into the state.
///
/// ```swift
/// @State var navigation = NavigationState()
/// NavigationStack(path: $navigation.path) { HomeView() }
///     .sheet(item: $navigation.modal) { modal in ScreenView(modal.root) }
/// navigation.apply(table.plan(for: link)!)
/// ```
///
/// Needs iOS 17 / macOS 14 (Observation), while the package declares iOS 16: an app that runs on
/// iOS 16 applies plans to an ``InMemoryScreenStack`` it publishes itself, or to SwitchyardUIKit's
/// `UIKitScreenStack`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@Observable
public final class NavigationState {
    /// Everything shown, as the in-memory stack the operations act on.
    public private(set) var stack: InMemoryScreenStack

    /// Creates a state, by default with no tab selected, nothing pushed and no modal.
    public init(_ stack: InMemoryScreenStack = InMemoryScreenStack()) {
        self.stack = stack
    }

    /// The selected tab (`TabView(selection:)`), nil for an app without tabs.
    public var selectedTab: String? {
        get { stack.selectedTab }
        set { stack.selectedTab = newValue }
    }

    /// The selected tab's path (or the tab-less path): what `NavigationStack(path:)` binds to.
    public var path: [NavigationScreen] {
        get { stack.screens() }
        set { stack.stacks[stack.selectedTab ?? InMemoryScreenStack.noTab] = newValue }
    }

    /// One tab's path, for a `TabView` with one `NavigationStack` per tab.
    public subscript(tab tab: String) -> [NavigationScreen] {
        get { stack.screens(inTab: tab) }
        set { stack.stacks[tab] = newValue }
    }

    /// The modal presented over the app (`.sheet(item:)`); setting nil dismisses it with its inner
    /// path and every modal presented over it.
    public var modal: PresentedModal? {
        get { stack.modal }
        set { stack.modal = newValue }
    }

    /// Every presentation, bottom first, each over the one before: ``PlannedModal`` binds one
    /// `.sheet(item:)` per level to it. Shortening it dismisses the modals above.
    public var modals: [PresentedModal] {
        get { stack.modals }
        set { stack.modals = newValue }
    }

    /// The screen that replaced the app's root (a plan that ``NavigationPlan/replacesRoot``), nil
    /// while the app's own root is shown: the root view shows it in place of its usual content.
    ///
    /// ```swift
    /// if let root = navigation.replacedRoot { ScreenView(root) } else { MainTabs() }
    /// ```
    public var replacedRoot: NavigationScreen? {
        get { stack.replacedRoot }
        set { stack.replacedRoot = newValue }
    }

    /// The path pushed inside the modal over the app (the first of ``modals``), for a
    /// `NavigationStack` in its sheet; empty when none.
    public var modalPath: [NavigationScreen] {
        get { stack.modal?.path ?? [] }
        set { stack.modal?.path = newValue }
    }

    /// Performs one operation.
    public func perform(_ operation: NavigationOperation) {
        stack.perform(operation)
    }

    /// Applies a plan: computes its operations, performs them, and returns them.
    @discardableResult
    public func apply(_ plan: NavigationPlan) -> [NavigationOperation] {
        stack.apply(plan)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension NavigationState: @MainActor ScreenStack {
    /// The screens of a tab; `nil` gives the selected tab's (or the tab-less) path.
    public func screens(inTab tab: String?) -> [NavigationScreen] {
        stack.screens(inTab: tab)
    }
}
