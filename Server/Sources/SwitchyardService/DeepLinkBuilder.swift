import Switchyard

/// Checks a requested route and its parameters against the route table and writes the deep
/// link's path, scheme URL and universal link.
///
/// Every link it accepts resolves back to the same route with the same parameters: the built path
/// is run through the table's own resolver, so a link the app cannot open cannot be created.
struct DeepLinkBuilder: Sendable {
    let table: RouteTable
    let constraints: [String: ParameterConstraint]

    init(table: RouteTable, constraints: [ParameterConstraint]) {
        self.table = table
        var byName: [String: ParameterConstraint] = ["int": .int, "uuid": .uuid]
        for constraint in constraints { byName[constraint.name] = constraint }
        self.constraints = byName
    }

    /// A validated route with its parameters and path.
    struct Target: Sendable, Hashable {
        /// The route's pattern as written.
        var route: String
        /// The route's name.
        var routeName: String?
        /// The path in the table's own form (`product/42`), percent-encoded.
        var path: String
    }

    /// Validates a route (by name or pattern) and its parameters and builds its path.
    ///
    /// - Throws: a 400 ``Problem`` naming the unknown route, the missing or unknown parameter, or
    ///   the constraint that refused a value.
    func target(route nameOrPattern: String, parameters: [String: String]) throws(Problem) -> Target {
        guard let route = table.route(nameOrPattern) else {
            throw .invalid("unknown-route", "Unknown route", "no route named or patterned '\(nameOrPattern)' in the route table")
        }
        let pattern = route.pattern
        let names = pattern.parameterNames
        for name in parameters.keys.sorted() where !names.contains(name) {
            throw .invalid("unknown-parameter", "Unknown route parameter",
                           "route '\(route.text)' has no parameter '\(name)'")
        }
        for name in parameters.keys.sorted() where parameters[name]!.isEmpty {
            throw .invalid("missing-parameter", "Missing route parameter",
                           "parameter '\(name)' of route '\(route.text)' is empty")
        }
        let buildable = pattern.forms.filter { form in !form.contains { $0.kind == .wildcard } }
        guard !buildable.isEmpty else {
            throw .invalid("unbuildable-route", "Route cannot be built",
                           "route '\(route.text)' has an anonymous wildcard '*' and cannot be made into a link")
        }
        let provided = Set(parameters.keys)
        guard let form = buildable.last(where: { Set($0.compactMap(\.parameterName)) == provided }) else {
            let shortest = buildable[0]
            let missing = shortest.compactMap(\.parameterName).first { !provided.contains($0) }
                ?? buildable.flatMap { $0.compactMap(\.parameterName) }.first { !provided.contains($0) }
                ?? names.first { !provided.contains($0) } ?? "?"
            throw .invalid("missing-parameter", "Missing route parameter",
                           "route '\(route.text)' needs parameter '\(missing)'")
        }
        var segments: [String] = []
        for segment in form {
            switch segment.kind {
            case .literal(let text):
                segments.append(URLText.encode(text))
            case .parameter(let name), .rest(let name):
                let value = parameters[name]!
                if let constraintName = segment.constraint, let constraint = constraints[constraintName],
                   !constraint.accepts(value) {
                    throw .invalid("constraint-violation", "Route parameter refused by its constraint",
                                   "parameter '\(name)' of route '\(route.text)' must be <\(constraintName)>, got '\(value)'")
                }
                if case .rest = segment.kind {
                    let pieces = value.split(separator: table.configuration.delimiter, omittingEmptySubsequences: false)
                    segments.append(pieces.map { URLText.encode(String($0)) }.joined(separator: String(table.configuration.delimiter)))
                } else {
                    segments.append(URLText.encode(value))
                }
            case .wildcard:
                segments.append("*")
            }
        }
        let path = segments.isEmpty ? "/" : segments.joined(separator: String(table.configuration.delimiter))
        let resolved = try? table.resolve(path)
        guard let resolved, resolved.route == route.text, resolved.routeParameters ?? [:] == parameters else {
            let other = resolved?.route.map { "route '\($0)'" } ?? "no route"
            throw .invalid("parameter-mismatch", "Parameters do not round-trip",
                           "with these parameters the link would open \(other), not '\(route.text)'")
        }
        return Target(route: route.text, routeName: route.name, path: path)
    }

    /// The custom-scheme URL (`shop://product/42?ref=mail`), when the table has a scheme.
    func schemeURL(path: String, query: [String: String]) -> String? {
        guard let scheme = table.configuration.schemes.first else { return nil }
        let body = path == "/" ? "" : path
        return "\(scheme)://\(body)\(URLText.query(query))"
    }

    /// The universal link (`https://shop.example.com/product/42?ref=mail`), when the table has a host.
    func universalLink(path: String, query: [String: String]) -> String? {
        guard let host = table.configuration.hosts.first else { return nil }
        let body = path == "/" ? "" : path
        return "https://\(host)/\(body)\(URLText.query(query))"
    }
}

/// Percent-encoding for the URLs the service writes.
enum URLText {
    /// Encodes everything but RFC 3986's unreserved characters.
    static func encode(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                output += "%"
                output.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                output.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
            }
        }
        return output
    }

    /// `?a=1&b=2` with names in order, or the empty string.
    static func query(_ items: [String: String]) -> String {
        guard !items.isEmpty else { return "" }
        return "?" + items.sorted { $0.key < $1.key }.map { "\(encode($0.key))=\(encode($0.value))" }.joined(separator: "&")
    }
}
