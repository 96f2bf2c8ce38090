extension RouteTable {
    /// Builds the URL for a route (by name or pattern): reverse routing.
    ///
    /// ```swift
    /// let table = try RouteTable(["product/:id<int>", "docs/{path...}"], schemes: ["shop"], hosts: ["shop.example.com"])
    /// try table.url(for: "product/:id<int>", parameters: ["id": "42"])                    // "product/42"
    /// try table.url(for: "product/:id<int>", parameters: ["id": "42"], scheme: "shop")    // "shop://product/42"
    /// try table.url(for: "docs/{path...}", parameters: ["path": "a/b c"], host: "shop.example.com")
    /// // "https://shop.example.com/docs/a/b%20c"
    /// ```
    ///
    /// - With a `scheme` (one of the table's schemes when it lists any): `scheme://path`.
    /// - With a `host` (one of the table's hosts): `https://host/path`.
    /// - With neither: the internal path (`product/42`, or `post:abc` with the delimiter `:`); the
    ///   root route `/` builds `shop://`, `https://host/` and `/`.
    ///
    /// Each value is percent-encoded as one segment (a rest parameter's value is split on the
    /// delimiter and each piece encoded); query items are form-encoded, and one with neither a
    /// name nor a value is left out. An optional group is
    /// written when its parameters are given: the form that takes exactly the given parameters is
    /// built (the shortest, when several do). A route with screens builds its full path. A
    /// wildcard (`list/*`) takes its value under the key `"*"`; every wildcard of the route gets it.
    ///
    /// The URL is then resolved with this table: when it would open another route, or the same route
    /// with other parameters (`product/:id` with `id` "featured" while `product/featured` exists),
    /// the call throws ``LinkBuildError/Code/shadowed``. So `resolve(url(for: ...))` always gives
    /// back the route and parameters asked for.
    ///
    /// - Throws: ``LinkBuildError``: unknown route, missing, unknown or empty parameter, a value
    ///   that breaks its constraint, a scheme or host the table does not answer, a shadowed URL.
    /// - Complexity: O(*n*) in the length of the URL, plus one resolution.
    public func url(
        for route: String, parameters: [String: String] = [:], query: [QueryItem] = [], fragment: String? = nil,
        scheme: String? = nil, host: String? = nil
    ) throws(LinkBuildError) -> String {
        guard let found = self.route(route) else {
            throw LinkBuildError(.unknownRoute, "no route named or patterned '\(route)'")
        }
        let origin = try origin(scheme: scheme, host: host)
        let builder = LinkBuilder(route: found, delimiter: storage.rules.delimiter, constraints: storage.matcher.constraints)
        let form = try builder.chooseForm(for: parameters)
        let path = try builder.path(form[...], parameters: parameters)
        return try checked(origin.prefix(path) + Self.suffix(query: query, fragment: fragment),
                           route: found, parameters: parameters)
    }

    /// Rebuilds a URL for a resolved link's route, parameters, query items and fragment: the round
    /// trip of ``resolve(_:source:)``.
    ///
    /// ```swift
    /// let link = try table.resolve("shop://product/42?ref=mail")
    /// try table.url(for: link, host: "shop.example.com") // "https://shop.example.com/product/42?ref=mail"
    /// ```
    ///
    /// The link's scheme and host are not reused: pass `scheme` or `host` as for
    /// ``url(for:parameters:query:fragment:scheme:host:)``, or neither for the internal path. A link
    /// that matched a screen route's prefix (`list` of `list{A}/:itemID{B}`) rebuilds that prefix; a
    /// wildcard's value is taken from the link's path.
    ///
    /// - Throws: ``LinkBuildError``; ``LinkBuildError/Code/unmatchedLink`` for a link that matched no route.
    public func url(for link: DeepLink, scheme: String? = nil, host: String? = nil) throws(LinkBuildError) -> String {
        guard let routeText = link.route, var parameters = link.routeParameters else {
            throw LinkBuildError(.unmatchedLink, "the link '\(link.url)' matched no route")
        }
        guard let found = route(for: link) else {
            throw LinkBuildError(.unknownRoute, "no route named or patterned '\(routeText)'")
        }
        let origin = try origin(scheme: scheme, host: host)
        let builder = LinkBuilder(route: found, delimiter: storage.rules.delimiter, constraints: storage.matcher.constraints)
        let form: ArraySlice<PatternSegment>
        if link.routeIndex == found.index, let matched = link.matchedForm, matched.ordinal < found.pattern.forms.count,
           matched.length <= found.pattern.forms[matched.ordinal].count {
            form = found.pattern.forms[matched.ordinal].prefix(matched.length)
            if parameters["*"] == nil, let wildcard = form.firstIndex(where: { $0.kind == .wildcard }) {
                parameters["*"] = LinkBuilder.segment(wildcard, ofPath: link.path, delimiter: storage.rules.delimiter)
            }
            try builder.check(parameters, against: form)
        } else {
            form = try builder.chooseForm(for: parameters)[...]
        }
        let path = try builder.path(form, parameters: parameters)
        return try checked(origin.prefix(path) + Self.suffix(query: link.queryItems, fragment: link.fragment),
                           route: found, parameters: parameters)
    }

    /// The URL of a path that ``url(for:parameters:query:fragment:scheme:host:)`` built without a
    /// scheme or host (so checked then), with `scheme` or `host` and `query`: the same text that call
    /// gives with them, without building and resolving the path again. For the Switchyard service,
    /// which checks a link's route once and writes its universal link and custom-scheme URL from
    /// that one path.
    ///
    /// ```swift
    /// let path = try table.url(for: "product/:id", parameters: ["id": "42"])    // checked once
    /// try table.url(verifiedPath: path, query: [QueryItem(name: "ref", value: "mail")], host: "shop.example.com")
    /// // "https://shop.example.com/product/42?ref=mail"
    /// ```
    ///
    /// - Throws: ``LinkBuildError`` for a scheme or host the table does not answer, or both given.
    @_spi(SwitchyardService)
    public func url(verifiedPath path: String, query: [QueryItem] = [], scheme: String? = nil,
                    host: String? = nil) throws(LinkBuildError) -> String {
        // The root route's path is written `/` without an origin, and empty after one.
        try origin(scheme: scheme, host: host).prefix(path == "/" ? "" : path) + Self.suffix(query: query, fragment: nil)
    }

    /// Where a built URL starts: a custom scheme, a universal-link host, or nothing.
    private struct Origin {
        var scheme: String?
        var host: String?

        func prefix(_ path: String) -> String {
            if let scheme { return scheme + "://" + path }
            if let host { return "https://" + host + "/" + path }
            return path.isEmpty ? "/" : path
        }
    }

    private func origin(scheme: String?, host: String?) throws(LinkBuildError) -> Origin {
        let configuration = storage.configuration
        if scheme != nil && host != nil {
            throw LinkBuildError(.schemeAndHost, "give a scheme or a host, not both")
        }
        if let scheme {
            // The table's schemes passed the same rule when it was built.
            if let problem = TableSettings.schemeProblem(scheme) {
                throw LinkBuildError(.invalidScheme, problem.message)
            }
            let lowered = scheme.lowercased()
            if !configuration.schemes.isEmpty && !configuration.schemes.contains(where: { $0.lowercased() == lowered }) {
                let expected = configuration.schemes.joined(separator: ", ")
                throw LinkBuildError(.invalidScheme,
                                     "scheme '\(scheme)' is not a scheme of this table (it answers: \(expected))")
            }
        }
        if let host {
            let lowered = host.lowercased()
            guard configuration.hosts.contains(where: { $0.lowercased() == lowered }) else {
                throw LinkBuildError(.unknownHost, "host '\(host)' is not a universal-link host of this table")
            }
        }
        return Origin(scheme: scheme, host: host)
    }

    private static func suffix(query: [QueryItem], fragment: String?) -> String {
        var suffix = ""
        let items = query.compactMap { item -> String? in
            if item.name.isEmpty && item.value.isEmpty { return nil }
            let name = LinkEncoding.queryComponent(item.name)
            return item.value.isEmpty ? name : name + "=" + LinkEncoding.queryComponent(item.value)
        }
        if !items.isEmpty { suffix += "?" + items.joined(separator: "&") }
        if let fragment { suffix += "#" + LinkEncoding.fragment(fragment) }
        return suffix
    }

    /// Resolves the built URL and throws unless it opens `route` with `parameters` (the wildcard's
    /// `"*"` aside, which a link does not carry).
    private func checked(_ url: String, route: Route, parameters: [String: String]) throws(LinkBuildError) -> String {
        var expected = parameters
        expected["*"] = nil
        let link: DeepLink
        do {
            link = try resolve(url)
        } catch {
            throw LinkBuildError(.unresolvable, "the built URL '\(url)' does not resolve: \(error.message)",
                                 route: route.text)
        }
        if link.routeIndex == route.index && link.routeParameters == expected { return url }
        guard let opened = link.route, let actual = link.routeParameters else {
            throw LinkBuildError(.shadowed, "the built URL '\(url)' opens no route, not '\(route.text)'",
                                 route: route.text)
        }
        if link.routeIndex == route.index {
            throw LinkBuildError(
                .shadowed,
                "the built URL '\(url)' opens '\(route.text)' with \(LinkBuilder.describe(actual)), not \(LinkBuilder.describe(expected))",
                route: route.text, openedRoute: opened)
        }
        throw LinkBuildError(.shadowed, "the built URL '\(url)' opens '\(opened)' instead of '\(route.text)'",
                             route: route.text, openedRoute: opened)
    }
}
