#if canImport(SwiftUI)
public import SwiftUI
public import Switchyard

/// A `TabView` bound to a ``NavigationState``: the selected tab, one `NavigationStack` per tab on
/// that tab's path, and the modal over the whole (a sheet, or a full-screen cover for the screens
/// `coversFullScreen` names). Plans whose `"container"` names a tab select it and build its stack,
/// as ``UIKitScreenStack`` does on a `UITabBarController`.
///
/// ```swift
/// PlannedTabView(state: navigation, tabs: ["shop", "account"]) { tab in
///     TabRoot(tab)          // its own .tabItem { Label(...) }
/// } destination: { screen in
///     ScreenView(screen)
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
public struct PlannedTabView<Root: View, Destination: View>: View {
    private let state: NavigationState
    private let tabs: [String]
    private let root: (String) -> Root
    private let coversFullScreen: (NavigationScreen) -> Bool
    private let destination: (NavigationScreen) -> Destination

    /// Creates the tab view.
    ///
    /// - Parameters:
    ///   - state: the navigation state plans are applied to.
    ///   - tabs: the tab identifiers plans name in their `"container"`, in tab order.
    ///   - coversFullScreen: whether a modal screen covers the whole screen (default: none does).
    ///   - root: each tab's root view, with its `.tabItem`.
    ///   - destination: the view for a screen.
    public init(state: NavigationState, tabs: [String], coversFullScreen: @escaping (NavigationScreen) -> Bool = { _ in false },
                @ViewBuilder root: @escaping (String) -> Root,
                @ViewBuilder destination: @escaping (NavigationScreen) -> Destination) {
        self.state = state
        self.tabs = tabs
        self.root = root
        self.coversFullScreen = coversFullScreen
        self.destination = destination
    }

    /// The tabs, each with its stack, and the modal.
    public var body: some View {
        TabView(selection: Binding(get: { state.selectedTab }, set: { state.selectedTab = $0 })) {
            ForEach(tabs, id: \.self) { tab in
                NavigationStack(path: Binding(get: { state[tab: tab] }, set: { state[tab: tab] = $0 })) {
                    root(tab).navigationDestination(for: NavigationScreen.self) { screen in destination(screen) }
                }
                .tag(Optional(tab))
            }
        }
        .plannedModal(state, coversFullScreen: coversFullScreen, destination: destination)
    }
}
#endif
