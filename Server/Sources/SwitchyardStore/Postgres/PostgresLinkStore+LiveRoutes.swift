public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    /// The start-up check's scan of every live link outlasts the per-call deadline on a large
    /// table (a million links: more than 5 seconds); it runs once, before the service listens.
    static let scanDeadline: Duration = .seconds(600)

    /// The live links grouped by stored route name, pattern and parameter names (``LiveRouteQueries``).
    public func liveRouteGroups(at now: Date) async throws -> [LiveRouteGroup] {
        // The parameter names of each link are its JSON object's keys, joined in byte order.
        try await rows("""
            SELECT route_name, route, shape, COUNT(*), MIN(code COLLATE "C") FROM (
                SELECT route_name, route, code,
                       COALESCE((SELECT string_agg(key, ',' ORDER BY key COLLATE "C") FROM jsonb_object_keys(route_parameters::jsonb) AS key), '') AS shape
                FROM links WHERE deleted_at IS NULL AND (expires_at IS NULL OR expires_at > \(now))) AS live
            GROUP BY route, route_name, shape ORDER BY route COLLATE "C", route_name COLLATE "C" NULLS FIRST, shape COLLATE "C"
            """, deadline: Self.scanDeadline).map { row in
            let (name, route, shape, count, first) = try row.decode((String?, String, String, Int64, String).self)
            return LiveRouteGroup(routeName: name, route: route,
                                  parameterNames: shape.isEmpty ? [] : shape.split(separator: ",").map(String.init),
                                  count: Int(count), firstCode: first)
        }
    }

    /// The live links of one stored route, in code order, after `code`.
    public func liveLinks(routeName: String?, route: String, after code: String?, limit: Int) async throws -> [SmartLink] {
        let limit = ListLimit.clamped(limit)
        return try await rows("""
            SELECT \(unescaped: Self.columns) FROM links
            WHERE deleted_at IS NULL AND route = \(route) AND route_name IS NOT DISTINCT FROM \(routeName)
              AND code COLLATE "C" > \(code ?? "") ORDER BY code COLLATE "C" LIMIT \(limit)
            """).map(Self.decodeLink)
    }

    /// Names the live links stored without a route name by their pattern; answers how many.
    public func nameStoredRoutes(_ names: [String: String]) async throws -> Int {
        var named = 0
        for (pattern, name) in names.sorted(by: { $0.key < $1.key }) {
            let rows = try await rows("""
                WITH named AS (UPDATE links SET route_name = \(name) WHERE deleted_at IS NULL AND route = \(pattern) AND route_name IS NULL RETURNING 1)
                SELECT COUNT(*) FROM named
                """)
            for row in rows { named += Int(try row.decode(Int64.self)) }
        }
        return named
    }
}
