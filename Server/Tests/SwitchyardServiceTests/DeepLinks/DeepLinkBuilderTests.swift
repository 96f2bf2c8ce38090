import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct DeepLinkBuilderTests {
    @Test func buildsBothURLsThroughTheTable() throws {
        let builder = DeepLinkBuilder(table: try RouteTable(Harness.routes))
        let target = try builder.target(route: "order", parameters: ["id": "-5"])
        #expect(target == .init(route: "order/:id<int>", routeName: "order", path: "order/-5"))
        let urls = builder.urls(path: target.path, query: ["b": "2", "a": "x y"])
        #expect(urls.scheme == "shop://order/-5?a=x%20y&b=2")
        #expect(urls.universal == "https://shop.example.com/order/-5?a=x%20y&b=2")
    }

    /// The deep links are written from the one path the route check verified: the same text as
    /// building each URL through the table, the root route and the `:` delimiter included.
    @Test func theVerifiedPathPrefixedIsWhatTheTableBuilds() throws {
        let cases: [(RouteTableConfiguration, route: String, parameters: [String: String])] = [
            (RouteTableConfiguration(schemes: ["shop"], hosts: ["shop.example.com"], routes: [RouteDefinition("/", name: "home")]),
             "home", [:]),
            (RouteTableConfiguration(schemes: ["shop"], hosts: ["shop.example.com"], routes: [RouteDefinition("docs/{path...}", name: "docs")]),
             "docs", ["path": "a/b c"]),
            (RouteTableConfiguration(schemes: ["shop"], delimiter: ":", routes: [RouteDefinition("post:{postId}", name: "post")]),
             "post", ["postId": "BYOkwgXnwr3"]),
        ]
        for (configuration, route, parameters) in cases {
            let table = try RouteTable(configuration)
            let builder = DeepLinkBuilder(table: table)
            let urls = builder.urls(path: try builder.target(route: route, parameters: parameters).path, query: ["ref": "mail"])
            let query = [QueryItem(name: "ref", value: "mail")]
            #expect(urls.scheme == (try table.url(for: route, parameters: parameters, query: query, scheme: "shop")))
            #expect(urls.universal == (try configuration.hosts.first.map {
                try table.url(for: route, parameters: parameters, query: query, host: $0)
            }))
        }
    }

    @Test func aStaticRouteThatShadowsTheParametersIsRefused() throws {
        let table = try RouteTable(RouteTableConfiguration(schemes: ["shop"], routes: [
            RouteDefinition("product/featured"), RouteDefinition("product/:id", name: "product")]))
        do {
            _ = try DeepLinkBuilder(table: table).target(route: "product", parameters: ["id": "featured"])
            Issue.record("expected the shadowed link to be refused")
        } catch {
            #expect(error.code == .parameterMismatch)
            #expect(Problem(error).kind == "parameter-mismatch")
            #expect(Problem(error).status == .badRequest)
        }
    }

    @Test func customConstraintsAreChecked() throws {
        let coupon = ParameterConstraint("coupon") { $0.hasPrefix("SAVE") }
        let table = try RouteTable(RouteTableConfiguration(routes: [RouteDefinition("redeem/:code<coupon>", name: "redeem")]),
                                   constraints: [coupon])
        let builder = DeepLinkBuilder(table: table)
        #expect(try builder.target(route: "redeem", parameters: ["code": "SAVE10"]).path == "redeem/SAVE10")
        do {
            _ = try builder.target(route: "redeem", parameters: ["code": "FREE"])
            Issue.record("expected a constraint violation")
        } catch {
            #expect(error.code == .constraintViolation)
            #expect(Problem(error).kind == "constraint-violation")
        }
    }
}
