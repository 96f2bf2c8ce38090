public import Foundation

/// The live links (not deleted, not expired) that share a stored route and the names of their
/// parameters: what `serve` checks against its route table before it listens, one group at a
/// time instead of one link at a time.
public struct LiveRouteGroup: Sendable, Hashable {
    /// The stored route name; nil for links made on a route without a name.
    public var routeName: String?
    /// The stored route pattern.
    public var route: String
    /// The links' parameter names, sorted.
    public var parameterNames: [String]
    /// How many live links the group has.
    public var count: Int
    /// Its smallest code (byte order), to read one link of the group.
    public var firstCode: String

    /// Creates a group.
    public init(routeName: String?, route: String, parameterNames: [String], count: Int, firstCode: String) {
        self.routeName = routeName
        self.route = route
        self.parameterNames = parameterNames
        self.count = count
        self.firstCode = firstCode
    }
}

/// How stored links follow the route table: grouped for the start-up check, read per route, and
/// given the name of the route whose pattern they stored.
public protocol LiveRouteQueries: Sendable {
    /// The live links at `now` grouped by stored route name, pattern and parameter names, in the
    /// order of route, name and parameter names.
    ///
    /// - Complexity: one aggregate query on SQLite and PostgreSQL (a scan of the live links that
    ///   returns one row per group, never the links).
    func liveRouteGroups(at now: Date) async throws -> [LiveRouteGroup]

    /// The live links (not deleted; expired ones included) stored with this route name and
    /// pattern, in code order, `limit` at a time (clamped to 1...1000) after `code`.
    func liveLinks(routeName: String?, route: String, after code: String?, limit: Int) async throws -> [SmartLink]

    /// Gives each live link (not deleted) stored without a route name the name of the route whose pattern it stored
    /// (`names`: pattern → name), so that it follows the route when its pattern changes later.
    /// Answers how many links were named.
    func nameStoredRoutes(_ names: [String: String]) async throws -> Int
}
