extension Router {
    /// Maps a pattern to a destination closure. Mapping a pattern again replaces its destination;
    /// mapping a pattern of the configuration's routes gives that route its destination (and
    /// `name`, when given).
    ///
    /// ```swift
    /// router.map("product/:product_id", name: "product") { link in
    ///     await Screens.showProduct(try link.int("product_id"))
    /// }
    /// ```
    /// - Complexity: O(1); the table is rebuilt, in O(*n*) in the patterns' length, on the next resolution.
    public func map(_ pattern: String, name: String? = nil, to destination: @escaping Destination) {
        register(Registration(definition: RouteDefinition(pattern, name: name), replacesDefinition: false,
                              destination: destination))
    }

    /// Maps a pattern to a ``Routable`` destination.
    ///
    /// ```swift
    /// router.map("user:{userId}", to: UserRoute())
    /// ```
    public func map(_ pattern: String, name: String? = nil, to routable: any Routable) {
        map(pattern, name: name, to: { try await routable.navigate(to: $0) })
    }

    /// Maps a full route definition (defaults, allowed parameters, ...) to a destination closure.
    /// It replaces a configuration route of the same pattern.
    public func map(_ definition: RouteDefinition, to destination: @escaping Destination) {
        register(Registration(definition: definition, replacesDefinition: true, destination: destination))
    }

    /// Maps a full route definition to a ``Routable`` destination.
    public func map(_ definition: RouteDefinition, to routable: any Routable) {
        map(definition, to: { try await routable.navigate(to: $0) })
    }

    /// Sets the default route: the destination of links that match no route (Turnpike's
    /// `mapDefaultToDestination`, HOKO's `mapDefaultRouteToTarget`). Its link has nil `route` and
    /// `routeParameters`, and its query parameters.
    ///
    /// ```swift
    /// router.mapDefault { link in await Screens.showHome(campaign: link.queryParameters["utm_campaign"]) }
    /// ```
    public func mapDefault(to destination: @escaping Destination) {
        state.withLock {
            $0.defaultDestination = destination
            $0.cache = nil
        }
    }

    /// Sets the default route to a ``Routable``.
    public func mapDefault(to routable: any Routable) {
        mapDefault(to: { try await routable.navigate(to: $0) })
    }

    /// Adds a module's routes. A module route of the same pattern as an existing route gives it
    /// its destination (the last one added wins).
    ///
    /// - Returns: the identifier to pass to ``remove(_:)``.
    @discardableResult
    public func add(_ module: any RouteModule) -> RouteModuleID {
        state.withLock { state in
            let id = RouteModuleID(rawValue: state.nextModuleID)
            state.nextModuleID += 1
            for route in module.routes {
                state.registrations.append(Registration(definition: route.definition, replacesDefinition: false,
                                                        destination: route.destination, module: id))
            }
            state.cache = nil
            return id
        }
    }

    /// Removes a module's routes; nothing happens when it was already removed.
    public func remove(_ module: RouteModuleID) {
        state.withLock {
            $0.registrations.removeAll { $0.module == module }
            $0.cache = nil
        }
    }

    /// Appends a filter; filters run in the order they were appended.
    public func appendFilter(_ filter: any LinkFilter) {
        state.withLock { $0.filters.append(filter) }
    }

    /// Appends a filter closure (Turnpike's anonymous filter).
    ///
    /// ```swift
    /// router.appendFilter { link in link.queryParameters["legacy"] == nil ? .pass : .redirect(to: "shop://home") }
    /// ```
    public func appendFilter(_ filter: @escaping @Sendable (DeepLink) async -> FilterDecision) {
        appendFilter(ClosureFilter(body: filter))
    }

    /// Adds a handler that observes every link that passed the filters, before its destination.
    public func addHandler(_ handler: any LinkHandler) {
        state.withLock { $0.handlers.append(handler) }
    }

    /// Adds a handler closure.
    ///
    /// ```swift
    /// router.addHandler { link in await analytics.track("deeplink", route: link.route) }
    /// ```
    public func addHandler(_ handler: @escaping @Sendable (DeepLink) async -> Void) {
        addHandler(ClosureHandler(body: handler))
    }

    /// Adds a block handler for a pattern (WAAppRouting's `registerBlockRouteHandler:forRoute:`):
    /// it runs for every link that passed the filters and whose URL matches `pattern`, beside
    /// that link's destination and after the other handlers. Several pattern handlers may match one link.
    ///
    /// ```swift
    /// try router.addHandler(forPattern: "list/*") { link in await Badge.clear(list: link.path) }
    /// ```
    /// - Throws: ``RouteTableError`` when the pattern does not parse.
    public func addHandler(forPattern pattern: String,
                           _ handler: @escaping @Sendable (DeepLink) async -> Void) throws(RouteTableError) {
        let (configuration, constraints) = state.withLock { ($0.configuration, $0.constraints) }
        var single = configuration
        single.routes = [RouteDefinition(pattern)]
        let table = try RouteTable(single, constraints: constraints)
        state.withLock { $0.patternHandlers.append(PatternHandler(table: table, body: handler)) }
    }

    private func register(_ registration: Registration) {
        state.withLock { state in
            state.registrations.removeAll {
                $0.module == nil && $0.definition.pattern == registration.definition.pattern
            }
            state.registrations.append(registration)
            state.cache = nil
        }
    }
}
