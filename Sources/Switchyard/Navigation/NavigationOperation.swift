/// One change to a ``ScreenStack``, as computed by ``NavigationPlan/operations(for:)``.
///
/// `popTo`, `push` and `refresh` act on the topmost stack: the modal's (its presented screen
/// at index 0, then the screens pushed inside it) while a modal is shown, otherwise the
/// selected tab's stack (the screens above its root, which no plan removes).
public enum NavigationOperation: Sendable, Hashable, CustomStringConvertible {
    /// Dismiss the presented modal and everything pushed inside it.
    case dismiss
    /// Select a tab (or another container's child) by identifier.
    case selectTab(String)
    /// Pop the topmost stack back so that it keeps its first `count` screens.
    case popTo(count: Int)
    /// Push a screen on the topmost stack.
    case push(NavigationScreen)
    /// Present a screen modally.
    case present(NavigationScreen)
    /// Give the screen at `index` of the topmost stack new parameters; it stays where it is.
    case refresh(index: Int, NavigationScreen)

    /// `push HotelScreen(hotelID: 12)`, `popTo 1`, `refresh 0 ListScreen(tab: all)`, ...
    public var description: String {
        switch self {
        case .dismiss: "dismiss"
        case .selectTab(let tab): "selectTab \(tab)"
        case .popTo(let count): "popTo \(count)"
        case .push(let screen): "push \(screen)"
        case .present(let screen): "present \(screen)"
        case .refresh(let index, let screen): "refresh \(index) \(screen)"
        }
    }
}
