/// Collects a route table one route at a time, checking each route as it is added, then builds
/// the immutable ``RouteTable`` that resolution uses.
///
/// A route that does not parse, names an unknown constraint, reuses a route name or matches
/// exactly the URLs of a route added before is refused where it is added, with the problem named
/// (the pattern and position; both patterns for a conflict). The builder then keeps the routes it
/// had, so a bad route never disables the good ones. ``Router`` registers through one.
///
/// ```swift
/// var builder = try RouteTableBuilder(RouteTableConfiguration(schemes: ["shop"]))
/// try builder.add(RouteDefinition("product/:id", name: "product"))
/// do {
///     try builder.add(RouteDefinition("product/{pid}"))
/// } catch {
///     print(error)   // conflict: 'product/:id' and 'product/{pid}' match the same URLs
/// }
/// let table = builder.build()   // product/:id only
/// ```
public struct RouteTableBuilder: Sendable {
    /// The settings, with no routes (they are ``definitions``).
    let settings: RouteTableConfiguration
    let maximumInputLength: Int
    /// The delimiter as the byte plain patterns are split at, or nil when it cannot be one
    /// (``TableSettings/delimiterByte(_:)``); read once, not per route.
    let delimiterByte: UInt8?
    /// The built-in and app-defined constraints, sorted by name: tokens refer to them by index.
    let constraints: [ParameterConstraint]
    let constraintIndex: [String: Int32]
    /// The routes added, in order; while the initializer collects issues, a refused route keeps
    /// its place here (so that every issue names configuration indices) but nothing else refers to it.
    public private(set) var definitions: [RouteDefinition]
    var parsed: [Int: RoutePattern] = [:]
    var names: [String: Int] = [:]
    /// Each accepted route's former names, to the route.
    var formerNames: [String: Int] = [:]
    var matcher: MatcherBuilder
    var owners: FormOwners
    /// The scratch each route is tokenized into (four buffers), kept from one ``add(_:)`` to the
    /// next while this builder alone holds it; a copy of the builder makes its own.
    private var scratch: Scratch

    /// Holds the scratch. It is used only when uniquely referenced, so it is never shared
    /// between copies of the builder, on one task or several.
    private struct Scratch: @unchecked Sendable {
        var form: FormTokens
    }

    /// Starts a table with a configuration's settings and routes.
    ///
    /// - Parameters:
    ///   - configuration: schemes, hosts, delimiter, case rule, and the first routes.
    ///   - constraints: app-defined constraints, beside the built-in `int` and `uuid`.
    ///   - maximumInputLength: inputs longer than this many UTF-8 bytes are rejected.
    /// - Throws: ``RouteTableBuildError`` listing every problem in the settings and routes.
    /// - Complexity: O(*n*) in the total length of the patterns.
    public init(
        _ configuration: RouteTableConfiguration,
        constraints: [ParameterConstraint] = [],
        maximumInputLength: Int = RouteTable.defaultMaximumInputLength
    ) throws(RouteTableBuildError) {
        var issues: [RouteTableBuildError.Issue] = []
        var sorted: [ParameterConstraint] = [.int, .uuid]
        for constraint in constraints {
            if let existing = sorted.firstIndex(where: { $0.name == constraint.name }) {
                issues.append(Self.setting(existing < 2
                    ? "constraint '\(constraint.name)' is built in and cannot be redefined"
                    : "constraint '\(constraint.name)' is registered twice"))
                continue
            }
            sorted.append(constraint)
        }
        // Constrained edges are tried in order of constraint name, never of registration.
        sorted.sort { $0.name < $1.name }
        var index: [String: Int32] = [:]
        for (position, constraint) in sorted.enumerated() { index[constraint.name] = Int32(position) }
        self.constraints = sorted
        self.constraintIndex = index
        var settings = configuration
        settings.routes = []
        self.settings = settings
        self.maximumInputLength = maximumInputLength
        delimiterByte = TableSettings.delimiterByte(configuration.delimiter)
        issues += TableSettings.problems(of: configuration).map {
            Self.setting($0.message, code: RouteTableBuildError.Issue.Code(rawValue: $0.code))
        }
        let count = configuration.routes.count
        matcher = MatcherBuilder(caseSensitive: configuration.caseSensitive, expectedForms: count)
        owners = FormOwners(expectedForms: count)
        definitions = configuration.routes
        let form = FormTokens()
        scratch = Scratch(form: form)
        for route in definitions.indices {
            issues += place(route: route, scratch: form)
        }
        if !issues.isEmpty { throw RouteTableBuildError(issues: issues) }
    }

