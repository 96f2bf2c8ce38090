import RoutingKit
import Switchyard

/// Builders for every matcher under test, from the generated patterns.
public enum Peers {
    /// A Switchyard table for the `myapp` scheme.
    public static func switchyard(_ patterns: [String]) -> RouteTable {
        do {
            return try RouteTable(patterns, schemes: [BenchmarkData.scheme])
        } catch {
            fatalError("Switchyard rejected the generated table: \(error)")
        }
    }

    /// A `Router` as an app registers one: every pattern mapped to a destination closure, then a
    /// gate filter naming ten of the routes appended (checked against the table).
    public static func mappedRouter(_ patterns: [String]) -> Switchyard.Router {
        do {
            let router = try Switchyard.Router(schemes: [BenchmarkData.scheme])
            for pattern in patterns { try router.map(pattern) { _ in } }
            try router.appendFilter(GateFilter(routes: Array(patterns.prefix(10))) { true })
            return router
        } catch {
            fatalError("Switchyard's router rejected the generated table: \(error)")
        }
    }

    /// A `Router` made from a configuration holding the routes (a route-table file's, no closures).
    public static func configuredRouter(_ patterns: [String]) -> Switchyard.Router {
        do {
            return try Switchyard.Router(RouteTableConfiguration(schemes: [BenchmarkData.scheme],
                                                      routes: patterns.map { RouteDefinition($0) }))
        } catch {
            fatalError("Switchyard's router rejected the generated table: \(error)")
        }
    }

    /// routing-kit's trie, its output being the pattern text; the patterns parsed by routing-kit.
    public static func routingKit(_ patterns: [String]) -> TrieRouter<String> {
        let router = TrieRouter(String.self)
        for pattern in patterns { router.register(pattern, at: pattern.pathComponents) }
        return router
    }

    /// routing-kit's trie from components parsed beforehand (registration alone).
    public static func routingKit(_ patterns: [String], components: [[PathComponent]]) -> TrieRouter<String> {
        let router = TrieRouter(String.self)
        for (pattern, path) in zip(patterns, components) { router.register(pattern, at: path) }
        return router
    }

    /// The URL split the way a server splits a request path: scheme stripped, `/`-separated strings.
    @inline(__always)
    public static func split(_ url: String) -> [String] {
        url.utf8.dropFirst(BenchmarkData.scheme.utf8.count + 3).split(separator: UInt8(ascii: "/"))
            .map { String(Substring($0)) }
    }
}

extension TrieRouter: @retroactive @unchecked Sendable {}
