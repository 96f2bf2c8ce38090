import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// `GET /api/v1/links/{code}/explain` says what each platform gets, and a real open of the link
/// with that platform's user agent (the tests' own, not the explainer's) gets exactly that.
@Suite struct ExplainTests {
    /// The user agent this suite opens each case with: real browsers', chosen here independently.
    static func agent(_ platform: String) -> String {
        switch platform {
        case "ios": Agents.iPhone
        case "ipados": Agents.macSafari
        case "android": Agents.android
        case "desktop": Agents.desktop
        default: Agents.crawlers[0]
        }
    }

    static let links = [
        #"{"route": "product", "routeParameters": {"product_id": "42"}, "alias": "all-fallbacks", "fallbacks": {"ios": "https://apps.apple.com/app/id123", "android": "https://play.google.com/store/apps/details?id=com.example.shop", "web": "https://shop.example.com/p/42"}}"#,
        #"{"route": "about/team", "alias": "no-fallbacks"}"#,
        #"{"route": "order", "routeParameters": {"id": "7"}, "alias": "web-only-fallback", "fallbacks": {"web": "https://example.org/order"}}"#,
        #"{"route": "legal/terms", "alias": "web-only-route", "fallbacks": {"web": "https://shop.example.com/legal/terms"}}"#,
        #"{"route": "docs", "routeParameters": {"path": "a/b"}, "alias": "expiring", "expiresAt": "2030-03-18T00:00:00Z"}"#,
    ]

