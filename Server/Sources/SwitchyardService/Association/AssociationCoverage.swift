@_spi(SwitchyardService) public import Switchyard

/// Proves that association files claim what a route table says should open the app, and nothing
/// else: `switchyard association check`.
///
/// Every app of the table must be named (iOS app IDs; Android packages with each signing
/// fingerprint), and for each of them:
///
/// - every app route opens: one example URL per form of its pattern and per screen prefix, as
///   written, with a query and a fragment added, and (for a case-insensitive table) in capitals;
/// - every short-link shape opens: a generated code, a custom alias with `-` and `_`, one with
///   campaign parameters;
/// - nothing else opens: each `webOnly` route's examples, the link service's own paths (API,
///   dashboard, association files, health, metrics, OpenAPI, Firebase API) and the reserved words,
///   in either case.
///
/// The files are read with ``AssociationDocument/decision(for:app:)``: Apple's order of
/// components, `exclude`, `?` and `#` patterns, `caseSensitive` and `percentEncoded`.
public struct AssociationCoverage: Sendable {
    /// A URL the files must decide one way.
    public struct Expectation: Sendable, Hashable {
        /// The path with its query and fragment (`/product/42?utm_source=switchyard`).
        public var path: String
        /// The route it opens, as written in the table; nil for a short link or a service path.
        public var route: String?
        /// Whether the app must open it.
        public var opens: Bool
        /// What it is, for messages ("app route", "short link", "web-only route", ...).
        public var what: String
    }

    /// One thing the files get wrong.
    public struct Gap: Sendable, Hashable {
        /// `missing-app`, `missing-fingerprint`, `no-components`, `unclaimed` (should open, does
        /// not) or `claimed` (should stay in the browser, opens).
        public var kind: String
        /// `apple` or `android`.
        public var platform: String
        /// The app ID or package concerned.
        public var app: String
        /// An example URL that shows the gap (empty for a missing app).
        public var example: String
        /// The route concerned, as written in the table; nil when none.
        public var route: String?
        /// Why, naming the component that decided.
        public var message: String
    }

    /// The table whose apps and routes are checked.
    public let table: RouteTable
    /// Prefixed to example paths in gaps (`https://go.example.com`); empty for bare paths.
    public let origin: String

    /// A check of files for `table`'s apps; examples are written under `origin`.
    public init(table: RouteTable, origin: String = "") {
        self.table = table
        var origin = origin
        while origin.hasSuffix("/") { origin.removeLast() }
        self.origin = origin
    }

    /// Example path segments for a route's parameters: one that every constraint accepts.
    static func sample(_ segment: PatternSegment) -> String {
        switch segment.constraint {
        case "int": "42"
        case "uuid": "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
        default: "example"
        }
    }

    /// The example paths of a route: each form, and each screen prefix of it, with sample values.
    static func examples(_ route: Route, delimiter: Character) -> [String] {
        var paths: [String] = []
        for form in route.pattern.forms {
            var lengths: [Int] = []
            for length in 1..<max(form.count, 1) where form[length - 1].screen != nil {
                if case .rest = form[length - 1].kind { continue }
                lengths.append(length)
            }
            lengths.append(form.count)
            for length in lengths {
                var path = ""
                for (index, segment) in form[0..<length].enumerated() {
                    path += index == 0 ? "/" : String(delimiter)
                    switch segment.kind {
                    case .literal(let text): path += PercentEncoding.encode(text)
                    case .parameter: path += sample(segment)
                    case .wildcard: path += "example"
                    case .rest: path += delimiter == "/" ? "a/b" : "a"
                    }
                }
                let example = path.isEmpty ? "/" : path
                if !paths.contains(example) { paths.append(example) }
            }
        }
        return paths
    }

    /// Every URL the files must decide, in the order they are reported.
    public var expectations: [Expectation] {
        let configuration = table.configuration
        var list: [Expectation] = []
        for route in table.routes {
            for path in Self.examples(route, delimiter: configuration.delimiter) {
                if route.definition.webOnly {
                    list.append(Expectation(path: path, route: route.text, opens: false, what: "web-only route"))
                    continue
                }
                list.append(Expectation(path: path, route: route.text, opens: true, what: "app route"))
                list.append(Expectation(path: path + "?utm_source=switchyard#top", route: route.text, opens: true,
                                        what: "app route with a query and a fragment"))
                if !configuration.caseSensitive, path.uppercased() != path {
                    list.append(Expectation(path: path.uppercased(), route: route.text, opens: true,
                                            what: "app route in capitals (the table is case-insensitive)"))
                }
            }
        }
        for path in ["/Ab3dE9xQ", "/x7Kq", "/spring-sale_2026", "/Ab3dE9xQ?utm_source=mail&utm_campaign=spring"] {
            list.append(Expectation(path: path, route: nil, opens: true, what: "short link"))
        }
        let servicePaths = ["/api/v1/links", "/api/v1/links/Ab3dE9xQ/resolve", "/dashboard", "/dashboard/links/Ab3dE9xQ",
                            "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json", "/health",
                            "/metrics", "/openapi.json", "/v1/shortLinks", "/favicon.ico", "/robots.txt"]
        for path in servicePaths {
            list.append(Expectation(path: path, route: nil, opens: false, what: "the link service's own path"))
        }
        for word in LinkCodes.reserved.sorted() {
            for path in ["/" + word, "/" + word.uppercased()] where !servicePaths.contains(path) {
                list.append(Expectation(path: path, route: nil, opens: false, what: "a path reserved by the link service"))
            }
        }
        return list
    }

