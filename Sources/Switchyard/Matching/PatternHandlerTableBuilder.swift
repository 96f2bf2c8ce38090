/// Collects a router's pattern handlers (``Router/addHandler(forPattern:_:)``) into one matcher, one
/// handler at a time, then builds the immutable ``PatternHandlerTable`` that the pipeline looks
/// links up in.
///
/// Each pattern is checked as the only route of a table with the router's settings (so a bad one
/// is refused with the same error a route would get) and its forms go into the shared matcher
/// through the route table's own compile path. Handler patterns are never checked against each
/// other: they may overlap, or be identical. A form that ends at the same trie node as an earlier
/// one (the same steps, as `list/:id` and `list/:item`) joins that form's group, so the matcher
/// holds each distinct form once and each group lists its handlers in registration order.
struct PatternHandlerTableBuilder {
    /// Checks each pattern and tokenizes its forms: the router's settings and constraints, no routes.
    private let patterns: RouteTableBuilder
    private var matcher: MatcherBuilder
    /// The handlers of each distinct form, by the form's index in the matcher (its `routeIndex`).
    private var groups: [[Int]] = []
    private var bodies: [PatternHandlerTable.Body] = []

    /// Starts an empty table that reads links and patterns as `routes` does.
    init(readingAs routes: RouteTableBuilder) {
        patterns = routes.withoutRoutes()
        matcher = MatcherBuilder(caseSensitive: routes.configuration.caseSensitive)
    }

    /// Adds a handler for a pattern in the route-pattern language.
    ///
    /// - Throws: ``RouteTableBuildError`` for a pattern that a route table of its own would refuse; the
    ///   builder is then unchanged.
    /// - Complexity: O(*m*) in the pattern's length, amortized, however many handlers there are.
    mutating func add(_ pattern: String, _ body: @escaping PatternHandlerTable.Body) throws(RouteTableBuildError) {
        let handler = bodies.count
        // Copies for the closure, which must not read `self` while it writes `matcher` and `groups`.
        let patterns = patterns
        try patterns.placedForms(ofLonePattern: pattern) { form, ordinal in
            let placed = matcher.insert(form, routeIndex: groups.count, formOrdinal: ordinal)
            if placed == groups.count {
                groups.append([handler])
            } else if groups[placed].last != handler {
                groups[placed].append(handler)
            }
        }
        bodies.append(body)
    }

    /// The immutable table of the handlers added.
    ///
    /// - Complexity: O(*k*) in the size of the matcher's trie.
    func build() -> PatternHandlerTable {
        PatternHandlerTable(matcher: matcher.build(constraints: patterns.constraints), rules: patterns.scannerRules,
                            groups: groups, bodies: bodies)
    }
}
