/// What the app shows when a link is routed: the screens a ``Routable`` navigates from (Compass's
/// `currentController`), read from the screens the app gave the router
/// (``Router/applyPlans(_:screens:)``); nil screens when it gave none.
///
/// ```swift
/// struct UserRoute: Routable {
///     func navigate(to link: DeepLink) async throws { try await navigate(to: link, from: NavigationContext()) }
///     func navigate(to link: DeepLink, from context: NavigationContext) async throws {
///         if context.topScreen?.identifier == "ProfileScreen" { return }   // already shown
///         await AppScreens.showUser(link.routeParameters?["userId"] ?? "")
///     }
/// }
/// ```
public struct NavigationContext: Sendable, Hashable {
    /// What is shown: the selected tab's stack, the modals, a replaced root; nil when the router
    /// was given no screens.
    public var screens: InMemoryScreenStack?

    /// Creates a context.
    public init(screens: InMemoryScreenStack? = nil) {
        self.screens = screens
    }

    /// The screen on top: the topmost modal's last, else the top of the selected stack, else the replaced
    /// root; nil when nothing the navigation knows of is shown.
    public var topScreen: NavigationScreen? {
        guard let screens else { return nil }
        return screens.modals.last?.screens.last ?? screens.screens().last ?? screens.replacedRoot
    }

    /// The context of the destination running now, set by the router around each destination.
    @TaskLocal static var current = NavigationContext()
}

extension InMemoryScreenStack {
    /// A copy of what a stack shows: its selected tab's screens, modals and replaced root.
    public init(showing stack: some ScreenStack) {
        self.init(selectedTab: stack.selectedTab, stacks: [stack.selectedTab ?? Self.noTab: stack.screens(inTab: nil)],
                  modals: stack.modals, replacedRoot: stack.replacedRoot)
    }
}
