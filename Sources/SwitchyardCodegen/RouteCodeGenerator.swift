public import Switchyard

/// Generates a Swift enum with one case per named route of a route table, its parameters typed
/// from their constraints: the typed routes that `switchyard routes swift` and the
/// `SwitchyardRoutesPlugin` build-tool plugin write.
///
/// ```swift
/// let configuration = try RouteTableFile.load(path: "shop.routes.json")
/// let source = try RouteCodeGenerator.swiftSource(for: configuration, typeName: "ShopRoute")
/// // public enum ShopRoute: Hashable, Sendable {
/// //     case product(id: Int)
/// //     ...
/// ```
///
/// The generated type has `init?(link: DeepLink)`, `name`, `parameters`, `url(scheme:)` and
/// `url(host:)`, and embeds the table (as JSON) so that URLs are built by the SDK's reverse
/// routing against exactly the table it was generated from.
public enum RouteCodeGenerator {
    /// The access level of the generated type and its members.
    public enum Access: Sendable, Hashable {
        /// `public`, for a type other modules use (the default).
        case `public`
        /// `internal`, for a type used only inside its module.
        case `internal`
    }

    /// The type name used when none is given.
    public static let defaultTypeName = "AppRoute"

    /// Reads the route-table file at `path` and generates the enum.
    ///
    /// ```swift
    /// let source = try RouteCodeGenerator.swiftSource(forFile: "shop.routes.json", typeName: "ShopRoute")
    /// ```
    ///
    /// - Throws: ``RouteCodeGenerationError``: the file's errors as ``RouteTableFile`` reports them,
    ///   the table's as ``RouteTable`` does, or a clash in the generated names.
    public static func swiftSource(
        forFile path: String, typeName: String = defaultTypeName, access: Access = .public
    ) throws(RouteCodeGenerationError) -> String {
        let configuration: RouteTableConfiguration
        do {
            configuration = try RouteTableFile.load(path: path)
        } catch {
            throw RouteCodeGenerationError(.invalidTable, [.init(fileError: error)], namesFile: true)
        }
        let fileName = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return try swiftSource(for: configuration, typeName: typeName, access: access, sourceName: fileName)
    }

    /// Generates the enum for a table.
    ///
    /// - Parameters:
    ///   - table: the table's configuration; it is compiled first, with every custom constraint
    ///     it names accepted (so they need no registration here).
    ///   - typeName: the enum's name, a plain Swift identifier.
    ///   - access: the access level of the type and its members.
    ///   - sourceName: the file named in the generated header and doc comments, if any (the
    ///     file's name, not its path, keeps the output the same wherever the file lives).
    /// - Throws: ``RouteCodeGenerationError`` with the table's problems (the SDK's text), or a
    ///   case name or label clash.
    /// - Complexity: O(*n*) in the size of the table.
    public static func swiftSource(
        for table: RouteTableConfiguration, typeName: String = defaultTypeName, access: Access = .public,
        sourceName: String? = nil
    ) throws(RouteCodeGenerationError) -> String {
        guard SwiftSyntaxText.isPlainIdentifier(typeName), !SwiftSyntaxText.keywords.contains(typeName) else {
            throw RouteCodeGenerationError(.unrepresentable, [
                .init(
                    code: .invalidTypeName, message: "'\(typeName)' is not a valid Swift type name", routeIndices: []
                )
            ])
        }
        let customConstraints = customConstraintNames(in: table)
        let compiled: RouteTable
        do {
            compiled = try RouteTable(table, constraints: customConstraints.map(acceptingEverything))
        } catch {
            throw RouteCodeGenerationError(
                .invalidTable,
                error.issues.map {
                    .init(code: .init($0.code), message: $0.message, routeIndices: $0.routeIndices)
                })
        }
        var cases: [TypedRoute] = []
        var unnamed: [String] = []
        var withWildcards: [String] = []
        for route in compiled.routes {
            guard let name = route.name else {
                unnamed.append(route.text)
                continue
            }
            if TypedRoute.hasWildcard(route.pattern) {
                withWildcards.append(name)
                continue
            }
            guard var caseName = SwiftSyntaxText.lowerCamelCase(name) else {
                throw RouteCodeGenerationError(.unrepresentable, [
                    .init(
                        code: .unusableName, message: "the route name '\(name)' gives no Swift identifier",
                        routeIndices: [route.index])
                ])
            }
            if TypedRoute.reservedCaseNames.contains(caseName) { caseName += "Route" }
            if let other = cases.first(where: { $0.caseName == caseName }) {
                throw RouteCodeGenerationError(.unrepresentable, [
                    .init(
                        code: .caseNameClash,
                        message: "the names '\(other.routeName)' and '\(name)' both give the case '\(caseName)'",
                        routeIndices: [other.index, route.index])
                ])
            }
            cases.append(
                TypedRoute(
                    index: route.index, routeName: name, pattern: route.text, caseName: caseName,
                    parameters: try TypedRoute.parameters(of: route.pattern, routeIndex: route.index)))
        }
        var writer = SourceWriter(
            typeName: typeName, access: access, sourceName: sourceName, cases: cases,
            unnamed: unnamed, withWildcards: withWildcards, customConstraints: customConstraints,
            tableJSON: embeddedJSON(table), exampleScheme: table.schemes.first ?? "app")
        return writer.write()
    }

    /// Every constraint the table's patterns name other than the built-in `int` and `uuid`, sorted.
    static func customConstraintNames(in table: RouteTableConfiguration) -> [String] {
        var names = Set<String>()
        for route in table.routes {
            guard let pattern = try? RoutePattern(route.pattern, delimiter: table.delimiter) else { continue }
            for form in pattern.forms {
                for segment in form {
                    if let constraint = segment.constraint, constraint != "int", constraint != "uuid" {
                        names.insert(constraint)
                    }
                }
            }
        }
        return names.sorted()
    }

    private static func acceptingEverything(_ name: String) -> ParameterConstraint {
        ParameterConstraint(name) { _ in true }
    }

    /// What the generated type needs to rebuild the table: schemes, hosts, delimiter, case rule, and
    /// each route's pattern and name (unnamed routes too: they decide which URLs are shadowed).
    static func embeddedJSON(_ table: RouteTableConfiguration) -> String {
        let routes: [JSONValue] = table.routes.map { route in
            var members: [String: JSONValue] = ["pattern": .string(route.pattern)]
            if let name = route.name { members["name"] = .string(name) }
            return .object(members)
        }
        return JSONValue.object([
            "schemes": .array(table.schemes.map { .string($0) }),
            "hosts": .array(table.hosts.map { .string($0) }),
            "delimiter": .string(String(table.delimiter)),
            "caseSensitive": .bool(table.caseSensitive),
            "routes": .array(routes),
        ]).serialized()
    }
}
