#if canImport(SwiftUI)
public import SwiftUI
public import Switchyard

/// A `NavigationStack` bound to a ``NavigationState``: its path, and its modal with a stack of its
/// own, shown as a sheet or, for the screens `coversFullScreen` names, as a full-screen cover
/// (``PlannedModal``). Every screen is drawn by the app's `destination` view builder. An app with
/// tabs uses ``PlannedTabView``.
///
/// It applies a plan's settings as `UIKitScreenStack` does:
/// - a plan that replaces the root (`"root": true`): the replaced root
///   (``NavigationState/replacedRoot``) is drawn by `destination` in place of `root`, with the
///   path above it, until a plan brings the app's own root back;
/// - a modal with a presenter (`"presenter"`): the stack is the only container, so it presents
///   the sheet, as UIKit presents over the tab bar from the named tab; ``NavigationState`` keeps
///   the presenter, so the same modal from the same presenter is reconciled rather than shown again.
///
/// ```swift
/// PlannedNavigationStack(state: navigation) {
///     HomeView()
/// } destination: { screen in
///     ScreenView(screen)
/// }
/// .onDeepLink(navigator)   // its router applies plans to `navigation`: router.applyPlans { ... }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
public struct PlannedNavigationStack<Root: View, Destination: View>: View {
    @Bindable private var state: NavigationState
    private let root: Root
    private let destination: (NavigationScreen) -> Destination
    private let coversFullScreen: (NavigationScreen) -> Bool

    /// Creates the stack.
    ///
    /// - Parameters:
    ///   - state: the navigation state plans are applied to.
    ///   - coversFullScreen: whether a modal screen covers the whole screen (default: none does).
    ///   - root: the stack's root view, below every planned screen, unless a plan replaced it.
    ///   - destination: the view for a screen (the replaced root's too).
    public init(state: NavigationState, coversFullScreen: @escaping (NavigationScreen) -> Bool = { _ in false },
                @ViewBuilder root: () -> Root, @ViewBuilder destination: @escaping (NavigationScreen) -> Destination) {
        self._state = Bindable(state)
        self.root = root()
        self.destination = destination
        self.coversFullScreen = coversFullScreen
    }

    /// The stack, and the modal as a sheet.
    public var body: some View {
        NavigationStack(path: $state.path) {
            shownRoot.navigationDestination(for: NavigationScreen.self) { screen in destination(screen) }
        }
        .plannedModal(state, coversFullScreen: coversFullScreen, destination: destination)
    }

    /// The replaced root when a plan replaced it, else the app's own root.
    @ViewBuilder private var shownRoot: some View {
        if let replaced = state.replacedRoot {
            destination(replaced)
        } else {
            root
        }
    }
}
#endif
