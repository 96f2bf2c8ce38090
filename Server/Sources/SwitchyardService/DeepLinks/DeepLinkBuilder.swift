import Switchyard
import SwitchyardStore

/// Checks a requested route and its parameters against the route table and writes the deep
/// link's custom-scheme URL and universal link, through the SDK's reverse routing
/// (``RouteTable/url(for:parameters:query:fragment:scheme:host:)``), which guarantees that every
/// link it accepts resolves back to the same route with the same parameters: a link the app
/// cannot open cannot be created.
struct DeepLinkBuilder: Sendable {
    let table: RouteTable

    /// A validated route with its parameters.
    struct Target: Sendable, Hashable {
        /// The route's pattern as written.
        var route: String
        /// The route's name.
        var routeName: String?
        /// The internal path (`product/42`).
        var path: String
    }

    /// Validates a route (by name or pattern) and its parameters.
    ///
    /// - Throws: a 400 ``Problem`` with the SDK's message: an unknown route, a missing, unknown or
    ///   empty parameter, a value its constraint refuses, parameters that would open another route.
    func target(route nameOrPattern: String, parameters: [String: String]) throws(Problem) -> Target {
        guard let route = table.route(nameOrPattern) else {
            throw .invalid("unknown-route", "Unknown route", "no route named or patterned '\(nameOrPattern)' in the route table")
        }
        do {
            let path = try table.url(for: route.text, parameters: parameters)
            return Target(route: route.text, routeName: route.name, path: path)
        } catch {
            throw Self.problem(error)
        }
    }

    /// The universal link and the custom-scheme URL of a stored link, built from the route it opens
    /// now (``StoredLinkRoute``); both nil when it no longer opens.
    func urls(for link: SmartLink) -> DeepLinkURLs {
        guard case .success(let found) = StoredLinkRoute.check(link, in: table) else { return (nil, nil) }
        return urls(route: found.route.name ?? found.route.text, parameters: link.routeParameters, query: link.queryParameters)
    }

    /// The universal link and the custom-scheme URL of a route with parameters and query; either
    /// is nil when the table has no host (or no scheme) or the link no longer builds.
    func urls(route: String, parameters: [String: String], query: [String: String]) -> (universal: String?, scheme: String?) {
        let items = query.sorted { $0.key < $1.key }.map { QueryItem(name: $0.key, value: $0.value) }
        let configuration = table.configuration
        let universal = configuration.hosts.first.flatMap {
            try? table.url(for: route, parameters: parameters, query: items, host: $0)
        }
        let scheme = configuration.schemes.first.flatMap {
            try? table.url(for: route, parameters: parameters, query: items, scheme: $0)
        }
        return (universal, scheme)
    }

    static func problem(_ error: LinkBuildError) -> Problem {
        let (kind, title): (String, String) = switch error.code {
        case .unknownRoute: ("unknown-route", "Unknown route")
        case .missingParameter, .emptyValue, .emptySegment, .noMatchingForm: ("missing-parameter", "Missing route parameter")
        case .unknownParameter: ("unknown-parameter", "Unknown route parameter")
        case .constraintViolation: ("constraint-violation", "Route parameter refused by its constraint")
        case .shadowed: ("parameter-mismatch", "Parameters open another route")
        default: ("invalid-route-parameters", "Invalid route parameters")
        }
        return .invalid(kind, title, error.message)
    }
}
