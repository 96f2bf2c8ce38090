/// A screen on a navigation stack: the identifier a route names (`HotelScreen`) and its merged
/// parameters. The value `NavigationStack(path:)` holds and a screen factory builds from.
///
/// ```swift
/// let hotel = NavigationScreen("HotelScreen", parameters: ["hotelID": "12"])
/// ```
public struct NavigationScreen: Sendable, Hashable, Identifiable, Codable, CustomStringConvertible {
    /// The screen identifier, as written in the pattern's braces (`hotels{HotelListScreen}`).
    public var identifier: String
    /// The screen's parameters: route, then query, then defaults (see ``NavigationPlanner``).
    public var parameters: [String: String]

    /// Creates a screen value.
    public init(_ identifier: String, parameters: [String: String] = [:]) {
        self.identifier = identifier
        self.parameters = parameters
    }

    /// The screen itself: two screens are the same destination when identifier and parameters agree.
    public var id: NavigationScreen { self }

    /// `HotelScreen(hotelID: 12)`, parameters sorted by name.
    public var description: String {
        if parameters.isEmpty { return identifier }
        let list = parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "\(identifier)(\(list))"
    }
}

/// A modally presented screen and the screens pushed inside it (a sheet with its own stack). A
/// stack shows several, each presented over the one before (``ScreenStack/modals``).
///
/// Its identity is the presented screen's identifier, so refreshing the presented screen with
/// new parameters keeps the same sheet on screen (`.sheet(item:)` binds to it).
public struct PresentedModal: Sendable, Hashable, Identifiable, Codable, CustomStringConvertible {
    /// The presented screen.
    public var root: NavigationScreen
    /// Screens pushed inside the modal, bottom first.
    public var path: [NavigationScreen]
    /// The container that presented it (``NavigationPlan/presenter``); nil for the root.
    public var presenter: String?

    /// Creates a modal presentation.
    public init(_ root: NavigationScreen, path: [NavigationScreen] = [], presenter: String? = nil) {
        self.root = root
        self.path = path
        self.presenter = presenter
    }

    /// The presented screen's identifier.
    public var id: String { root.identifier }

    /// The modal's whole stack: the presented screen, then what was pushed inside it.
    public var screens: [NavigationScreen] { [root] + path }

    /// `modal [A, B]`, or `modal [A, B] from feed` when a container presented it.
    public var description: String {
        "modal [" + screens.map(\.description).joined(separator: ", ") + "]" + (presenter.map { " from \($0)" } ?? "")
    }
}
