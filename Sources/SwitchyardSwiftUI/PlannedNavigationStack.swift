#if canImport(SwiftUI)
public import SwiftUI
public import Switchyard

/// A `NavigationStack` bound to a ``NavigationState``: its path, and its modal shown as a sheet
/// with a stack of its own. Every screen is drawn by the app's `destination` view builder.
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

    /// Creates the stack.
    ///
    /// - Parameters:
    ///   - state: the navigation state plans are applied to.
    ///   - root: the stack's root view, below every planned screen.
    ///   - destination: the view for a screen.
    public init(state: NavigationState, @ViewBuilder root: () -> Root,
                @ViewBuilder destination: @escaping (NavigationScreen) -> Destination) {
        self._state = Bindable(state)
        self.root = root()
        self.destination = destination
    }

    /// The stack, and the modal as a sheet.
    public var body: some View {
        NavigationStack(path: $state.path) {
            root.navigationDestination(for: NavigationScreen.self) { screen in destination(screen) }
        }
        .sheet(item: $state.modal) { modal in
            NavigationStack(path: $state.modalPath) {
                destination(modal.root)
                    .navigationDestination(for: NavigationScreen.self) { screen in destination(screen) }
            }
        }
    }
}
#endif
