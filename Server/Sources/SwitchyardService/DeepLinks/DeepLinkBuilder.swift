@_spi(SwitchyardService) import Switchyard
import Synchronization
import SwitchyardStore

/// Checks a requested route and its parameters against the route table and writes the deep
/// link's custom-scheme URL and universal link, through the SDK's reverse routing
/// (``RouteTable/url(for:parameters:query:fragment:scheme:host:)``), which guarantees that every
/// link it accepts resolves back to the same route with the same parameters: a link the app
/// cannot open cannot be created.
struct DeepLinkBuilder: Sendable {
    let table: RouteTable

    /// A link with its deep links, written once from the path its route check verified: what a
    /// create stores, answers and sends to its webhooks.
    struct VerifiedLink: Sendable {
        /// The link as stored.
        var link: SmartLink
        /// Its universal link and custom-scheme URL.
        var urls: DeepLinkURLs
    }

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
    /// - Throws: ``LinkRuleError`` with the SDK's message: an unknown route, a missing, unknown or
    ///   empty parameter, a value its constraint refuses, parameters that would open another route.
    func target(route nameOrPattern: String, parameters: [String: String]) throws(LinkRuleError) -> Target {
        Self.counted()
        guard let route = table.route(nameOrPattern) else {
            throw LinkRuleError(.unknownRoute, "no route named or patterned '\(nameOrPattern)' in the route table")
        }
        do {
            let path = try table.url(for: route.text, parameters: parameters)
            return Target(route: route.text, routeName: route.name, path: path)
        } catch {
            throw LinkRuleError(error)
        }
    }

    /// The universal link and the custom-scheme URL of a stored link, built from the route it opens
    /// now (``StoredLinkRoute``, one build of its path); both nil when it no longer opens.
    func urls(for link: SmartLink) -> DeepLinkURLs {
        Self.counted()
        guard !link.isWebLink, case .success(let found) = StoredLinkRoute.check(link, in: table) else { return (nil, nil) }
        return urls(path: found.path, query: link.queryParameters)
    }

    /// The universal link and the custom-scheme URL of a path the route check verified
    /// (``Target/path``, ``StoredLinkRoute/check(_:in:)``), on the table's first host and scheme,
    /// with the query: no build. Either is nil when the table has no host (or no scheme).
    func urls(path: String, query: [String: String]) -> DeepLinkURLs {
        let items = query.sorted { $0.key < $1.key }.map { QueryItem(name: $0.key, value: $0.value) }
        let configuration = table.configuration
        let universal = configuration.hosts.first.flatMap { try? table.url(verifiedPath: path, query: items, host: $0) }
        let scheme = configuration.schemes.first.flatMap { try? table.url(verifiedPath: path, query: items, scheme: $0) }
        return (universal, scheme)
    }
}

#if DEBUG
extension DeepLinkBuilder {
    /// The route builds made in a task (``target(route:parameters:)``, ``urls(for:)``), counted in
    /// debug builds only: the tests' measure of one build per create and per cache-miss open.
    final class BuildCount: Sendable {
        let value = Mutex(0)
    }

    /// The count of the current task, if a test set one.
    @TaskLocal static var buildCount: BuildCount?

    private static func counted() {
        buildCount?.value.withLock { $0 += 1 }
    }
}
#else
extension DeepLinkBuilder {
    @inline(__always) private static func counted() {}
}
#endif
