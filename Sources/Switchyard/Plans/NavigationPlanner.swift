/// Builds ``NavigationPlan``s from resolved links, with per-route defaults builders.
///
/// Each step's parameters merge three sources, highest precedence first:
/// 1. the route parameters captured up to that step's segment;
/// 2. the link's query parameters (first value of each name), except any named like one of
///    the route's parameters — such an item is ignored at every step, so it can neither
///    override a route parameter nor stand in for one on an earlier screen — and, when the
///    route has ``RouteDefinition/allowedParameters``, except every name not in that list;
/// 3. defaults: the route's static ``RouteDefinition/defaults``, overridden by what its
///    defaults builder returns for the step.
///
/// ```swift
/// var planner = NavigationPlanner(table: table)
/// try planner.setDefaults(forRoute: "hotel") { request in ["currency": "EUR"] }
/// let plan = planner.plan(for: try table.resolve("shop://hotels/12"))
/// ```
public struct NavigationPlanner: Sendable {
    /// Computes default parameters for one step of a route's plan.
    public typealias DefaultsBuilder = @Sendable (NavigationDefaultsRequest) -> [String: String]

    /// The table whose links this planner plans.
    public let table: RouteTable
    private var builders: [Int: DefaultsBuilder] = [:]

    /// Creates a planner with no defaults builders (static defaults still apply).
    public init(table: RouteTable) {
        self.table = table
    }

    /// Registers the defaults builder of a route, replacing any earlier one.
    ///
    /// - Parameters:
    ///   - nameOrPattern: the route's name, or its pattern exactly as written.
    ///   - builder: called once per step of every plan of that route.
    /// - Throws: ``NavigationPlanError/unknownRoute`` when the table has no such route.
    public mutating func setDefaults(forRoute nameOrPattern: String,
                                     _ builder: @escaping DefaultsBuilder) throws(NavigationPlanError) {
        guard let route = table.route(nameOrPattern) else {
            throw NavigationPlanError(.unknownRoute, "no route named or written '\(nameOrPattern)' for a defaults builder")
        }
        builders[route.index] = builder
    }

    /// The plan for a link: nil when it matched no route of this table, a plan without steps
    /// when the route names no screens, and otherwise one step per screen the matched part of
    /// the pattern names (a prefix such as `shop://hotels/12` plans only its own screens).
    ///
    /// - Complexity: O(*s* × *p*) for *s* segments and *p* parameters.
    public func plan(for link: DeepLink) -> NavigationPlan? {
        guard let route = table.route(for: link), let routeParameters = link.routeParameters else { return nil }
        let definition = route.definition
        let segments = Self.matchedSegments(of: route, link: link)
        let reserved = Set(route.pattern.parameterNames)
        let allowed = definition.allowedParameters.map(Set.init)
        let query = link.queryParameters.filter { name, _ in
            !reserved.contains(name) && (allowed?.contains(name) ?? true)
        }
        var captured: [String: String] = [:]
        var steps: [NavigationStep] = []
        for segment in segments {
            if let name = segment.parameterName, let value = routeParameters[name] { captured[name] = value }
            guard let screen = segment.screen else { continue }
            var parameters = definition.defaults
            if let builder = builders[route.index] {
                let request = NavigationDefaultsRequest(link: link, route: route, screen: screen, stepIndex: steps.count)
                parameters.merge(builder(request)) { $1 }
            }
            parameters.merge(query) { $1 }
            parameters.merge(captured) { $1 }
            steps.append(NavigationStep(screen: screen, presentation: segment.isModal ? .modal : .push,
                                        parameters: parameters))
        }
        return NavigationPlan(container: definition.container, steps: steps, replacesRoot: definition.replacesRoot,
                              presenter: definition.presenter)
    }

    /// Resolves an input with the table and plans it: what an `.onOpenURL` handler needs.
    ///
    /// - Returns: nil when the input is rejected or matches no route.
    public func plan(forInput input: String, source: LinkSource? = nil) -> NavigationPlan? {
        guard let link = try? table.resolve(input, source: source) else { return nil }
        return plan(for: link)
    }

    /// The segments of the form that matched, cut at the matched length. A link made by hand
    /// (no recorded form) uses the longest form whose parameters it all carries.
    static func matchedSegments(of route: Route, link: DeepLink) -> ArraySlice<PatternSegment> {
        let forms = route.pattern.forms
        if let matched = link.matchedForm, matched.ordinal < forms.count, matched.length <= forms[matched.ordinal].count {
            return forms[matched.ordinal].prefix(matched.length)
        }
        let names = Set(link.routeParameters?.keys.map { $0 } ?? [])
        let form = forms.last { form in form.allSatisfy { $0.parameterName.map(names.contains) ?? true } }
        return (form ?? forms.first ?? [])[...]
    }
}

/// What a defaults builder is asked about: one step of one link's plan.
public struct NavigationDefaultsRequest: Sendable {
    /// The link being planned.
    public let link: DeepLink
    /// The matched route.
    public let route: Route
    /// The step's screen identifier.
    public let screen: String
    /// The step's index in the plan (0 for the bottom screen).
    public let stepIndex: Int
}

extension RouteTable {
    /// The navigation plan for a link of this table, with static defaults only (use a
    /// ``NavigationPlanner`` for defaults builders): nil when unmatched, no steps for a route
    /// without screens.
    ///
    /// ```swift
    /// let plan = table.plan(for: try table.resolve("shop://hotels/12"))
    /// plan?.steps.map(\.screen) // ["HotelListScreen", "HotelScreen"]
    /// ```
    public func plan(for link: DeepLink) -> NavigationPlan? {
        NavigationPlanner(table: self).plan(for: link)
    }
}
