/// Why a destination could not open a link: thrown by app code, from a ``Routable`` or a
/// destination closure, after the link matched a route. The router reports it in
/// ``RoutingOutcome/failed(_:_:)``; failures of the router itself are ``PipelineError``s.
///
/// ```swift
/// throw DestinationError.notFound
/// throw DestinationError.invalidParameters("product id 'abc' is not a number")
/// throw DestinationError.custom("the shop is closed")
/// ```
public struct DestinationError: CodedError, Sendable, Hashable {
    private enum Kind: Sendable, Hashable {
        case notFound
        case invalidParameters(String)
        case custom(String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The destination has nothing to show for the link.
    public static let notFound = DestinationError(.notFound)

    /// The link's parameters are missing or not acceptable; `detail` says which and why.
    public static func invalidParameters(_ detail: String) -> DestinationError { DestinationError(.invalidParameters(detail)) }

    /// An app-defined failure with its own message.
    public static func custom(_ message: String) -> DestinationError { DestinationError(.custom(message)) }

    /// What failed.
    public var code: Code {
        switch kind {
        case .notFound: .notFound
        case .invalidParameters: .invalidParameters
        case .custom: .custom
        }
    }

    /// The explanation.
    public var message: String {
        switch kind {
        case .notFound: "no destination for this link"
        case .invalidParameters(let detail): "invalid parameters: \(detail)"
        case .custom(let message): message
        }
    }
}

/// The kind of failure, for matching in code.
extension ErrorCode<DestinationError> {
    /// The destination has nothing to show for the link.
    public static var notFound: Self { Self(rawValue: "not_found") }
    /// The link's parameters are missing or not acceptable.
    public static var invalidParameters: Self { Self(rawValue: "invalid_parameters") }
    /// An app-defined failure.
    public static var custom: Self { Self(rawValue: "custom") }
}
