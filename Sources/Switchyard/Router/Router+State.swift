extension Router {
    /// Everything registered, and the routes that follow from it: always a valid table, since a
    /// registration that would make it invalid is refused before anything changes.
    struct State {
        let configuration: RouteTableConfiguration
        let constraints: [ParameterConstraint]
        var registrations: [Registration] = []
        /// Whether `map` (not a module) registered each route's pattern, by route index.
        var mapped: [Bool]
        var nextModuleID = 0
        /// The configuration's routes, then each registration of a new pattern.
        var routes: RouteTableBuilder
        /// Each route's destination, by route index.
        var destinations: [Destination?]
        /// Each route's index, by pattern.
        var byPattern: [String: Int]
        var defaultDestination: Destination?
        var filters: [any LinkFilter] = []
        var handlers: [any LinkHandler] = []
        /// The pattern handlers, and their table as of the last lookup (nil when one was added since).
        var patternHandlers: PatternHandlerTableBuilder
        var patternHandlerCache: PatternHandlerTable?
        var cache: Compiled?
        var pendingLink: DeepLink?
        var pendingLinkStore: (any PendingLinkStore)?
        var pendingLinkLifetime: Duration = .seconds(3600)
        var pendingLinkStoreFailed: (@Sendable (PendingLinkPersistenceError) -> Void)?
        var planApplier: PlanApplier?
        var screens: (@Sendable () async -> InMemoryScreenStack)?
        /// The configuration routes' shapes (``shape(of:_:)``), computed at the first registration.
        var configurationShapes: [String: Int]?

        init(configuration: RouteTableConfiguration, constraints: [ParameterConstraint]) throws(RouteTableBuildError) {
            self.configuration = configuration
            self.constraints = constraints
            (routes, destinations, byPattern) = try Self.assemble(configuration, constraints, [])
            mapped = Array(repeating: false, count: destinations.count)
            patternHandlers = PatternHandlerTableBuilder(readingAs: routes)
        }

        /// The compiled snapshot, rebuilt when registration changed since the last one.
        mutating func compiled() -> Compiled {
            if let cache { return cache }
            let table = routes.build()
            var compiled = Compiled(table: table, destinations: destinations, defaultDestination: defaultDestination)
            compiled.planDestination = planApplier.map { Router.planDestination(table, $0) }
            cache = compiled
            return compiled
        }

        /// The compiled snapshot's table alone: reading it from the cache retains the table only,
        /// not the destinations and closures of the whole snapshot.
        mutating func compiledTable() -> RouteTable {
            if let table = cache?.table { return table }
            return compiled().table
        }

        /// The pattern handlers' table, rebuilt when a handler was added since the last one.
        mutating func compiledPatternHandlers() -> PatternHandlerTable {
            if let patternHandlerCache { return patternHandlerCache }
            let table = patternHandlers.build()
            patternHandlerCache = table
            return table
        }

        /// Adds registrations, all or none: each of a new pattern becomes a route, checked as it is
        /// added; one of a pattern already routed gives that route its destination.
        ///
        /// - Throws: ``RouteTableBuildError`` with every problem; the state is then unchanged.
        mutating func register(_ added: [Registration]) throws(RouteTableBuildError) {
            let shapeIssues = added.compactMap { sameShapeIssue($0.definition.pattern) }
            if !shapeIssues.isEmpty { throw RouteTableBuildError(issues: shapeIssues) }
            if added.count == 1 {
                let registration = added[0]
                let pattern = registration.definition.pattern
                // One hash for the look-up and the insertion: a new pattern's slot is filled at once,
                // and emptied again when its route is refused.
                if let index = Self.claim(&byPattern[pattern, default: -1], for: destinations.count) {
                    if attachesInPlace(registration, to: index) {
                        // `map` of a configuration's (or a module's) pattern that gives it only its
                        // destination: what rebuilding from the registrations would give, without
                        // the rebuild (so mapping a route-table file's routes one by one is not O(n²)).
                        destinations[index] = registration.destination
                        registrations.append(registration)
                        mapped[index] = true
                        cache = nil
                        return
                    }
                } else {
                    // The common case, `map` of a new pattern: checked against the table as it
                    // stands; a refused route leaves the builder unchanged, so it is added in place.
                    // Every registered pattern is in `byPattern`, so no earlier registration is
                    // replaced, and the registrations are appended to in place (never copied, which
                    // would make each `map` O(n)).
                    do {
                        try routes.add(registration.definition)
                    } catch {
                        byPattern[pattern] = nil
                        throw error
                    }
                    destinations.append(registration.destination)
                    registrations.append(registration)
                    mapped.append(registration.module == nil)
                    cache = nil
                    return
                }
            }
            var next = registrations
            for registration in added {
                if registration.module == nil {
                    next.removeAll { $0.module == nil && $0.definition.pattern == registration.definition.pattern }
                }
                next.append(registration)
            }
            var seen = Set<String>()
            let allNew = added.allSatisfy {
                byPattern[$0.definition.pattern] == nil && seen.insert($0.definition.pattern).inserted
            }
            if allNew {
                // A module: its routes are added to a copy, kept only when every one of them fits.
                var candidate = routes
                var issues: [RouteTableBuildError.Issue] = []
                for registration in added {
                    do { try candidate.add(registration.definition) } catch { issues += error.issues }
                }
                if !issues.isEmpty { throw RouteTableBuildError(issues: issues) }
                for registration in added {
                    byPattern[registration.definition.pattern] = destinations.count
                    destinations.append(registration.destination)
                }
                routes = candidate
            } else {
                (routes, destinations, byPattern) = try Self.assemble(configuration, constraints, next)
            }
            registrations = next
            mapped = mappedRoutes(next)
            cache = nil
        }

        /// The route index in `slot`, or nil when the slot is new (-1), which then takes `next`.
        private static func claim(_ slot: inout Int, for next: Int) -> Int? {
            if slot >= 0 { return slot }
            slot = next
            return nil
        }

        /// Whether a registration only gives the route at `index` its destination, so that it may
        /// be applied in place: a `map` of a pattern (no definition, no module) that `map` never
        /// registered before (so no registration moves, and no route index changes), naming no
        /// name or the route's own.
        private func attachesInPlace(_ registration: Registration, to index: Int) -> Bool {
            guard registration.module == nil, !registration.replacesDefinition,
                  !mapped[index] else { return false }
            guard let name = registration.definition.name else { return true }
            return routes.definitions[index].name == name
        }

        /// Which routes `map` registered, from the registrations and the routes' indices.
        private func mappedRoutes(_ registrations: [Registration]) -> [Bool] {
            var mapped = Array(repeating: false, count: destinations.count)
            for registration in registrations where registration.module == nil {
                if let index = byPattern[registration.definition.pattern] { mapped[index] = true }
            }
            return mapped
        }

        /// A new pattern that differs from a configuration route's only in its parameters' names or
        /// constraints (`product/:id` beside a file's `product/:id<int>`): it would be a second
        /// route, which the constrained one outranks or which outranks it, so it is refused with
        /// both patterns named. The exact pattern attaches to the configuration's route instead.
        mutating func sameShapeIssue(_ pattern: String) -> RouteTableBuildError.Issue? {
            guard !configuration.routes.isEmpty, byPattern[pattern] == nil,
                  let shape = Self.shape(of: pattern, configuration) else { return nil }
            if configurationShapes == nil {
                var shapes: [String: Int] = [:]
                for (index, route) in configuration.routes.enumerated() {
                    if let shape = Self.shape(of: route.pattern, configuration), shapes[shape] == nil { shapes[shape] = index }
                }
                configurationShapes = shapes
            }
            guard let index = configurationShapes?[shape] else { return nil }
            let route = configuration.routes[index]
            let named = route.name.map { " (or its name '\($0)')" } ?? ""
            return .init(code: .sameShape, patterns: [route.pattern, pattern], routeIndices: [index], position: nil,
                         message: "'\(pattern)' differs from the table's route \(index + 1) ('\(route.pattern)') only in its parameters' names or constraints, so it would be a second route: map '\(route.pattern)'\(named) to attach to that route")
        }

        /// What a pattern matches, parameter names and constraints aside: one key per form, a
        /// literal by its text, any parameter or wildcard as `:`, a rest as `...`. Nil when the
        /// pattern does not parse (the builder reports that).
        static func shape(of pattern: String, _ configuration: RouteTableConfiguration) -> String? {
            guard let parsed = try? RoutePattern(pattern, delimiter: configuration.delimiter) else { return nil }
            return parsed.forms.map { form in
                form.map { segment in
                    switch segment.kind {
                    case .literal(let text): "=" + (configuration.caseSensitive ? text : text.lowercased())
                    case .parameter, .wildcard: ":"
                    case .rest: "..."
                    }
                }.joined(separator: "/")
            }.joined(separator: "|")
        }

        /// Removes a module's registrations. What remains is a subset of a valid table (module
        /// routes never rename a route), so it stays valid.
        mutating func remove(_ module: RouteModuleID) {
            let next = registrations.filter { $0.module != module }
            guard next.count != registrations.count else { return }
            do {
                (routes, destinations, byPattern) = try Self.assemble(configuration, constraints, next)
            } catch {
                preconditionFailure("removing routes left an invalid table: \(error)")
            }
            registrations = next
            mapped = mappedRoutes(next)
            cache = nil
        }

        /// Configuration routes first, then each registration: one of the same pattern as an
        /// earlier route gives it its destination (the last registration wins; a `map` also its
        /// name or whole definition); others are appended.
        private static func assemble(_ configuration: RouteTableConfiguration, _ constraints: [ParameterConstraint],
                                     _ registrations: [Registration])
            throws(RouteTableBuildError) -> (RouteTableBuilder, [Destination?], [String: Int]) {
            var definitions = configuration.routes
            var destinations = [Destination?](repeating: nil, count: definitions.count)
            var byPattern: [String: Int] = [:]
            byPattern.reserveCapacity(definitions.count + registrations.count)
            // The first route of each pattern, one hash per route, the definitions read in place.
            for index in definitions.indices {
                _ = claim(&byPattern[definitions[index].pattern, default: -1], for: index)
            }
            for registration in registrations {
                if let index = byPattern[registration.definition.pattern] {
                    if registration.replacesDefinition {
                        definitions[index] = registration.definition
                    } else if registration.module == nil, let name = registration.definition.name {
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
            let routes = try RouteTableBuilder(tableConfiguration, constraints: constraints)
            return (routes, destinations, byPattern)
        }
    }
}
