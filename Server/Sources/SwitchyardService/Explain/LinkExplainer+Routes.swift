import Switchyard

/// Links the service does not answer: universal links on the table's hosts, custom-scheme URLs,
/// URNs and internal paths, and the route any link opens.
extension LinkExplainer {
    /// The route a deep link opens, with its typed parameters and plan; nil when it opens none.
    func routeInfo(deepLink: String?) -> LinkExplanation.RouteInfo? {
        guard let deepLink, let link = try? service.table.resolve(deepLink), let pattern = link.route,
              let route = service.table.route(for: link) else { return nil }
        var types: [String: String] = [:]
        for form in route.pattern.forms {
            for segment in form {
                if let name = segment.parameterName { types[name] = segment.constraint ?? "string" }
            }
        }
        let steps = service.table.plan(for: link)?.steps.map {
            LinkExplanation.Step(screen: $0.screen, presentation: $0.presentation.rawValue, parameters: $0.parameters)
        } ?? []
        let parameters = link.routeParameters ?? [:]
        return .init(name: link.routeName, pattern: pattern, parameters: parameters,
                     parameterTypes: types.filter { parameters[$0.key] != nil }, queryParameters: link.queryParameters,
                     plan: steps, webOnly: route.definition.webOnly)
    }

    /// A universal link on the app's host, a custom-scheme URL or an internal link: the app's
    /// claim decides; the service sees no request.
    func routeURL(_ url: String, kind: String) throws -> LinkExplanation {
        let link: DeepLink
        do {
            link = try service.table.resolve(url)
        } catch {
            throw Failure("'\(url)' is not a link this route table reads: \(error.message)")
        }
        var warnings: [LinkExplanation.Warning] = []
        appWarnings(&warnings)
        let route = routeInfo(deepLink: url)
        if route == nil {
            warnings.append(.init(code: "no-route", message: "no route matches: the app's default route gets it"))
        }
        if route?.webOnly == true {
            warnings.append(.init(code: "web-only", message: "route '\(route!.pattern)' is web only: the association files exclude it, so it stays in the browser"))
        }
        let files = publishedFiles()
        var cases: [LinkExplanation.Case] = []
        var unclaimed: Set<String> = []
        for (platform, app) in Self.order {
            var entry = LinkExplanation.Case(platform: platform, app: app, action: "refuse", target: nil, claim: nil, deferred: .none,
                                             reason: "", userAgent: nil, status: nil, location: nil)
            switch kind {
            case "universal-link":
                if app == "installed", let claim = claim(files, platform: platform, path: AssociationURL(url)) {
                    entry.action = "open-app"
                    entry.target = url
                    entry.claim = claim
                    entry.reason = "the system opens the app: the association file generated from this table (as serve publishes it) claims the path on \(link.host ?? "the host")"
                } else {
                    if app == "installed", hasApp(platform), route?.webOnly != true {
                        unclaimed.insert(platform == "android" ? "assetlinks.json" : "apple-app-site-association")
                    }
                    entry.action = platform == "crawler" ? "preview" : "page"
                    entry.target = url
                    entry.reason = platform == "crawler"
                        ? "the crawler reads the website's own preview of \(url) (this service does not answer that host)"
                        : "the browser loads \(url) from the app's website (this service does not answer that host)"
                }
            case "custom-scheme":
                if app == "installed", hasApp(platform) {
                    entry.action = "open-app"
                    entry.target = url
                    let appID = platform == "android" ? service.table.configuration.apps.android.first!.package : service.table.configuration.apps.ios.first!
                    entry.claim = .init(kind: "scheme", file: nil, app: appID, component: "\(link.scheme ?? "")://", position: nil,
                                        comment: "the app registers the custom scheme")
                    entry.reason = "the app registered the scheme '\(link.scheme ?? "")'; browsers ask before opening it"
                } else {
                    entry.reason = app == "absent"
                        ? "no installed app handles '\(link.scheme ?? "")': the system shows an error; use a short link or a universal link"
                        : "browsers and crawlers cannot open a custom scheme"
                }
            default:
                entry.reason = "an internal link (a URN or a path): it opens only inside the app (navigation, push payloads), never from a tap elsewhere"
            }
            cases.append(entry)
        }
        for file in unclaimed.sorted() {
            warnings.append(.init(code: "unclaimed-path", message: "\(file) as this table generates it does not claim \(AssociationURL(url).path)"))
        }
        return LinkExplanation(url: url, kind: kind, code: nil, route: route, cases: cases, warnings: warnings)
    }
}
