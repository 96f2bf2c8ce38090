/// A destination that opens a link: Compass's `Routable`, without the view controller (the
/// type that conforms knows how to reach its screen).
///
/// ```swift
/// struct UserRoute: Routable {
///     func navigate(to link: DeepLink) async throws {
///         guard let id = link.routeParameters?["userId"] else { throw RouteError.invalidParameters("no userId") }
///         await AppScreens.showUser(id)
///     }
/// }
/// try router.map("user:{userId}", to: UserRoute())
/// ```
public protocol Routable: Sendable {
    /// Opens the screen for `link`.
    ///
    /// - Throws: ``RouteError`` (or any error): the router reports it as ``RoutingOutcome/failed(_:_:)``.
    func navigate(to link: DeepLink) async throws

    /// Opens the screen for `link` from what the app shows (Compass's `currentController`): the
    /// router passes the screens the app gave it (``Router/applyPlans(_:screens:)``). By default
    /// it calls ``navigate(to:)``, so a type implements one or the other.
    ///
    /// - Throws: ``RouteError`` (or any error), as ``navigate(to:)``.
    func navigate(to link: DeepLink, from context: NavigationContext) async throws
}

extension Routable {
    /// Calls ``navigate(to:)``, ignoring the context.
    public func navigate(to link: DeepLink, from context: NavigationContext) async throws {
        try await navigate(to: link)
    }

    /// The router's destination for this value: it navigates from the context of the routing call.
    var destination: Router.Destination {
        { link in try await navigate(to: link, from: NavigationContext.current) }
    }
}

/// Why a destination could not open a link. Throw it from a ``Routable`` or a destination closure.
///
/// ```swift
/// throw RouteError.notFound
/// throw RouteError.invalidParameters("product id 'abc' is not a number")
/// throw RouteError.custom("the shop is closed")
/// ```
public struct RouteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, for matching in code.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let rawValue: String
        /// The stable snake_case name of the code.
        public var description: String { rawValue }

        /// The destination has nothing to show for the link.
        public static let notFound = Code(rawValue: "not_found")
        /// The link's parameters are missing or not acceptable.
        public static let invalidParameters = Code(rawValue: "invalid_parameters")
        /// An app-defined failure.
        public static let custom = Code(rawValue: "custom")
    }

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
    public static let notFound = RouteError(.notFound)

    /// The link's parameters are missing or not acceptable; `detail` says which and why.
    public static func invalidParameters(_ detail: String) -> RouteError { RouteError(.invalidParameters(detail)) }

    /// An app-defined failure with its own message.
    public static func custom(_ message: String) -> RouteError { RouteError(.custom(message)) }

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

    /// The message.
    public var description: String { message }
}