    /// Adds a route, checked against the routes added before it.
    ///
    /// ```swift
    /// try builder.add(RouteDefinition("list{ListScreen}/:itemID{DetailScreen}"))
    /// ```
    /// - Throws: ``RouteTableBuildError`` naming every problem with this route (syntax with its
    ///   position, an unknown constraint, a duplicate name, a conflict with both patterns); the
    ///   builder is then unchanged.
    /// - Complexity: O(*m*) in the pattern's length, amortized.
    public mutating func add(_ definition: RouteDefinition) throws(RouteTableBuildError) {
        definitions.append(definition)
        if !isKnownUniquelyReferenced(&scratch.form) { scratch.form = FormTokens() }
        let issues = place(route: definitions.count - 1, scratch: scratch.form)
        if !issues.isEmpty {
            definitions.removeLast()
            throw RouteTableBuildError(issues: issues)
        }
    }

    /// The configuration of the table ``build()`` makes: the settings and ``definitions``.
    public var configuration: RouteTableConfiguration {
        var configuration = settings
        configuration.routes = definitions
        return configuration
    }

    /// The immutable table of the routes added.
    ///
    /// - Complexity: O(*n*) in the number of routes.
    public func build() -> RouteTable {
        let data = RouteData(definitions: definitions, delimiter: settings.delimiter)
        for (index, pattern) in parsed { data.keep(pattern, at: index) }
        var routes: [Route] = []
        routes.reserveCapacity(definitions.count)
        for index in definitions.indices { routes.append(Route(index: index, data: data)) }
        return RouteTable(storage: RouteTable.Storage(
            configuration: configuration, routes: routes, matcher: matcher.build(constraints: constraints, routes: definitions),
            rules: scannerRules, routesByName: names, routesByFormerName: formerNames))
    }

    /// How the table reads inputs: its schemes, hosts, delimiter and length limit.
    var scannerRules: ScannerRules {
        ScannerRules(schemes: settings.schemes, hosts: settings.hosts, delimiter: settings.delimiter,
                     maximumLength: maximumInputLength)
    }

    /// A builder with these settings and constraints and no routes.
    func withoutRoutes() -> RouteTableBuilder { RouteTableBuilder(settingsOf: self) }

    private init(settingsOf other: RouteTableBuilder) {
        settings = other.settings
        maximumInputLength = other.maximumInputLength
        delimiterByte = other.delimiterByte
        constraints = other.constraints
        constraintIndex = other.constraintIndex
        definitions = []
        matcher = MatcherBuilder(caseSensitive: other.settings.caseSensitive)
        owners = FormOwners()
        scratch = Scratch(form: FormTokens())
    }

    /// Checks `pattern` as the only route of a table with these settings and constraints, without
    /// adding it, and hands `body` each form that table's matcher would hold, tokenized as
    /// ``MatcherBuilder/insert(_:routeIndex:formOrdinal:)`` takes it: the pattern's forms, then the
    /// prefixes that end at a screen. The pattern-handler table compiles its patterns through here,
    /// so that a handler's pattern matches what the same route would.
    ///
    /// - Parameter body: takes a form (a scratch, valid only during the call) and its ordinal.
    /// - Throws: ``RouteTableBuildError``, as ``add(_:)`` in an empty table; `body` has then not run.
    /// - Complexity: O(*m*) in the pattern's length.
    func placedForms(ofLonePattern pattern: String, _ body: (FormTokens, _ ordinal: Int) -> Void) throws(RouteTableBuildError) {
        var lone = withoutRoutes()
        try lone.add(RouteDefinition(pattern))
        let form = FormTokens()
        for owner in lone.owners.claimed {
            Self.load(owner, of: pattern, parsed: lone.parsed[owner.route], into: form,
                      fold: !settings.caseSensitive, constraintIndex: constraintIndex,
                      delimiter: delimiterByte)
            body(form, owner.ordinal)
        }
    }

    static func render(_ segments: ArraySlice<PatternSegment>, _ delimiter: Character) -> String {
        segments.map { segment -> String in
            switch segment.kind {
            case .literal(let text): text
            case .parameter(let name): ":" + name + (segment.constraint.map { "<\($0)>" } ?? "")
            case .wildcard: "*"
            case .rest(let name): "{\(name)...}"
            }
        }.joined(separator: String(delimiter))
    }

    private static func setting(_ message: String, code: RouteTableBuildError.Issue.Code = .invalidSetting)
        -> RouteTableBuildError.Issue
    {
        .init(code: code, patterns: [], routeIndices: [], position: nil, message: message)
    }

    static func lowercased(_ segment: PatternSegment) -> PatternSegment {
        guard case .literal(let text) = segment.kind else { return segment }
        var copy = segment
        copy.kind = .literal(String(decoding: text.utf8.map(URLScanner.lowered), as: UTF8.self))
        return copy
    }
}
