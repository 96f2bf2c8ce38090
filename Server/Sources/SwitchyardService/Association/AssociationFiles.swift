@_spi(SwitchyardService) import Switchyard

/// `apple-app-site-association` and `assetlinks.json`, generated once from the route table.
///
/// The service runs on a domain of its own (`go.example.com`) that the app lists as an associated
/// domain, so the files claim the short links themselves: a tap on `https://go.example.com/Ab3dE9xQ`
/// opens the installed app at once. Where the service also answers the app's own host, the app's
/// routes are claimed as well. Components are evaluated in order and the first that matches
/// decides, so they come as:
///
/// 1. excluded: web-only routes, then the service's own paths (API, dashboard, association files,
///    health, metrics, OpenAPI document, the Firebase-compatible API);
/// 2. included: each app route, one component per form of its pattern and per screen prefix, with
///    `*` for a parameter and `/*` for a rest of path;
/// 3. excluded: the words no alias may take, any other path of two or more segments (`/*/*`) and
///    any one-segment path with a dot (`/favicon.ico`, `/robots.txt`), which codes never contain;
/// 4. included: `/?*`, every other one-segment path: each code and custom alias, present and future.
///
/// The file therefore stays the same size however many links exist (Apple's limit is 128 KB).
struct AssociationFiles: Sendable {
    /// Apple's limit on the association file's size.
    static let appleSizeLimit = 128 * 1024

    let appleAppSiteAssociation: String
    let assetLinks: String

    /// Paths the service answers itself, never opened by the app.
    static let servicePaths = [
        "/api", "/api/*", "/dashboard", "/dashboard/*", "/.well-known/*", "/health", "/metrics", "/openapi.json",
        "/v1/*",
    ]

    /// One component of the files: a path pattern in the wildcard syntax (`*` any run of characters,
    /// `/` included; `?` one character), whether it excludes, and why it is there.
    struct Component: Sendable, Equatable {
        var path: String
        var exclude: Bool
        var caseSensitive = true
        var comment: String

        var json: JSONValue {
            var members: [String: JSONValue] = ["/": .string(path), "comment": .string(comment)]
            if exclude { members["exclude"] = .bool(true) }
            if !caseSensitive { members["caseSensitive"] = .bool(false) }
            return .object(members)
        }
    }

    init(table: RouteTable) {
        let components = Self.components(table: table).map(\.json)
        let apps = table.configuration.apps

        var details: [JSONValue] = []
        if !apps.ios.isEmpty {
            details.append(.object(["appIDs": .array(apps.ios.map { .string($0) }), "components": .array(components)]))
        }
        appleAppSiteAssociation = JSONValue.object(["applinks": .object(["details": .array(details)])]).serialized()

        let statements: [JSONValue] = apps.android.map { app in
            .object([
                "relation": .array([.string("delegate_permission/common.handle_all_urls")]),
                "target": .object([
                    "namespace": .string("android_app"),
                    "package_name": .string(app.package),
                    "sha256_cert_fingerprints": .array(app.sha256CertFingerprints.map { .string($0) }),
                ]),
                "relation_extensions": .object([
                    "delegate_permission/common.handle_all_urls": .object([
                        "dynamic_app_link_components": .array(components)
                    ])
                ]),
            ])
        }
        assetLinks = JSONValue.array(statements).serialized()
    }

    /// Whether the table names no app at all (the service warns at start-up).
    static func hasNoApps(_ table: RouteTable) -> Bool {
        table.configuration.apps.ios.isEmpty && table.configuration.apps.android.isEmpty
    }

    /// The components, in the order they are evaluated (see the type's discussion).
    static func components(table: RouteTable) -> [Component] {
        let caseSensitive = table.configuration.caseSensitive
        let delimiter = table.configuration.delimiter
        var components: [Component] = []
        var seen: Set<String> = []
        func add(_ path: String, exclude: Bool, caseSensitive: Bool = true, comment: String) {
            guard seen.insert(path).inserted else { return }
            components.append(Component(path: path, exclude: exclude, caseSensitive: caseSensitive, comment: comment))
        }
        for route in table.routes where route.definition.webOnly {
            for path in paths(route, delimiter: delimiter) {
                add(path, exclude: true, caseSensitive: caseSensitive, comment: "web only: \(route.text)")
            }
        }
        for path in servicePaths { add(path, exclude: true, caseSensitive: false, comment: "the link service") }
        for route in table.routes where !route.definition.webOnly {
            for path in paths(route, delimiter: delimiter) {
                add(path, exclude: false, caseSensitive: caseSensitive, comment: route.name ?? route.text)
            }
        }
        for word in LinkCodes.reserved.sorted() {
            add("/" + word, exclude: true, caseSensitive: false, comment: "reserved by the link service")
        }
        add("/*/*", exclude: true, comment: "no other path of two or more segments")
        add("/*.*", exclude: true, comment: "files, which codes never name")
        add("/?*", exclude: false, comment: "short links: every code and custom alias")
        return components
    }

    /// One path per form of the route's pattern and per screen prefix of each form, in the
    /// association files' wildcard syntax.
    static func paths(_ route: Route, delimiter: Character) -> [String] {
        var paths: [String] = []
        for form in route.pattern.forms {
            for length in 1..<max(form.count, 1) where form[length - 1].screen != nil {
                if case .rest = form[length - 1].kind { continue }
                paths.append(path(form[0..<length], delimiter: delimiter))
            }
            paths.append(path(form[...], delimiter: delimiter))
        }
        return paths
    }

    private static func path(_ form: ArraySlice<PatternSegment>, delimiter: Character) -> String {
        var path = ""
        for (index, segment) in form.enumerated() {
            let separator = index == 0 ? "/" : String(delimiter)
            switch segment.kind {
            case .literal(let text): path += separator + PercentEncoding.encode(text)
            case .parameter, .wildcard: path += separator + "*"
            case .rest: path += (delimiter == "/" ? "/" : separator) + "*"
            }
        }
        return path.isEmpty ? "/" : path
    }
}
