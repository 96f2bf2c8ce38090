extension Router {
    /// Maps a pattern to a destination closure. Mapping a pattern again replaces its destination;
    /// mapping a pattern of the configuration's routes (a route-table file's) gives that route its
    /// destination (and `name`, when given). A pattern that differs from a configuration route's
    /// only in its parameters' names or constraints (`product/:id` beside the file's
    /// `product/:id<int>`), or a name the configuration gives another pattern, is refused with both
    /// patterns named: never a silent second route.
    ///
    /// The pattern is checked here: a bad one, or one that matches the same URLs as a route
    /// already there, is refused with the problem named, and the router keeps routing with the
    /// routes it had.
    ///
    /// ```swift
    /// try router.map("product/:product_id", name: "product") { link in
    ///     await Screens.showProduct(try link.int("product_id"))
    /// }
    /// ```
    /// - Throws: ``RouteTableBuildError``: a syntax error with its position, an unknown constraint, a
    ///   duplicate name, a conflict or a configuration route of the same shape, naming both patterns.
    /// - Complexity: O(*m*) in the pattern's length for a new pattern, or for the first `map` of a
    ///   configuration's or module's pattern that gives no name or the route's own; O(*n*) in the
    ///   routes when it changes an existing route otherwise (its name, or a pattern mapped before);
    ///   the table is rebuilt, in O(*n*), on the next resolution.
    public func map(_ pattern: String, name: String? = nil,
                    to destination: @escaping Destination) throws(RouteTableBuildError) {
        try register([Registration(definition: RouteDefinition(pattern, name: name), replacesDefinition: false,
                                   destination: destination)])
    }

    /// Maps a pattern to a ``Routable`` destination.
    ///
    /// ```swift
    /// try router.map("user:{userId}", to: UserRoute())
    /// ```
    /// - Throws: ``RouteTableBuildError``, as for a destination closure; the router keeps its routes.
    public func map(_ pattern: String, name: String? = nil, to routable: any Routable) throws(RouteTableBuildError) {
        try map(pattern, name: name, to: routable.destination)
    }

    /// Maps a full route definition (defaults, allowed parameters, ...) to a destination closure.
    /// It replaces a configuration route of the same pattern.
    ///
    /// ```swift
    /// try router.map(RouteDefinition("list{List}/:id{Detail}", defaults: ["tab": "all"])) { _ in }
    /// ```
    /// - Throws: ``RouteTableBuildError``, as for a pattern; the router keeps its routes.
    public func map(_ definition: RouteDefinition, to destination: @escaping Destination) throws(RouteTableBuildError) {
        try register([Registration(definition: definition, replacesDefinition: true, destination: destination)])
    }

    /// Maps a full route definition to a ``Routable`` destination.
    ///
    /// - Throws: ``RouteTableBuildError``, as for a pattern; the router keeps its routes.
    public func map(_ definition: RouteDefinition, to routable: any Routable) throws(RouteTableBuildError) {
        try map(definition, to: routable.destination)
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
        mapDefault(to: routable.destination)
    }

    /// Adds a module's routes, as a whole or not at all. A module route of the same pattern as an
    /// existing route gives it its destination (the last one added wins), never its name.
    ///
    /// ```swift
    /// let id = try router.add(RouteSet(["user:{userId}": UserRoute()]))
    /// ```
    /// - Returns: the identifier to pass to ``remove(_:)``.
    /// - Throws: ``RouteTableBuildError`` naming every problem in the module's routes (a conflict names
    ///   both patterns); none of its routes is then added.
    /// - Complexity: O(*m*) in the module's patterns' length when they are all new, else O(*n*) in the routes.
    @discardableResult
    public func add(_ module: any RouteModule) throws(RouteTableBuildError) -> RouteModuleID {
        try state.withLock { state throws(RouteTableBuildError) in
            let id = RouteModuleID(rawValue: state.nextModuleID)
            try state.register(module.routes.map {
                Registration(definition: $0.definition, replacesDefinition: false, destination: $0.destination,
                             module: id)
            })
            state.nextModuleID += 1
            return id
        }
    }

    /// Removes a module's routes; nothing happens when it was already removed.
    public func remove(_ module: RouteModuleID) {
        state.withLock { $0.remove(module) }
    }

    /// Appends a filter; filters run in the order they were appended. The filter is checked
    /// against the table first (``LinkFilter/check(against:)``): a ``GateFilter`` that names a
    /// route the table does not have is refused, so append gates after mapping their routes.
    ///
    /// ```swift
    /// try router.appendFilter(GateFilter(routes: ["orders"]) { await session.isLoggedIn })
    /// ```
    /// - Throws: ``RouteTableBuildError`` with ``RouteTableBuildError/Issue/Code/unknownRoute``
    ///   naming each unknown route; the filter is then not appended.
    public func appendFilter(_ filter: any LinkFilter) throws(RouteTableBuildError) {
        if let gate = filter as? GateFilter {
            // Checked on the registrations: the same names and patterns the table would hold,
            // without compiling a table that a later `map` would make stale.
            try state.withLock { state throws(RouteTableBuildError) in
                try gate.check(isRoute: { state.routes.names[$0] != nil || state.byPattern[$0] != nil },
                               names: { state.routes.definitions.compactMap(\.name) })
                state.filters.append(gate)
            }
            return
        }
        try filter.check(against: table())
        state.withLock { $0.filters.append(filter) }
    }

    /// Appends a filter closure (Turnpike's anonymous filter).
    ///
    /// ```swift
    /// router.appendFilter { link in link.queryParameters["legacy"] == nil ? .pass : .redirect(to: "shop://home") }
    /// ```
    public func appendFilter(_ filter: @escaping @Sendable (DeepLink) async -> FilterDecision) {
        state.withLock { $0.filters.append(ClosureFilter(body: filter)) }
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
    /// that link's destination and after the other handlers. Handler patterns are never checked
    /// against each other or against the routes: they may overlap, several handlers may share one
    /// pattern, and every one that matches a link runs, in the order they were added.
    ///
    /// As in WAAppRouting, a `*` that ends a handler's pattern matches any depth: `list/*` runs for
    /// `list/3` and for `list/3/extra` (but not for `list`), as `list/{rest...}` would. Anywhere
    /// else (`list/*/edit`, or inside an optional group) `*` is one segment, as in a route.
    ///
    /// ```swift
    /// try router.addHandler(forPattern: "list/*") { link in await Badge.clear(list: link.path) }
    /// ```
    /// - Throws: ``RouteTableBuildError`` when the pattern does not parse, names an unknown constraint, or
    ///   is one a route table would refuse on its own (two optional forms that match the same URLs).
    /// - Complexity: O(*m*) in the pattern's length, however many handlers there are: every
    ///   handler pattern is compiled into one matcher (rebuilt, in O(*k*) in its size, at the next
    ///   open). An opened link is then looked up once, in O(*n*) in its URL's length plus the
    ///   matcher's nodes the walk visits, not once per handler; a router with no pattern handler
    ///   does not look at all.
    public func addHandler(forPattern pattern: String,
                           _ handler: @escaping @Sendable (DeepLink) async -> Void) throws(RouteTableBuildError) {
        try state.withLock { state throws(RouteTableBuildError) in
            try state.patternHandlers.add(Self.handlerPattern(pattern, delimiter: state.configuration.delimiter),
                                          handler)
            state.patternHandlerCache = nil
        }
    }

    /// A handler pattern as the table reads it: a `*` ending the pattern becomes a rest parameter.
    /// A pattern that does not parse is left as it is, for the table to report.
    static func handlerPattern(_ text: String, delimiter: Character) -> String {
        guard let pattern = try? RoutePattern(text, delimiter: delimiter),
              case .segment(let last) = pattern.elements.last, case .wildcard = last.kind,
              last.screen == nil, !last.isModal, text.hasSuffix("*") else { return text }
        var name = "rest"
        while pattern.parameterNames.contains(name) { name += "_" }
        return String(text.dropLast()) + "{\(name)...}"
    }

    private func register(_ registrations: [Registration]) throws(RouteTableBuildError) {
        try state.withLock { state throws(RouteTableBuildError) in try state.register(registrations) }
    }
}
