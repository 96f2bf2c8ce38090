/// A compiled, immutable route table: reads any supported input (custom-scheme URL, universal
/// link, internal path, URN) and resolves it to a ``DeepLink``.
///
/// Build it once from a ``RouteTableConfiguration`` (in code or from a route-table file), or route
/// by route with a ``RouteTableBuilder``, and share it: it is a `Sendable` value that any task may
/// use. Problems in the table — syntax errors, unknown constraints, two patterns that match the
/// same URLs — are all reported by the initializer.
///
/// ```swift
/// let table = try RouteTable(RouteTableConfiguration(
///     schemes: ["shop"], hosts: ["shop.example.com"],
///     routes: [RouteDefinition("product/:id<int>", name: "product"), RouteDefinition("about/team")]))
/// let link = try table.resolve("https://shop.example.com/product/42")
/// link.routeParameters // ["id": "42"]
/// ```
public struct RouteTable: Sendable {
    /// The default limit on an input's length, in UTF-8 bytes.
    public static let defaultMaximumInputLength = 8 * 1024

    let storage: Storage

    final class Storage: Sendable {
        let configuration: RouteTableConfiguration
        let routes: [Route]
        let matcher: CompiledMatcher
        let rules: ScannerRules
        let routesByName: [String: Int]
        let routesByFormerName: [String: Int]

        init(configuration: RouteTableConfiguration, routes: [Route], matcher: CompiledMatcher, rules: ScannerRules,
             routesByName: [String: Int], routesByFormerName: [String: Int]) {
            self.configuration = configuration
            self.routes = routes
            self.matcher = matcher
            self.rules = rules
            self.routesByName = routesByName
            self.routesByFormerName = routesByFormerName
        }
    }

    /// Compiles a table.
    ///
    /// - Parameters:
    ///   - configuration: schemes, hosts, delimiter, case rule and routes.
    ///   - constraints: app-defined constraints, beside the built-in `int` and `uuid`.
    ///   - maximumInputLength: inputs longer than this many UTF-8 bytes are rejected.
    /// - Throws: ``RouteTableBuildError`` listing every problem found.
    /// - Complexity: O(*n*) in the total length of the patterns.
    public init(
        _ configuration: RouteTableConfiguration,
        constraints: [ParameterConstraint] = [],
        maximumInputLength: Int = RouteTable.defaultMaximumInputLength
    ) throws(RouteTableBuildError) {
        self = try RouteTableBuilder(configuration, constraints: constraints,
                                     maximumInputLength: maximumInputLength).build()
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// Compiles a table from patterns alone.
    ///
    /// ```swift
    /// let table = try RouteTable(["product/:product_id", "about/team"], schemes: ["shop"])
    /// ```
    public init(
        _ patterns: [String], schemes: [String] = [], hosts: [String] = [], delimiter: Character = "/",
        caseSensitive: Bool = true, constraints: [ParameterConstraint] = []
    ) throws(RouteTableBuildError) {
        try self.init(
            RouteTableConfiguration(schemes: schemes, hosts: hosts, delimiter: delimiter, caseSensitive: caseSensitive,
                                    routes: Self.definitions(patterns)),
            constraints: constraints)
    }

    /// A definition per pattern: copies of one plain definition whose pattern is then set in
    /// place, so no definition is built, copied into the array and destroyed per pattern.
    private static func definitions(_ patterns: [String]) -> [RouteDefinition] {
        var definitions = [RouteDefinition](repeating: RouteDefinition(""), count: patterns.count)
        for index in patterns.indices { definitions[index].pattern = patterns[index] }
        return definitions
    }

    /// The configuration the table was compiled from.
    public var configuration: RouteTableConfiguration { storage.configuration }

    /// The routes, in declaration order.
    public var routes: [Route] { storage.routes }

    /// The route with this name, or that lists it among its ``RouteDefinition/formerNames`` (as
    /// ``route(named:)``), or else with exactly this pattern: what reverse routing
    /// (``url(for:parameters:query:fragment:scheme:host:)``) and ``Navigator/navigate(to:parameters:query:)``
    /// look up, so a link made under a route's old name still reaches it.
    public func route(_ nameOrPattern: String) -> Route? {
        if let index = storage.routesByName[nameOrPattern] ?? storage.routesByFormerName[nameOrPattern]
            ?? storage.routes.first?.data.route(withPattern: nameOrPattern) {
            return storage.routes[index]
        }
        return nil
    }

    /// The route with this name, or that lists it among its ``RouteDefinition/formerNames``.
    ///
    /// ```swift
    /// // routes: [{"pattern": "products/:id", "name": "product", "formerNames": ["item"]}]
    /// table.route(named: "item")?.name // "product"
    /// ```
    public func route(named name: String) -> Route? {
        (storage.routesByName[name] ?? storage.routesByFormerName[name]).map { storage.routes[$0] }
    }

    /// The route a link matched, if it came from this table.
    public func route(for link: DeepLink) -> Route? {
        guard let index = link.routeIndex, index < storage.routes.count,
              storage.routes[index].text == link.route else { return link.route.flatMap { route($0) } }
        return storage.routes[index]
    }
}
