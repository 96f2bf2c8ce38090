/// A mistake in setting up navigation: a defaults builder for a route the table does not have.
public struct NavigationPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of mistake.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The stable snake_case name of the code.
        public let rawValue: String
        /// The ``rawValue``.
        public var description: String { rawValue }

        /// No route has this name or pattern.
        public static let unknownRoute = Code(rawValue: "unknown_route")

        /// Matches an error of this kind: `catch NavigationPlanError.Code.unknownRoute`.
        public static func ~= (pattern: Code, error: NavigationPlanError) -> Bool { pattern == error.code }

        /// Matches an error of this kind, when the error is a ``NavigationPlanError``.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? NavigationPlanError).map { pattern == $0.code } ?? false
        }
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
