/// A failure of the router's pipeline itself (its filters and handlers, not a destination) while
/// opening a link, reported in ``RoutingOutcome/failed(_:_:)``: a redirect loop, or a user activity
/// that carries no link. A destination's own refusal is a ``DestinationError``.
///
/// ```swift
/// if case .failed(_, let error as PipelineError) = outcome, error.code == .redirectLoop { ... }
/// ```
public struct PipelineError: CodedError, Sendable, Hashable {
    /// What failed.
    public let code: Code
    /// The explanation.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The redirect chain that exceeded the limit, named in the message.
    static func redirectLoop(_ chain: [String], limit: Int) -> PipelineError {
        PipelineError(.redirectLoop, "redirect loop: more than \(limit) redirects (\(chain.joined(separator: " -> ")))")
    }

    /// A Spotlight identifier the app's mapping refused, named in the message.
    static func unmappedSpotlightIdentifier(_ identifier: String) -> PipelineError {
        PipelineError(.unmappedSpotlightIdentifier,
                      "the Spotlight identifier '\(identifier)' is not a link: spotlightLink maps it to none")
    }

    /// A user activity without a link, its type named in the message.
    static func notALink(activityType: String) -> PipelineError {
        PipelineError(.notALink, "the user activity '\(activityType)' carries no link")
    }
}

/// The kind of failure.
extension ErrorCode<PipelineError> {
    /// Filters redirected more than ``Router/maximumRedirects`` times in a row.
    public static var redirectLoop: Self { Self(rawValue: "redirect_loop") }
    /// A Spotlight result whose identifier ``Navigator/spotlightLink`` does not map to a link.
    public static var unmappedSpotlightIdentifier: Self { Self(rawValue: "unmapped_spotlight_identifier") }
    /// A user activity that carries no link: no web page URL, or a Spotlight result without an identifier.
    public static var notALink: Self { Self(rawValue: "not_a_link") }
}
