/// Routes links to destinations: a route table plus the pipeline every link goes through
/// (filters, handlers, destination), for every source.
///
/// Register from one place (typically at launch); route from anywhere. Each registration is
/// checked where it is made, through a ``RouteTableBuilder``: a bad or conflicting pattern throws
/// ``RouteTableBuildError`` and leaves the router with the routes it had. The first resolution after a
/// registration builds the immutable ``RouteTable`` snapshot that every resolution then works on,
/// so routing from many tasks is safe while another task registers.
///
/// ```swift
/// let router = try Router(schemes: ["shop"], hosts: ["shop.example.com"])
/// try router.map("product/:product_id", name: "product") { link in
///     await Screens.showProduct(try link.int("product_id"))
/// }
/// router.mapDefault { link in await Screens.showHome() }
/// try router.appendFilter(GateFilter(routes: ["orders"]) { await session.isLoggedIn })
/// let outcome = await router.route("shop://product/42?referrer=mail")
/// ```
public final class Router: Sendable {
    /// A destination: opens the screen for a link, or throws.
    public typealias Destination = @Sendable (DeepLink) async throws -> Void

    /// How many redirects in a row filters may ask for before the pipeline gives up with
    /// ``PipelineError/Code/redirectLoop``.
    public static let maximumRedirects = 8

    let state: Locked<State>

    /// Creates a router.
    ///
    /// ```swift
    /// let router = try Router(RouteTableFile.load(path: "routes.json"))
    /// ```
    /// - Parameters:
    ///   - configuration: schemes, hosts, delimiter, case rule, and routes without destinations
    ///     (a route-table file's); `map` attaches a destination to one of them by pattern.
    ///   - constraints: app-defined parameter constraints.
    /// - Throws: ``RouteTableBuildError`` naming every problem in the configuration.
    public init(_ configuration: RouteTableConfiguration = .init(),
                constraints: [ParameterConstraint] = []) throws(RouteTableBuildError) {
        state = Locked(try State(configuration: configuration, constraints: constraints))
    }

    /// Creates a router for these schemes and universal-link hosts.
    ///
    /// ```swift
    /// let router = try Router(schemes: ["photofeed"], delimiter: ":")   // Compass-style URNs
    /// ```
    /// - Throws: ``RouteTableBuildError`` for an invalid scheme, host or delimiter.
    public convenience init(schemes: [String] = [], hosts: [String] = [], delimiter: Character = "/",
                            caseSensitive: Bool = true) throws(RouteTableBuildError) {
        try self.init(RouteTableConfiguration(schemes: schemes, hosts: hosts, delimiter: delimiter,
                                              caseSensitive: caseSensitive))
    }

    /// The compiled table of every route: the configuration's, those mapped, and those of the
    /// modules added. Every registration was checked when it was made, so the table always builds.
    ///
    /// - Complexity: O(1) when nothing was registered since the last call, else O(*n*) in the routes.
    public func table() -> RouteTable {
        state.withLock { $0.compiledTable() }
    }

    /// Resolves an input against the current table without running the pipeline: no filter,
    /// handler or destination runs.
    ///
    /// - Throws: ``LinkInputError`` when the input is not a readable link.
    public func resolve(_ input: String, source: LinkSource? = nil) throws(LinkInputError) -> DeepLink {
        try table().resolve(input, source: source)
    }
}

extension Router {
    struct Registration {
        var definition: RouteDefinition
        /// Whether the whole definition replaces a configuration route of the same pattern
        /// (`map(RouteDefinition)`), or only its name, when given (`map(String)`).
        var replacesDefinition: Bool
        var destination: Destination
        var module: RouteModuleID?
    }

    /// The immutable part of a router that one resolution uses: the table a link is resolved
    /// against and the destinations it then runs, taken together so that they always agree.
    package struct Compiled: Sendable {
        let table: RouteTable
        let destinations: [Destination?]
        let defaultDestination: Destination?
        /// Applies a screen route's plan when the route has no closure of its own.
        var planDestination: Destination? = nil

        /// The destination for a link, and whether it is the default route's: its route's, or the
        /// default route's when it matched no route or its route has no destination (a route-table
        /// file's route that nothing mapped still reaches the default route, with its route filled in).
        func destination(for link: DeepLink) -> (destination: Destination, isDefault: Bool)? {
            if link.route != nil || link.routeName != nil,
               let route = table.route(for: link) ?? link.routeName.flatMap({ table.route($0) }) {
                if let destination = destinations[route.index] { return (destination, false) }
                // A route that names screens and has no closure opens its plan, when the router
                // has somewhere to apply plans (``Router/applyPlans(_:)``).
                if let planDestination, route.pattern.hasScreens { return (planDestination, false) }
            }
            return defaultDestination.map { ($0, true) }
        }
    }
}
