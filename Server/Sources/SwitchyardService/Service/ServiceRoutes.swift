import Hummingbird

/// Hummingbird's router. The SDK has a `Router` too, so the service names Hummingbird's through
/// this alias only.
typealias HTTPRouter<Context: RequestContext> = Hummingbird.Router<Context>

/// One of the service's groups of routes (the links API, the dashboard...), added to the router
/// with `addRoutes(_:atPath:)` in ``makeRouter(service:)``.
typealias ServiceRoutes = RouteCollection<ServiceRequestContext>

extension LinkService {
    /// An empty group of routes behind ``KeyAuthentication``: each API's routes start from this.
    func keyedRoutes() -> ServiceRoutes {
        ServiceRoutes(context: ServiceRequestContext.self).add(middleware: KeyAuthentication(service: self))
    }
}