    @Test(arguments: StoreKind.available)
    func everyCaseIsWhatARealOpenGets(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            for body in Self.links { _ = try await client.create(body) }
            harness.clock.advance(by: 86_400 * 1000) // past "expiring"'s expiry, not the others'
            let apple = try await client.send(.get, "/.well-known/apple-app-site-association", key: nil).json()
            let android = try await client.send(.get, "/.well-known/assetlinks.json", key: nil).json()
            let appleComponents = try #require(apple["applinks"]?["details"]?[0]?["components"]?.arrayValue)
            let androidComponents = try #require(android[0]?["relation_extensions"]?["delegate_permission/common.handle_all_urls"]?[
                "dynamic_app_link_components"]?.arrayValue)
            for code in ["all-fallbacks", "no-fallbacks", "web-only-fallback", "web-only-route", "expiring"] {
                let response = try await client.send(.get, "/api/v1/links/\(code)/explain")
                #expect(response.status == .ok, "\(response.text)")
                let explanation = try JSONDecoder().decode(LinkExplanation.self, from: Data(response.text.utf8))
                #expect(explanation.cases.map { "\($0.platform)/\($0.app ?? "-")" } == [
                    "ios/installed", "ios/absent", "ipados/installed", "ipados/absent", "android/installed", "android/absent",
                    "desktop/-", "crawler/-",
                ])
                for entry in explanation.cases {
                    let label = "\(code) \(entry.platform)/\(entry.app ?? "-")"
                    if let claim = entry.claim {
                        // The system opens the app: what the service publishes must claim the short link.
                        let components = claim.file == "assetlinks.json" ? androidComponents : appleComponents
                        #expect(ComponentMatcher.opensApp("/\(code)", components: components), "\(label)")
                        let position = try #require(claim.position)
                        #expect(claim.component.hasPrefix(components[position - 1]["/"]?.stringValue ?? "?"), "\(label)")
                        #expect(entry.status == nil && (entry.action == "open-app" || code == "expiring"), "\(label)")
                        continue
                    }
                    if entry.app == "installed" {
                        #expect(!ComponentMatcher.opensApp("/\(code)", components: entry.platform == "android" ? androidComponents : appleComponents),
                                "\(label): explained as not claimed")
                    }
                    let opened = try await client.open(code, userAgent: Self.agent(entry.platform))
                    #expect(Int(opened.status.code) == entry.status, "\(label): \(opened.status) vs \(entry.status.map(String.init) ?? "nil")")
                    #expect(opened.headers[.location] == entry.location, "\(label)")
                    switch entry.action {
                    case "redirect": #expect(opened.status == .found && opened.headers[.location] == entry.target, "\(label)")
                    case "preview": #expect(opened.status == .ok && opened.text.contains("og:title"), "\(label)")
                    case "page": #expect(opened.status == .ok && opened.headers[.contentType]?.hasPrefix("text/html") == true, "\(label)")
                    case "refuse": #expect(opened.status == .gone, "\(label)")
                    default: Issue.record("\(label): unexpected action \(entry.action)")
                    }
                    if let target = entry.target, entry.action == "page" {
                        #expect(opened.text.contains(HTML.escape(target)), "\(label): the page leads to \(target)")
                    }
                    if entry.deferred.path == "clipboard" { #expect(opened.text.contains("clipboard"), "\(label)") }
                    if entry.deferred.path == "install-referrer" {
                        #expect(opened.headers[.location]?.contains("referrer%3Dswitchyard_code%253D\(code)") == true, "\(label)")
                    }
                }
                let codes = explanation.warnings.map(\.code)
                switch code {
                case "web-only-route": #expect(codes.contains("web-only"))
                case "expiring": #expect(codes == ["expired"] && explanation.cases.allSatisfy { $0.action == "refuse" })
                case "all-fallbacks":
                    #expect(codes.isEmpty)
                    #expect(explanation.route?.name == "product" && explanation.route?.parameters == ["product_id": "42"])
                    #expect(explanation.cases[0].action == "open-app" && explanation.cases[0].claim?.component == "/?*")
                    #expect(explanation.cases[1].deferred.path == "clipboard" && explanation.cases[5].deferred.path == "install-referrer")
                default: break
                }
            }
        }
    }

    /// A table without apps: no case opens the app, the iPhone goes straight to the fallback,
    /// and the warnings say why; the real opens agree.
    @Test func aTableWithoutAppsNeverOpensTheApp() async throws {
        var routes = Harness.routes
        routes.apps = AppIdentifiers()
        try await Harness.live(.memory, configuration: Harness.configuration(routes: routes)) { client, _ in
            _ = try await client.create(#"{"route": "about/team", "alias": "no-apps", "fallbacks": {"web": "https://shop.example.com/team"}}"#)
            let explanation = try JSONDecoder().decode(
                LinkExplanation.self, from: Data(try await client.send(.get, "/api/v1/links/no-apps/explain").text.utf8))
            #expect(explanation.cases.allSatisfy { $0.action != "open-app" })
            #expect(Set(explanation.warnings.map(\.code)) == ["no-ios-app", "no-android-app"])
            for entry in explanation.cases {
                let opened = try await client.open("no-apps", userAgent: Self.agent(entry.platform))
                #expect(Int(opened.status.code) == entry.status && opened.headers[.location] == entry.location, "\(entry.platform)")
            }
            #expect(explanation.cases[1].action == "redirect" && explanation.cases[1].target == "https://shop.example.com/team")
        }
    }

    /// With heuristic matching on, explain says a guess can carry a plain link through an install
    /// but never a coupon: a link with metadata demands an exact match, and the warning says so.
    @Test func aCouponLinkIsNeverCarriedByAGuess() async throws {
        var configuration = Harness.configuration()
        configuration.deferredWindow = .seconds(3600)
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            _ = try await client.create(#"{"route": "about/team", "alias": "plain-link"}"#)
            _ = try await client.create(#"{"route": "about/team", "alias": "coupon-link", "metadata": {"coupon": "X"}}"#)
            func explain(_ code: String) async throws -> LinkExplanation {
                try JSONDecoder().decode(LinkExplanation.self, from: Data(try await client.send(.get, "/api/v1/links/\(code)/explain").text.utf8))
            }
            let plain = try await explain("plain-link")
            let coupon = try await explain("coupon-link")
            #expect(plain.cases.first { $0.platform == "ios" && $0.app == "absent" }?.deferred.path == "heuristic")
            #expect(!plain.warnings.map(\.code).contains("exact-match-only"))
            #expect(coupon.cases.allSatisfy { $0.deferred.path != "heuristic" })
            #expect(coupon.warnings.map(\.code).contains("exact-match-only"))
        }
    }

    @Test func anotherTeamsOrAnUnknownLinkIsNotFound() async throws {
        try await Harness.live(.memory) { client, _ in
            _ = try await client.create(#"{"route": "about/team", "alias": "theirs"}"#, key: Keys.otherTeam)
            #expect(try await client.send(.get, "/api/v1/links/theirs/explain").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/links/nothing-here/explain").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/links/theirs/explain", key: nil).status == .unauthorized)
            #expect(try await client.send(.get, "/api/v1/links/theirs/explain", key: Keys.app).status == .forbidden)
        }
    }

    static let explainer = LinkExplainer(service: try! makeService(configuration: Harness.configuration(), store: InMemoryLinkStore(),
                                                                   logger: Harness.logger))

    @Test func universalLinksSchemesAndURNs() async throws {
        let universal = try await Self.explainer.explain("https://shop.example.com/product/42?ref=mail")
        #expect(universal.kind == "universal-link" && universal.route?.pattern == "product/:product_id")
        #expect(universal.route?.parameterTypes == ["product_id": "string"] && universal.route?.queryParameters == ["ref": "mail"])
        #expect(universal.cases[0].action == "open-app" && universal.cases[0].claim?.component == "/product/*")
        #expect(universal.cases[1].action == "page" && universal.cases[7].action == "preview")

        let typed = try await Self.explainer.explain("https://shop.example.com/order/7")
        #expect(typed.route?.parameterTypes == ["id": "int"])

        let webOnly = try await Self.explainer.explain("https://shop.example.com/legal/terms")
        #expect(webOnly.cases.allSatisfy { $0.action != "open-app" } && webOnly.warnings.map(\.code).contains("web-only"))

        let scheme = try await Self.explainer.explain("shop://product/42")
        #expect(scheme.kind == "custom-scheme" && scheme.cases[0].action == "open-app" && scheme.cases[0].claim?.kind == "scheme")
        #expect(scheme.cases[1].action == "refuse" && scheme.cases[6].action == "refuse")

        let inner = try await Self.explainer.explain("about/team")
        #expect(inner.kind == "internal" && inner.cases.allSatisfy { $0.action == "refuse" })
    }

    @Test(arguments: [
        ("", "the URL is empty"),
        ("https://go.example.com/a b", "'https://go.example.com/a b' is not a URL: it has spaces or control characters, or is over 4096 bytes"),
        ("https://elsewhere.example/x", "'elsewhere.example' is neither the link service's host nor a host of the route table (go.example.com, shop.example.com)"),
        ("https://go.example.com/a/b", "'https://go.example.com/a/b' is on the link service's host but is not a short link (https://go.example.com/CODE)"),
        ("ftp://x", "'ftp://x' is not a link this route table reads: unknown scheme 'ftp' (this table answers: shop)"),
        ("https://", "'https://' has no host"),
    ])
    func badInputGetsASpecificError(input: String, message: String) async throws {
        await #expect(throws: LinkExplainer.Failure(message)) {
            try await Self.explainer.explain(input)
        }
    }

    /// A code the store does not have is what a tap on it gets: 404 everywhere, and a real open
    /// answers exactly that.
    @Test(arguments: StoreKind.available)
    func anUnknownCodeIsRefusedEverywhere(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let explainer = LinkExplainer(service: try makeService(configuration: Harness.configuration(), store: harness.store, logger: Harness.logger))
            let explanation = try await explainer.explain("https://go.example.com/Zz9Zz9Zz")
            #expect(explanation.kind == "short-link" && explanation.code == "Zz9Zz9Zz" && explanation.route == nil)
            #expect(explanation.warnings.map(\.code) == ["unknown-code"])
            #expect(explanation.cases.count == 8 && explanation.cases.allSatisfy { $0.action == "refuse" })
            for entry in explanation.cases where entry.claim == nil {
                #expect(entry.status == 404 && entry.reason == "no link with the code 'Zz9Zz9Zz': the service answers 404 Not Found")
                let opened = try await client.open("Zz9Zz9Zz", userAgent: Self.agent(entry.platform))
                #expect(opened.status == .notFound, "\(entry.platform)")
            }
            let claimed = explanation.cases.filter { $0.claim != nil }
            #expect(!claimed.isEmpty && claimed.allSatisfy { $0.app == "installed" && $0.reason.hasSuffix("whose resolve call answers 404 Not Found") })
            let resolved = try await client.send(.get, "/api/v1/links/Zz9Zz9Zz/resolve", key: Keys.app)
            #expect(resolved.status == .notFound)
        }
    }
}
