import Switchyard
import Testing

/// No silent second route: a closure mapped beside a table file's route attaches to it or throws
/// naming both patterns, and a gate's route names are checked when it is installed.
@Suite struct OneWayInTests {
    static func fileRouter() throws -> Router {
        try Router(RouteTableFile.parse(#"""
            {"schemes": ["shop"], "routes": [
              {"pattern": "product/:id<int>", "name": "product"},
              {"pattern": "user/:name", "name": "user"},
              "orders/:orderID"
            ]}
            """#, fileName: "routes.json"))
    }

    @Test func theExactPatternAttachesToTheFilesRoute() async throws {
        let router = try Self.fileRouter()
        try router.map("product/:id<int>") { _ in }
        #expect(router.table().routes.count == 3, "no second route")
        guard case .opened(let link) = await router.route("shop://product/42") else {
            Issue.record("the file's route opens with the closure"); return
        }
        #expect(link.routeName == "product")
    }

    @Test(arguments: [
        ("product/:id", "'product/:id' differs from the table's route 1 ('product/:id<int>') only in its parameters' names or constraints, so it would be a second route: map 'product/:id<int>' (or its name 'product') to attach to that route"),
        ("product/:pid<int>", "'product/:pid<int>' differs from the table's route 1 ('product/:id<int>') only in its parameters' names or constraints, so it would be a second route: map 'product/:id<int>' (or its name 'product') to attach to that route"),
        ("user/:id<int>", "'user/:id<int>' differs from the table's route 2 ('user/:name') only in its parameters' names or constraints, so it would be a second route: map 'user/:name' (or its name 'user') to attach to that route"),
        ("orders/*", "'orders/*' differs from the table's route 3 ('orders/:orderID') only in its parameters' names or constraints, so it would be a second route: map 'orders/:orderID' to attach to that route"),
    ])
    func aPatternOfTheSameShapeThrowsNamingBoth(pattern: String, message: String) throws {
        let router = try Self.fileRouter()
        let error = try #require(throws: RouteTableBuildError.self) { try router.map(pattern) { _ in } }
        #expect(error.issues.map(\.code) == [.sameShape])
        #expect(error.message == message)
        #expect(router.table().routes.count == 3, "the router keeps its routes")
    }

    @Test func aNameTheFileGivesAnotherPatternThrowsNamingBoth() throws {
        let router = try Self.fileRouter()
        let error = try #require(throws: RouteTableBuildError.self) { try router.map("item/:id", name: "product") { _ in } }
        #expect(error.message == "duplicate route name 'product': route 1 ('product/:id<int>') and route 4 ('item/:id')")
    }

    @Test func routesMappedInCodeMayStillShareAShape() throws {
        let router = try Router(schemes: ["shop"])
        try router.map("user/:id<int>") { _ in }
        try router.map("user/:name") { _ in }   // precedence by constraint, as designed
        #expect(router.table().routes.count == 2)
    }

    @Test func gateRouteNamesAreCheckedWhenTheGateIsInstalled() throws {
        let router = try Self.fileRouter()
        try router.appendFilter(GateFilter(routes: ["product", "orders/:orderID"]) { false })
        let error = try #require(throws: RouteTableBuildError.self) {
            try router.appendFilter(GateFilter(routes: ["ordres", "product"]) { false })
        }
        #expect(error.issues.map(\.code) == [.unknownRoute])
        #expect(error.message == "GateFilter guards 'ordres', which is neither a route name nor a pattern of the table (its names: product, user)")
        try router.appendFilter(GateFilter { false })   // guards everything: nothing to check
    }
}
