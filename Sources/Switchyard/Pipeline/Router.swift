/// Routes links to destinations: a route table plus the pipeline every link goes through
/// (filters, handlers, destination), for every source.
///
/// Register from one place (typically at launch); route from anywhere. Registration marks the
/// compiled ``RouteTable`` stale; the first resolution afterwards rebuilds it, and every
/// resolution then works on an immutable snapshot, so routing from many tasks is safe while
/// another task registers.
///
/// ```swift
/// let router = Router(schemes: ["shop"], hosts: ["shop.example.com"])
/// router.map("product/:product_id", name: "product") { link in
///     await Screens.showProduct(try link.int("product_id"))
/// }
/// router.mapDefault { link in await Screens.showHome() }
/// router.appendFilter(GateFilter(routes: ["orders"]) { await session.isLoggedIn })
/// let handled = await router.open("shop://product/42?referrer=mail")
/// ```
public final class Router: Sendable {
    /// A destination: opens the screen for a link, or throws.
    public typealias Destination = @Sendable (DeepLink) async throws -> Void

    /// The router most apps use, for any custom scheme and no universal-link hosts.
    public static let shared = Router()

    /// How many redirects in a row filters may ask for before the pipeline gives up with
    /// ``RoutingError/Code/redirectLoop``.
    public static let maximumRedirects = 8

    let state: Locked<State>

    /// Creates a router.
    ///
    /// - Parameters:
    ///   - configuration: schemes, hosts, delimiter, case rule, and routes without destinations
    ///     (a route-table file's); `map` attaches a destination to one of them by pattern.
    ///   - constraints: app-defined parameter constraints.
    public init(_ configuration: RouteTableConfiguration = .init(), constraints: [ParameterConstraint] = []) {
        state = Locked(State(configuration: configuration, constraints: constraints))
    }

    /// Creates a router for these schemes and universal-link hosts.
    ///
    /// ```swift
    /// let router = Router(schemes: ["photofeed"], delimiter: ":")   // Compass-style URNs
    /// ```
    public convenience init(schemes: [String] = [], hosts: [String] = [], delimiter: Character = "/",
                            caseSensitive: Bool = true) {
        self.init(RouteTableConfiguration(schemes: schemes, hosts: hosts, delimiter: delimiter,
                                          caseSensitive: caseSensitive))
    }

    /// The compiled table of every route: the configuration's, those mapped, and those of the
    /// modules added, rebuilt when registration changed it.
    ///
    /// - Throws: ``RouteTableError`` when the routes do not compile (syntax, conflicts, names).
    public func table() throws(RouteTableError) -> RouteTable {
        try state.withLock { $0.compiled() }.get().table
    }

    /// Resolves an input against the current table without running the pipeline: no filter,
    /// handler or destination runs.
    ///
    /// - Throws: ``RouteTableError`` when the routes do not compile; ``ResolutionError`` when the
    ///   input is not a readable link.
    public func resolve(_ input: String, source: LinkSource? = nil) throws -> DeepLink {
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

    struct PatternHandler {
        let table: RouteTable
        let body: @Sendable (DeepLink) async -> Void

        func matches(_ link: DeepLink) -> Bool {
            (try? table.resolve(link.url, source: link.source))?.isMatched == true
        }
    }

    /// The immutable part of a router that one resolution uses.
    struct Compiled: Sendable {
        let table: RouteTable
        let destinations: [Destination?]
        let defaultDestination: Destination?

        /// The destination for a link: its route's, or the default route's when it has none.
        func destination(for link: DeepLink) -> Destination? {
            guard link.route != nil || link.routeName != nil else { return defaultDestination }
            guard let route = table.route(for: link) ?? link.routeName.flatMap({ table.route($0) }) else { return nil }
            return destinations[route.index]
        }
    }

    struct State {
        let configuration: RouteTableConfiguration
        let constraints: [ParameterConstraint]
        var registrations: [Registration] = []
        var nextModuleID = 0
        var defaultDestination: Destination?
        var filters: [any LinkFilter] = []
        var handlers: [any LinkHandler] = []
        var patternHandlers: [PatternHandler] = []
        var cache: Result<Compiled, RouteTableError>?
        var pendingLink: DeepLink?
        var pendingLinkStore: (any PendingLinkStore)?
        var pendingLinkLifetime: Duration = .seconds(3600)

        init(configuration: RouteTableConfiguration, constraints: [ParameterConstraint]) {
            self.configuration = configuration
            self.constraints = constraints
        }

        /// The compiled snapshot, rebuilt when registration changed since the last one.
        mutating func compiled() -> Result<Compiled, RouteTableError> {
            if let cache { return cache }
            let result = Result { () throws(RouteTableError) -> Compiled in try compile() }
            cache = result
            return result
        }

        /// Configuration routes first, then each registration: one of the same pattern as an
        /// earlier route gives it its destination (the last registration wins); others are appended.
        private func compile() throws(RouteTableError) -> Compiled {
            var definitions = configuration.routes
            var destinations = [Destination?](repeating: nil, count: definitions.count)
            var byPattern: [String: Int] = [:]
            for (index, definition) in definitions.enumerated() where byPattern[definition.pattern] == nil {
                byPattern[definition.pattern] = index
            }
            for registration in registrations {
                if let index = byPattern[registration.definition.pattern] {
                    if registration.replacesDefinition {
                        definitions[index] = registration.definition
                    } else if let name = registration.definition.name {
                        definitions[index].name = name
                    }
                    destinations[index] = registration.destination
                } else {
                    byPattern[registration.definition.pattern] = definitions.count
                    definitions.append(registration.definition)
                    destinations.append(registration.destination)
                }
            }
            var tableConfiguration = configuration
            tableConfiguration.routes = definitions
            let table = try RouteTable(tableConfiguration, constraints: constraints)
            return Compiled(table: table, destinations: destinations, defaultDestination: defaultDestination)
        }
    }
}
