import Switchyard
import Testing

@Suite struct RouteTableBuilderTests {
    @Test func aRefusedRouteLeavesTheBuilderAsItWas() throws {
        var builder = try RouteTableBuilder(RouteTableConfiguration(schemes: ["shop"], routes: [RouteDefinition("about")]))
        try builder.add(RouteDefinition("list{List}/:id{Detail}", name: "detail"))
        let before = builder.definitions
        for bad in [RouteDefinition("list{Other}/new{New}"), RouteDefinition("list"), RouteDefinition("x/:"),
                    RouteDefinition("list/{n}"), RouteDefinition("y", name: "detail"), RouteDefinition("z(/:a)(/:b)")] {
            #expect(throws: RouteTableBuildError.self) { try builder.add(bad) }
            #expect(builder.definitions == before)
        }
        // What a refused route claimed was taken back: the patterns it did not share still fit.
        try builder.add(RouteDefinition("z/:a"))
        try builder.add(RouteDefinition("y"))
        let table = builder.build()
        #expect(table.routes.map(\.text) == ["about", "list{List}/:id{Detail}", "z/:a", "y"])
        #expect(try table.resolve("shop://z/1").route == "z/:a")
        #expect(try table.resolve("shop://list/3").route == "list{List}/:id{Detail}")
        #expect(try table.resolve("shop://list").route == "list{List}/:id{Detail}")
        #expect(try table.resolve("shop://y").route == "y")
    }

    @Test func aBuilderMakesTheSameTableAsTheInitializer() throws {
        let patterns = ["product/:id<int>", "product/featured", "docs/{path...}", "user/:id(/:tab)", "list/*"]
        var builder = try RouteTableBuilder(RouteTableConfiguration(schemes: ["shop"]))
        for pattern in patterns { try builder.add(RouteDefinition(pattern)) }
        let built = builder.build()
        let direct = try RouteTable(patterns, schemes: ["shop"])
        #expect(built.configuration == direct.configuration)
        for url in ["shop://product/42", "shop://product/featured", "shop://docs/a/b", "shop://user/1/tab", "shop://list/3",
                    "shop://product/x"] {
            let (a, b) = (try built.resolve(url), try direct.resolve(url))
            #expect(a.route == b.route && a.routeParameters == b.routeParameters, "\(url)")
        }
    }

    @Test func theFirstBadRouteOfAConfigurationIsNamedWithItsIndex() {
        #expect {
            _ = try RouteTableBuilder(RouteTableConfiguration(routes: [RouteDefinition("a/:"), RouteDefinition("b/:id"),
                                                                        RouteDefinition("b/{x}")]))
        } throws: { error in
            guard let error = error as? RouteTableBuildError else { return false }
            return error.issues.map(\.routeIndices) == [[0], [1, 2]]
        }
    }
}
