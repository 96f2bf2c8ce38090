public import Foundation
import GRDB

extension SQLiteLinkStore {
    /// The live links grouped by stored route name, pattern and parameter names (``LiveRouteQueries``).
    public func liveRouteGroups(at now: Date) async throws -> [LiveRouteGroup] {
        let now = StoredDate.milliseconds(now)
        return try await read { db in
            // The parameter names of each link are its JSON object's keys, joined in order.
            try Row.fetchAll(db, sql: """
                SELECT route_name, route, shape, COUNT(*), MIN(code) FROM (
                    SELECT route_name, route, code,
                           (SELECT COALESCE(group_concat(key, ','), '') FROM (SELECT key FROM json_each(links.route_parameters) ORDER BY key)) AS shape
                    FROM links WHERE deleted_at IS NULL AND (expires_at IS NULL OR expires_at > ?))
                GROUP BY route, route_name, shape ORDER BY route, route_name, shape
                """, arguments: [now]).map { row in
                let shape: String = row[2]
                return LiveRouteGroup(routeName: row[0], route: row[1],
                                      parameterNames: shape.isEmpty ? [] : shape.split(separator: ",").map(String.init),
                                      count: row[3], firstCode: row[4])
            }
        }
    }

    /// The live links of one stored route, in code order, after `code`.
    public func liveLinks(routeName: String?, route: String, after code: String?, limit: Int) async throws -> [SmartLink] {
        let limit = ListLimit.clamped(limit)
        return try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.columns) FROM links
                WHERE deleted_at IS NULL AND route = ? AND route_name IS ? AND code > ? ORDER BY code LIMIT ?
                """, arguments: [route, routeName, code ?? "", limit]).map(Self.decodeLink)
        }
    }

    /// Names the live links stored without a route name by their pattern; answers how many.
    public func nameStoredRoutes(_ names: [String: String]) async throws -> Int {
        try await write { db in
            var named = 0
            for (pattern, name) in names.sorted(by: { $0.key < $1.key }) {
                try db.execute(sql: "UPDATE links SET route_name = ? WHERE deleted_at IS NULL AND route = ? AND route_name IS NULL", arguments: [name, pattern])
                named += db.changesCount
            }
            return named
        }
    }
}
