/// A group of routes with their destinations, added to and removed from a router as one
/// (Compass's routers: the routes a logged-out app answers, those of a logged-in one).
///
/// ```swift
/// let postLogin = RouteSet([
///     ModuleRoute("user:{userId}", to: UserRoute()),
///     ModuleRoute("post:{postId}", name: "post", to: PostRoute()),
/// ])
/// let id = try router.add(postLogin)   // on login
/// router.remove(id)                // on logout
/// ```
public protocol RouteModule: Sendable {
    /// The module's routes, in declaration order.
    var routes: [ModuleRoute] { get }
}

/// One route of a ``RouteModule``: its definition and its destination.
public struct ModuleRoute: Sendable {
    /// The route as declared.
    public var definition: RouteDefinition
    /// Opens a link that matched the route.
    public var destination: @Sendable (DeepLink) async throws -> Void

    /// A route whose destination is a ``Routable``.
    public init(_ pattern: String, name: String? = nil, to routable: any Routable) {
        self.init(RouteDefinition(pattern, name: name), to: routable)
    }

    /// A route from a full definition whose destination is a ``Routable``.
    public init(_ definition: RouteDefinition, to routable: any Routable) {
        self.definition = definition
        self.destination = routable.destination
    }

    /// A route whose destination is a closure.
    public init(_ pattern: String, name: String? = nil,
                to destination: @escaping @Sendable (DeepLink) async throws -> Void) {
        self.definition = RouteDefinition(pattern, name: name)
        self.destination = destination
    }
}

/// A ready-made ``RouteModule``: a list of routes.
public struct RouteSet: RouteModule {
    /// The routes, in declaration order.
    public var routes: [ModuleRoute]

    /// Creates a module from routes.
    public init(_ routes: [ModuleRoute]) {
        self.routes = routes
    }

    /// Creates a module from pattern → ``Routable`` pairs, Compass-style, keeping their order.
    ///
    /// ```swift
    /// let preLogin = RouteSet(["login": LoginRoute(), "signup": SignUpRoute()])
    /// ```
    public init(_ routes: KeyValuePairs<String, any Routable>) {
        self.routes = routes.map { ModuleRoute($0.key, to: $0.value) }
    }
}

/// Identifies a module added to a router, to remove it later.
public struct RouteModuleID: Sendable, Hashable {
    let rawValue: Int
}
