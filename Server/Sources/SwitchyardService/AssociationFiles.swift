import Switchyard

/// `apple-app-site-association` and `assetlinks.json`, generated once from the route table.
///
/// Components come in this order: web-only routes (`"exclude": true`), the service's own paths
/// (excluded, so the API and the dashboard stay in the browser), then each app route, one
/// component per form of its pattern, with `*` for a parameter and `/*` for a rest of path.
struct AssociationFiles: Sendable {
    /// Apple's limit on the association file's size.
    static let appleSizeLimit = 128 * 1024

    let appleAppSiteAssociation: String
    let assetLinks: String

    /// Paths the service answers itself, never opened by the app.
    static let servicePaths = ["/api/*", "/dashboard", "/dashboard/*", "/health", "/metrics", "/openapi.json"]

    init(table: RouteTable) {
        let components = Self.components(table: table)
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

    static func components(table: RouteTable) -> [JSONValue] {
        let caseInsensitive = !table.configuration.caseSensitive
        func component(_ path: String, exclude: Bool, comment: String) -> JSONValue {
            var members: [String: JSONValue] = ["/": .string(path), "comment": .string(comment)]
            if exclude { members["exclude"] = .bool(true) }
            if caseInsensitive { members["caseSensitive"] = .bool(false) }
            return .object(members)
        }
        var excluded: [JSONValue] = []
        var included: [JSONValue] = []
        var seen: Set<String> = []
        for route in table.routes where route.definition.webOnly {
            for path in paths(route, delimiter: table.configuration.delimiter) where seen.insert(path).inserted {
                excluded.append(component(path, exclude: true, comment: "web only: \(route.text)"))
            }
        }
        for path in servicePaths where seen.insert(path).inserted {
            excluded.append(component(path, exclude: true, comment: "the link service"))
        }
        for route in table.routes where !route.definition.webOnly {
            for path in paths(route, delimiter: table.configuration.delimiter) where seen.insert(path).inserted {
                included.append(component(path, exclude: false, comment: route.name ?? route.text))
            }
        }
        return excluded + included
    }

    /// One path per form of the route's pattern, in the association files' wildcard syntax.
    static func paths(_ route: Route, delimiter: Character) -> [String] {
        route.pattern.forms.map { form in
            var path = ""
            for (index, segment) in form.enumerated() {
                let separator = index == 0 ? "/" : String(delimiter)
                switch segment.kind {
                case .literal(let text): path += separator + URLText.encode(text)
                case .parameter, .wildcard: path += separator + "*"
                case .rest: path += (delimiter == "/" ? "/" : separator) + "*"
                }
            }
            return path.isEmpty ? "/" : path
        }
    }
}
