public import Switchyard

/// The names that links stored without one take at start-up
/// (``LiveRouteQueries/nameStoredRoutes(_:)``).
public enum StoredRouteNames {
    /// Each named route's pattern, to its name.
    public static func byPattern(_ table: RouteTable) -> [String: String] {
        var names: [String: String] = [:]
        for route in table.routes {
            if let name = route.name { names[route.text] = name }
        }
        return names
    }
}
