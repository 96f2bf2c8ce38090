/// A destination that opens a link: Compass's `Routable`, without the view controller (the
/// type that conforms knows how to reach its screen).
///
/// ```swift
/// struct UserRoute: Routable {
///     func navigate(to link: DeepLink) async throws {
///         guard let id = link.routeParameters?["userId"] else { throw DestinationError.invalidParameters("no userId") }
///         await AppScreens.showUser(id)
///     }
/// }
/// try router.map("user:{userId}", to: UserRoute())
/// ```
public protocol Routable: Sendable {
    /// Opens the screen for `link`.
    ///
    /// - Throws: ``DestinationError`` (or any error): the router reports it as ``RoutingOutcome/failed(_:_:)``.
    func navigate(to link: DeepLink) async throws

    /// Opens the screen for `link` from what the app shows (Compass's `currentController`): the
    /// router passes the screens the app gave it (``Router/applyPlans(_:screens:)``). By default
    /// it calls ``navigate(to:)``, so a type implements one or the other.
    ///
    /// - Throws: ``DestinationError`` (or any error), as ``navigate(to:)``.
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
