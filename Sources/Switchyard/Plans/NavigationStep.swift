/// How a plan's step shows its screen.
public enum Presentation: String, Sendable, Hashable, CaseIterable, Codable {
    /// Pushed on the current stack (`list{ListScreen}`).
    case push
    /// Presented modally (`book{BookingScreen}!`): later push steps are pushed inside the modal, and
    /// a later modal step is presented over it.
    case modal
}

/// One step of a ``NavigationPlan``: a screen, how it is shown, and its merged parameters.
public struct NavigationStep: Sendable, Hashable, CustomStringConvertible {
    /// The screen identifier (`HotelScreen`).
    public var screen: String
    /// Push or modal.
    public var presentation: Presentation
    /// Route parameters up to this step, then query parameters, then defaults.
    public var parameters: [String: String]

    /// Creates a step.
    public init(screen: String, presentation: Presentation = .push, parameters: [String: String] = [:]) {
        self.screen = screen
        self.presentation = presentation
        self.parameters = parameters
    }

    /// The screen value this step puts on a stack.
    public var destination: NavigationScreen { NavigationScreen(screen, parameters: parameters) }

    /// `push HotelScreen(hotelID: 12)`.
    public var description: String { "\(presentation.rawValue) \(destination)" }
}
