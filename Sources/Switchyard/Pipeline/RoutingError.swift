/// A failure of the pipeline itself (not of a destination), reported in ``RoutingOutcome/failed(_:_:)``:
/// a redirect loop, or a user activity that carries no link.
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
        /// A Spotlight result whose identifier ``Navigator/spotlightLink`` does not map to a link.
        public static let unmappedSpotlightIdentifier = Code(rawValue: "unmapped_spotlight_identifier")
        /// A user activity that carries no link: no web page URL, or a Spotlight result without an identifier.
        public static let notALink = Code(rawValue: "not_a_link")
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

    /// A Spotlight identifier the app's mapping refused, named in the message.
    static func unmappedSpotlightIdentifier(_ identifier: String) -> RoutingError {
        RoutingError(.unmappedSpotlightIdentifier,
                     "the Spotlight identifier '\(identifier)' is not a link: spotlightLink maps it to none")
    }

    /// A user activity without a link, its type named in the message.
    static func notALink(activityType: String) -> RoutingError {
        RoutingError(.notALink, "the user activity '\(activityType)' carries no link")
    }

    /// The message.
    public var description: String { message }
}
