import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import Testing

/// The association files read the way the systems read them: components in order, the first whose
/// path pattern matches decides (`exclude` keeps the link in the browser), no match means the
/// browser. In a pattern `*` matches any run of characters (`/` included) and `?` exactly one.
enum ComponentMatcher {
    static func opensApp(_ path: String, components: [JSONValue]) -> Bool {
        for component in components {
            guard let pattern = component["/"]?.stringValue else { continue }
            let caseSensitive = component["caseSensitive"] != false
            let (subject, glob) = caseSensitive ? (path, pattern) : (path.lowercased(), pattern.lowercased())
            if matches(Array(subject.unicodeScalars)[...], Array(glob.unicodeScalars)[...]) {
                return component["exclude"] != true
            }
        }
        return false
    }

    private static func matches(_ text: ArraySlice<Unicode.Scalar>, _ pattern: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            var rest = text
            while true {
                if matches(rest, pattern.dropFirst()) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?":
            return !text.isEmpty && matches(text.dropFirst(), pattern.dropFirst())
        default:
            return text.first == first && matches(text.dropFirst(), pattern.dropFirst())
        }
    }
}

@Suite struct AssociationMatchingTests {
    /// Paths the service answers itself, or the table keeps on the web: never opened by the app.
    static let excluded = [
        "/", "/api/v1/links", "/api/v1/links/Ab3dE9xQ/resolve", "/api", "/dashboard", "/dashboard/links", "/dashboard/signin",
        "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json", "/health", "/metrics",
        "/openapi.json", "/v1/shortLinks", "/favicon.ico", "/robots.txt", "/legal/terms", "/Dashboard", "/API",
        "/unknown/two", "/Ab3dE9xQ/extra",
    ]

    static func components(_ client: some TestClientProtocol) async throws -> (apple: [JSONValue], android: [JSONValue], raw: String) {
        let apple = try await client.send(.get, "/.well-known/apple-app-site-association", key: nil)
        let android = try await client.send(.get, "/.well-known/assetlinks.json", key: nil)
        let appleComponents = try #require(try apple.json()["applinks"]?["details"]?[0]?["components"]?.arrayValue)
        let androidComponents = try #require(try android.json()[0]?["relation_extensions"]?["delegate_permission/common.handle_all_urls"]?[
            "dynamic_app_link_components"]?.arrayValue)
        return (appleComponents, androidComponents, apple.text)
    }

    @Test(arguments: StoreKind.available)
    func shortLinksOpenTheAppAndServicePathsStayInTheBrowser(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let before = try await Self.components(client)
            var codes: [String] = []
            for _ in 0..<5 {
                codes.append(try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue))
            }
            let alias = try await client.create(#"{"route": "product", "routeParameters": {"product_id": "7"}, "alias": "spring-sale_2026"}"#)
            codes.append(try #require(alias["code"]?.stringValue))
            let after = try await Self.components(client)
            #expect(after.raw == before.raw, "the file does not grow with the links")
            for components in [after.apple, after.android] {
                #expect(codes.filter { !ComponentMatcher.opensApp("/\($0)", components: components) } == [])
                #expect(Self.excluded.filter { ComponentMatcher.opensApp($0, components: components) } == [])
                #expect(["/product/42", "/about/team", "/docs/a/b/c", "/user/7/orders", "/list/3"]
                    .filter { !ComponentMatcher.opensApp($0, components: components) } == [], "app routes")
            }
        }
    }

    @Test func everyReservedWordStaysInTheBrowserWhateverItsCase() throws {
        let table = try RouteTable(Harness.routes)
        let components = AssociationFiles.components(table: table).map(\.json)
        let words = LinkCodes.reserved.flatMap { ["/" + $0, "/" + $0.uppercased()] }
        #expect(words.filter { ComponentMatcher.opensApp($0, components: components) } == [])
        // A generated code of any length and alphabet the service uses.
        for length in [4, 8, 12] {
            #expect(ComponentMatcher.opensApp("/" + LinkCodes.generate(length: length), components: components))
        }
    }

    @Test func screenPrefixesAreClaimedLikeTheRoutesThemselves() throws {
        let table = try RouteTable(RouteTableConfiguration(
            schemes: ["shop"], hosts: ["shop.example.com"], apps: AppIdentifiers(ios: ["T.app"]),
            routes: [RouteDefinition("products{List}/:id<int>{Product}/reviews{Reviews}")]))
        let components = AssociationFiles.components(table: table).map(\.json)
        let paths = ["/products", "/products/42", "/products/42/reviews"]
        #expect(paths.filter { (try? table.resolve("https://shop.example.com" + $0))?.routeParameters == nil } == [],
                "the table resolves each path")
        #expect(paths.filter { !ComponentMatcher.opensApp($0, components: components) } == [])
    }

    @Test func aThousandRoutesStayUnderApplesLimit() throws {
        let routes = (0..<1000).map { RouteDefinition("section\($0)/item/:id", name: "route\($0)") }
        let table = try RouteTable(RouteTableConfiguration(schemes: ["shop"], apps: AppIdentifiers(ios: ["T.app"]), routes: routes))
        let file = AssociationFiles(table: table).appleAppSiteAssociation
        #expect(file.utf8.count < AssociationFiles.appleSizeLimit)
    }
}
