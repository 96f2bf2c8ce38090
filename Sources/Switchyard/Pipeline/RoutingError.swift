/// A failure of the pipeline itself (not of a destination), reported in ``RoutingOutcome/failed(_:_:)``.
///
/// ```swift
/// if case .failed(_, let error as RoutingError) = outcome, error.code == .redirectLoop { ... }
/// ```
public struct RoutingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let rawValue: String
        /// The stable snake_case name of the code.
        public var description: String { rawValue }

        /// Filters redirected more than ``Router/maximumRedirects`` times in a row.
        public static let redirectLoop = Code(rawValue: "redirect_loop")
    }

    /// What failed.
    public let code: Code
    /// The explanation.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The redirect chain that exceeded the limit, named in the message.
    static func redirectLoop(_ chain: [String], limit: Int) -> RoutingError {
        RoutingError(.redirectLoop, "redirect loop: more than \(limit) redirects (\(chain.joined(separator: " -> ")))")
    }

    /// The message.
    public var description: String { message }
}
