/// One change to a ``ScreenStack``, as computed by ``NavigationPlan/operations(for:)``.
///
/// `popTo`, `push` and `refresh` act on the topmost stack: the topmost presentation's (its
/// presented screen at index 0, then the screens pushed inside it) while a modal is shown,
/// otherwise the selected tab's stack (the screens above its root, which only ``replaceRoot(_:)``
/// removes).
public enum NavigationOperation: Sendable, Hashable, CustomStringConvertible {
    /// Dismiss the topmost presented modal and everything pushed inside it; the one under it, if
    /// any, is then the topmost.
    case dismiss
    /// Select a tab (or another container's child) by identifier.
    case selectTab(String)
    /// Pop the topmost stack back so that it keeps its first `count` screens.
    case popTo(count: Int)
    /// Push a screen on the topmost stack.
    case push(NavigationScreen)
    /// Present a screen modally: over the topmost modal when one is shown, else over the app.
    case present(NavigationScreen)
    /// Give the screen at `index` of the topmost stack new parameters; it stays where it is.
    case refresh(index: Int, NavigationScreen)
    /// Present a screen modally from a named container (``NavigationPlan/presenter``: a tab, say)
    /// instead of from the root: only ever the first presentation, when no modal is shown.
    case presentFrom(String, NavigationScreen)
    /// Replace the app's root: the modal, every tab's stack and the selected tab are dropped, and
    /// the screen becomes the root that later pushes stack on; nil brings back the app's own root.
    case replaceRoot(NavigationScreen?)

    /// `push HotelScreen(hotelID: 12)`, `popTo 1`, `refresh 0 ListScreen(tab: all)`, ...
    public var description: String {
        switch self {
        case .dismiss: "dismiss"
        case .selectTab(let tab): "selectTab \(tab)"
        case .popTo(let count): "popTo \(count)"
        case .push(let screen): "push \(screen)"
        case .present(let screen): "present \(screen)"
        case .refresh(let index, let screen): "refresh \(index) \(screen)"
        case .presentFrom(let presenter, let screen): "present \(screen) from \(presenter)"
        case .replaceRoot(let screen): "replaceRoot \(screen.map(\.description) ?? "(app root)")"
        }
    }
}
