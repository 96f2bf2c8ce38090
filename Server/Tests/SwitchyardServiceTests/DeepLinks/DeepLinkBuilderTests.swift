import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct DeepLinkBuilderTests {
    @Test func buildsBothURLsThroughTheTable() throws {
        let builder = DeepLinkBuilder(table: try RouteTable(Harness.routes))
        let target = try builder.target(route: "order", parameters: ["id": "-5"])
        #expect(target == .init(route: "order/:id<int>", routeName: "order", path: "order/-5"))
        let urls = builder.urls(route: "order/:id<int>", parameters: ["id": "-5"], query: ["b": "2", "a": "x y"])
        #expect(urls.scheme == "shop://order/-5?a=x%20y&b=2")
        #expect(urls.universal == "https://shop.example.com/order/-5?a=x%20y&b=2")
    }

    @Test func aStaticRouteThatShadowsTheParametersIsRefused() throws {
        let table = try RouteTable(RouteTableConfiguration(schemes: ["shop"], routes: [
            RouteDefinition("product/featured"), RouteDefinition("product/:id", name: "product")]))
        do {
            _ = try DeepLinkBuilder(table: table).target(route: "product", parameters: ["id": "featured"])
            Issue.record("expected the shadowed link to be refused")
        } catch {
            #expect(error.kind == "parameter-mismatch")
            #expect(error.status == .badRequest)
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
            #expect(error.kind == "constraint-violation")
        }
    }
}
