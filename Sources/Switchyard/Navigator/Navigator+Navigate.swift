extension Navigator {
    /// Internal navigation to a route by name (or former name, or pattern: ``RouteTable/route(_:)``):
    /// the first router whose table has that route builds its internal path (``RouteTable/url(for:parameters:query:fragment:scheme:host:)``),
    /// which then goes through ``route(_:source:metadata:)`` with source ``LinkSource/internal``.
    /// A URN or path the app already has goes straight to ``route(_:source:metadata:)``.
    ///
    /// ```swift
    /// await navigator.navigate(to: "product", parameters: ["product_id": "42"],
    ///                          query: [QueryItem(name: "tab", value: "reviews")])
    /// ```
    /// - Returns: false when no router has the route or its URL cannot be built (a missing or
    ///   invalid parameter: reported to ``onOutcome`` as ``RoutingOutcome/failed(_:_:)`` with the
    ///   ``LinkBuildError``); otherwise whether the link was handled.
    @discardableResult
    public func navigate(to route: String, parameters: [String: String] = [:], query: [QueryItem] = []) async -> Bool {
        let routers = self.routers
        let table = routers.lazy.map { $0.table() }.first { $0.route(route) != nil } ?? routers.first?.table()
        do {
            guard let table else { throw LinkBuildError(.unknownRoute, "no router to navigate to '\(route)'") }
            let path = try table.url(for: route, parameters: parameters, query: query)
            return await self.route(path, source: .internal).handled
        } catch {
            return await self.route(.refused(.failed(DeepLink(url: route, source: .internal), error))).handled
        }
    }
}
