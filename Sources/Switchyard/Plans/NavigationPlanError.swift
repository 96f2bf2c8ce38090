/// A mistake in setting up navigation: a defaults builder for a route the table does not have.
public struct NavigationPlanError: CodedError, Sendable, Hashable {
    /// The kind of mistake.
    public let code: Code
    /// What was wrong, naming the route.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// The kind of mistake.
extension ErrorCode<NavigationPlanError> {
    /// No route has this name or pattern.
    public static var unknownRoute: Self { Self(rawValue: "unknown_route") }
}
