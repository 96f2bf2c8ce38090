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
}
