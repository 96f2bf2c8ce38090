public import Foundation

extension InMemoryLinkStore {
    /// The live links grouped by stored route name, pattern and parameter names (``LiveRouteQueries``).
    public func liveRouteGroups(at now: Date) async throws -> [LiveRouteGroup] {
        try check()
        var groups: [[String?]: LiveRouteGroup] = [:]
        let precedes = { (left: String, right: String) in left.utf8.lexicographicallyPrecedes(right.utf8) }
        for link in links.values where !link.isGone(at: now) {
            let names = link.routeParameters.keys.sorted()
            let key: [String?] = [link.routeName, link.route] + names
            if var group = groups[key] {
                group.count += 1
                if precedes(link.code, group.firstCode) { group.firstCode = link.code }
                groups[key] = group
            } else {
                groups[key] = LiveRouteGroup(routeName: link.routeName, route: link.route, parameterNames: names, count: 1, firstCode: link.code)
            }
        }
        return groups.values.sorted { ($0.route, $0.routeName ?? "", $0.parameterNames.joined(separator: ",")) < ($1.route, $1.routeName ?? "", $1.parameterNames.joined(separator: ",")) }
    }

    /// The live links of one stored route, in code order, after `code`.
    public func liveLinks(routeName: String?, route: String, after code: String?, limit: Int) async throws -> [SmartLink] {
        try check()
        let precedes = { (left: String, right: String) in left.utf8.lexicographicallyPrecedes(right.utf8) }
        let live = links.values.filter { link in
            link.deletedAt == nil && link.route == route && link.routeName == routeName && (code.map { precedes($0, link.code) } ?? true)
        }
        return Array(live.sorted { precedes($0.code, $1.code) }.prefix(ListLimit.clamped(limit)))
    }

    /// Names the live links stored without a route name by their pattern; answers how many.
    public func nameStoredRoutes(_ names: [String: String]) async throws -> Int {
        try check()
        var named = 0
        for (code, link) in links where link.routeName == nil && link.deletedAt == nil {
            if let name = names[link.route] {
                links[code]?.routeName = name
                named += 1
            }
        }
        return named
    }
}