    /// Every gap between the files and the table; empty when the files cover it exactly. A nil
    /// file is not checked (the table then has no app of that platform, or the caller left it out).
    public func gaps(apple: AssociationDocument?, android: AssociationDocument?) -> [Gap] {
        var gaps: [Gap] = []
        let apps = table.configuration.apps
        let expectations = expectations
        if let apple {
            for app in apps.ios {
                gaps += check(apple, app: app, expectations: expectations)
            }
        }
        if let android {
            for app in apps.android {
                let statements = android.claims.filter { $0.app == app.package }
                if !statements.isEmpty {
                    let listed = Set(statements.flatMap(\.fingerprints).map { $0.uppercased() })
                    for fingerprint in app.sha256CertFingerprints where !listed.contains(fingerprint.uppercased()) {
                        gaps.append(Gap(kind: "missing-fingerprint", platform: "android", app: app.package, example: "", route: nil,
                                        message: "\(app.package): signing certificate \(fingerprint) is not listed, so Android does not verify the app for this domain"))
                    }
                }
                gaps += check(android, app: app.package, expectations: expectations)
            }
        }
        return gaps
    }

    private func check(_ document: AssociationDocument, app: String, expectations: [Expectation]) -> [Gap] {
        let platform = document.platform.rawValue
        let file = AssociationDocument.fileName(document.platform)
        var gaps: [Gap] = []
        for expectation in expectations {
            let url = AssociationURL(expectation.path)
            let example = origin + expectation.path
            let decision = document.decision(for: url, app: app)
            switch (decision, expectation.opens) {
            case (.appNotListed, _):
                let named = document.apps.isEmpty ? "no app" : document.apps.joined(separator: ", ")
                return [Gap(kind: "missing-app", platform: platform, app: app, example: "", route: nil,
                            message: "\(file) does not name \(app) (it names \(named)): no link opens this app")]
            case (.noComponents, _):
                return [Gap(kind: "no-components", platform: platform, app: app, example: "", route: nil,
                            message: "\(file) names \(app) but lists no components: which paths open the app cannot be proven from the file")]
            case (.opens, true), (.excluded, false), (.unmatched, false):
                continue
            case (.opens(let component), false):
                gaps.append(Gap(kind: "claimed", platform: platform, app: app, example: example, route: expectation.route,
                                message: "\(example) (\(expectation.what)) opens \(app) through component \(component.position) (\(component.summary)); it must stay in the browser"))
            case (.excluded(let component), true):
                var message = "\(example) (\(expectation.what)) does not open \(app): component \(component.position) (\(component.summary)) excludes it"
                // A near miss (case, encoding, query) explains more than the catch-all `/?*` after it.
                let nearMiss = hint(document, app: app, url: url)
                if !nearMiss.isEmpty {
                    message += nearMiss
                } else if let later = laterInclude(document, app: app, url: url, after: component.position) {
                    message += " before component \(later.position) (\(later.summary)) can claim it; move the exclude after it or narrow it"
                }
                gaps.append(Gap(kind: "unclaimed", platform: platform, app: app, example: example, route: expectation.route, message: message))
            case (.unmatched, true):
                gaps.append(Gap(kind: "unclaimed", platform: platform, app: app, example: example, route: expectation.route,
                                message: "\(example) (\(expectation.what)) does not open \(app): no component matches it" + hint(document, app: app, url: url)))
            }
        }
        return gaps
    }

    /// The first including component after `position` that would match `url`.
    private func laterInclude(_ document: AssociationDocument, app: String, url: AssociationURL, after position: Int) -> AssociationComponent? {
        for claim in document.claims where claim.app == app {
            if let found = claim.components?.first(where: { $0.position > position && !$0.exclude && $0.matches(url) }) { return found }
        }
        return nil
    }

    /// Why a near miss missed: a component that matches when case or percent-encoding are relaxed,
    /// or whose path matches but whose query or fragment pattern does not.
    private func hint(_ document: AssociationDocument, app: String, url: AssociationURL) -> String {
        for claim in document.claims where claim.app == app {
            for component in claim.components ?? [] where !component.exclude && !component.matches(url) {
                var relaxed = component
                relaxed.caseSensitive = false
                if component.caseSensitive, relaxed.matches(url) {
                    return " (component \(component.position), \(component.summary), matches only in another case: it is case-sensitive)"
                }
                relaxed = component
                relaxed.percentEncoded.toggle()
                if relaxed.matches(url) {
                    return " (component \(component.position), \(component.summary), matches only with percentEncoded \(relaxed.percentEncoded))"
                }
                relaxed = component
                relaxed.query = nil
                relaxed.fragment = nil
                if component.query != nil || component.fragment != nil, relaxed.matches(url) {
                    return " (component \(component.position), \(component.summary), matches its path but not its query or fragment pattern)"
                }
            }
        }
        return ""
    }
}
