import Switchyard
import SwitchyardStore

/// Whether a stored link opens under the route table as it is now, and if not, why: the one
/// decision that the open path, `resolve`, `explain`, `routes diff --database` and `serve`'s start
/// check share.
///
/// A link stores its route's name (its pattern when the route had none) and its parameters. Its
/// route is, in order: the route with that name, the route that lists it in `formerNames`, the
/// route with the stored pattern, the route of the stored pattern's shape (the same literal
/// segments and parameter names, constraints aside: `product/:id<int>` for a link stored under
/// `product/:id`, as `routes diff` pairs them). The link opens when its parameters build that route's pattern
/// now (``RouteTable/url(for:parameters:query:fragment:scheme:host:)``); otherwise it breaks:
///
/// - `route-removed`: no route has its name, a former name or its pattern;
/// - `parameters-refused`: its parameters no longer build the route (a value its constraint now
///   refuses, a parameter the pattern no longer has or newly needs, a value that opens another
///   route); the reason is the SDK's message, which names the parameter and what it fails.
enum StoredLinkRoute {
    /// How a link's route was found.
    enum Found: String, Sendable, Hashable {
        /// By its stored name.
        case name
        /// By a route's `formerNames`.
        case formerName = "former-name"
        /// By its stored pattern.
        case pattern
        /// By its stored pattern's shape: the same literals and parameter names, other constraints.
        case shape
    }

    /// A stored link that does not open under the table.
    struct Broken: Error, Sendable, Hashable {
        /// `route-removed` or `parameters-refused`.
        var kind: String
        /// Why, in a sentence.
        var reason: String
        /// Whether another link of the same route and parameter names may open (a value its
        /// constraint refuses, a value that opens another route), rather than none of them.
        var dependsOnValues = false
    }

    /// The route a link stored under `name` (if any) and `pattern` opens now.
    static func route(name: String?, pattern: String, in table: RouteTable) -> (route: Route, found: Found)? {
        if let name, let route = table.route(named: name) {
            return (route, route.name == name ? .name : .formerName)
        }
        if let route = table.route(pattern), route.text == pattern { return (route, .pattern) }
        if let route = table.routes.first(where: { $0.text == pattern }) { return (route, .pattern) }
        return sameShape(as: pattern, in: table).first.map { ($0, .shape) }
    }

    /// The routes whose pattern has the shape of `pattern`: the same literal segments and
    /// parameter names in the same places, whatever their constraints; none when `pattern` no
    /// longer parses.
    static func sameShape(as pattern: String, in table: RouteTable) -> [Route] {
        guard let stored = try? RoutePattern(pattern, delimiter: table.configuration.delimiter) else { return [] }
        let shape = namedShape(stored.forms)
        return table.routes.filter { namedShape($0.pattern.forms) == shape }
    }

    /// A pattern's forms with constraints left out: `product/:id/reviews` for `product/:id<int>/reviews`.
    static func namedShape(_ forms: [[PatternSegment]]) -> [[String]] {
        forms.map { form in
            form.map { segment in
                switch segment.kind {
                case .literal(let text): "=" + text
                case .parameter: ":" + (segment.parameterName ?? "")
                case .wildcard: "*"
                case .rest: "..." + (segment.parameterName ?? "")
                }
            }
        }
    }

    /// The route `link` opens now with its internal path (`product/42`), or why it does not.
    static func check(_ link: SmartLink, in table: RouteTable) -> Result<(route: Route, path: String, found: Found), Broken> {
        check(name: link.routeName, pattern: link.route, parameters: link.routeParameters, in: table)
    }

    /// The route a link with this name, pattern and parameters opens now, or why it does not.
    static func check(name: String?, pattern: String, parameters: [String: String],
                      in table: RouteTable) -> Result<(route: Route, path: String, found: Found), Broken> {
        guard let (route, found) = route(name: name, pattern: pattern, in: table) else {
            let missing = name.map { "route named (or formerly named) '\($0)', nor one with its pattern '\(pattern)'" }
                ?? "route '\(pattern)', nor one of its shape"
            return .failure(Broken(kind: "route-removed", reason: "the table has no \(missing): the service builds no deep link"))
        }
        // Two routes of one shape (`item/:id<int>` and `item/:id<uuid>`): the first whose pattern
        // the parameters build.
        if found == .shape {
            for other in sameShape(as: pattern, in: table).dropFirst() {
                if let path = try? table.url(for: other.name ?? other.text, parameters: parameters) {
                    if (try? table.url(for: route.name ?? route.text, parameters: parameters)) == nil {
                        return .success((other, path, found))
                    }
                }
            }
        }
        do {
            return .success((route, try table.url(for: route.name ?? route.text, parameters: parameters), found))
        } catch {
            let label = route.name.map { "route '\($0)' ('\(route.text)')" } ?? "route '\(route.text)'"
            let byValue: [LinkBuildError.Code] = [.constraintViolation, .shadowed, .emptyValue, .emptySegment, .invalidValue, .unresolvable]
            return .failure(Broken(kind: "parameters-refused", reason: "its parameters no longer build \(label): \(error.message)",
                                   dependsOnValues: byValue.contains(error.code)))
        }
    }

    /// The route a link shows now (its pattern and name in the table), or as stored when it has
    /// none: what `resolve` and the link's API answer as `route` and `routeName`.
    static func shown(_ link: SmartLink, in table: RouteTable) -> (route: String, name: String?) {
        guard let (route, _) = route(name: link.routeName, pattern: link.route, in: table) else { return (link.route, link.routeName) }
        return (route.text, route.name)
    }
}
