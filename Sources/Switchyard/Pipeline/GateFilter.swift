/// A filter that holds links while a gate is closed: HOKO's "open this after the user logs in".
///
/// Under a ``Navigator`` (an app's every entry point), a held link is kept by the navigator
/// (``Navigator/heldLinks``, by its ``Navigator/gatedLinkPolicy``), and survives a change of
/// routers; open it with ``Navigator/openPendingLink()`` once the gate opens. A router routed on
/// its own keeps it as its ``Router/pendingLink`` (persisted by its ``Router/pendingLinkStore``);
/// open it with ``Router/openPendingLink()``.
///
/// ```swift
/// try router.appendFilter(GateFilter(routes: ["profile", "orders/:id"]) { await session.isLoggedIn })
/// // ... after login:
/// await navigator.openPendingLink()   // a router on its own: await router.openPendingLink()
/// ```
public struct GateFilter: LinkFilter {
    /// The route names or patterns the gate guards; nil guards every link, the default route's too.
    public let routes: Set<String>?
    private let isOpen: @Sendable () async -> Bool

    /// Creates a gate.
    ///
    /// - Parameters:
    ///   - routes: route names or patterns to guard; nil (the default) guards every link.
    ///   - isOpen: answers whether links may pass now (for instance, whether the user is logged in).
    public init(routes: [String]? = nil, isOpen: @escaping @Sendable () async -> Bool) {
        self.routes = routes.map(Set.init)
        self.isOpen = isOpen
    }

    /// Checks that every route the gate names is a route name or pattern of the table: a typo
    /// would guard nothing.
    ///
    /// - Throws: ``RouteTableBuildError`` with one ``RouteTableBuildError/Issue/Code/unknownRoute``
    ///   issue per unknown name, in the order the names sort.
    public func check(against table: RouteTable) throws(RouteTableBuildError) {
        // A former name is not guarded: links carry the route's current name.
        try check(isRoute: { name in table.route(name).map { $0.name == name || $0.text == name } == true },
                  names: { table.routes.compactMap(\.name) })
    }

    /// The check of ``check(against:)`` on what a table would hold: whether a name or pattern is
    /// one of its routes, and its route names in route order (read only when a name is unknown).
    /// ``Router`` checks a gate on its registrations this way, without compiling the table.
    func check(isRoute: (String) -> Bool, names: () -> [String]) throws(RouteTableBuildError) {
        guard let routes else { return }
        let unknown = routes.filter { !isRoute($0) }.sorted()
        guard !unknown.isEmpty else { return }
        let names = names()
        let known = names.isEmpty ? "it has no named routes" : "its names: " + names.joined(separator: ", ")
        throw RouteTableBuildError(issues: unknown.map { name in
            .init(code: .unknownRoute, patterns: [name], routeIndices: [], position: nil,
                  message: "GateFilter guards '\(name)', which is neither a route name nor a pattern of the table (\(known))")
        })
    }

    /// Holds the link when it is guarded and the gate is closed; passes it otherwise.
    public func filter(_ link: DeepLink) async -> FilterDecision {
        if let routes {
            let guarded = link.route.map(routes.contains) == true || link.routeName.map(routes.contains) == true
            if !guarded { return .pass }
        }
        return await isOpen() ? .pass : .hold
    }
}
