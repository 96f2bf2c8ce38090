/// A mistake in setting up navigation: a defaults builder for a route the table does not have.
public struct NavigationPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of mistake.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let rawValue: String
        /// The stable snake_case name of the code.
        public var description: String { rawValue }

        /// No route has this name or pattern.
        public static let unknownRoute = Code(rawValue: "unknown_route")
    }

    /// The kind of mistake.
    public let code: Code
    /// What was wrong, naming the route.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
