import Switchyard
import Testing

/// `map` of a new pattern is added in place, and a gate appended to a router is checked on its
/// registrations without compiling the table: both must answer exactly what the compiled table
/// would.
@Suite struct RouterMapInPlaceTests {
    /// A router with a file's routes, many mapped ones (some named), a module's, and a file route
    /// given its destination and a name by `map`.
    private func router(_ log: PipelineLog) throws -> Router {
        let router = try Router(RouteTableFile.parse(#"""
            {"schemes": ["shop"], "routes": [{"pattern": "product/:id<int>", "name": "product"}, "orders/:orderID"]}
            """#, fileName: "routes.json"))
        for index in 0..<300 {
            try router.map("section\(index)/item/:id", name: index.isMultiple(of: 3) ? "item\(index)" : nil) { link in
                await log.record("item\(index) \(link.routeParameters!["id"]!)")
            }
        }
        try router.add(RouteSet([ModuleRoute("cart/:line", to: RecordingRoute(name: "cart", log: log))]))
        try router.map("orders/:orderID", name: "order") { link in await log.record("order \(link.routeParameters!["orderID"]!)") }
        return router
    }

    @Test func manyMapsThenARemapOpenEachRouteAtItsDestination() async throws {
        let log = PipelineLog()
        let router = try router(log)
        try router.map("section7/item/:id") { link in await log.record("again \(link.routeParameters!["id"]!)") }
        #expect(router.table().routes.count == 303)
        for url in ["shop://section0/item/1", "shop://section7/item/2", "shop://section299/item/3", "shop://orders/4",
                    "shop://cart/5"] {
            #expect(await router.route(url).handled, "\(url)")
        }
        #expect(await log.entries == ["item0 1", "again 2", "item299 3", "order 4", "cart line=5"])
        let refused = try #require(throws: RouteTableBuildError.self) { try router.map("section5/item/{other}") { _ in } }
        #expect(refused.message == "conflict: 'section5/item/:id' and 'section5/item/{other}' match the same URLs")
    }

    @Test func aFilesRoutesMappedOneByOneKeepTheirOrderAndNames() async throws {
        let log = PipelineLog()
        let routes = (0..<200).map { #"{"pattern": "page\#($0)/:id", "name": "page\#($0)"}"# }
        let router = try Router(RouteTableFile.parse(#"{"schemes": ["shop"], "routes": ["# + routes.joined(separator: ",") + "]}",
                                                     fileName: "routes.json"))
        try router.add(RouteSet([ModuleRoute("page3/:id", to: RecordingRoute(name: "module", log: log))]))
        for index in (0..<200).reversed() {
            try router.map("page\(index)/:id", name: index == 5 ? "page5" : nil) { link in
                await log.record("page\(index) \(link.routeParameters!["id"]!)")
            }
        }
        try router.map("page7/:id") { link in await log.record("again \(link.routeParameters!["id"]!)") }
        try router.map("page9/:id", name: "ninth") { link in await log.record("ninth \(link.routeParameters!["id"]!)") }
        let table = router.table()
        #expect(table.routes.map(\.text) == (0..<200).map { "page\($0)/:id" })
        #expect(table.routes.map(\.name) == (0..<200).map { $0 == 9 ? "ninth" : Optional("page\($0)") })
        for url in ["shop://page0/1", "shop://page3/2", "shop://page7/3", "shop://page9/4", "shop://page199/5"] {
            #expect(await router.route(url).handled, "\(url)")
        }
        #expect(await log.entries == ["page0 1", "page3 2", "again 3", "ninth 4", "page199 5"])
    }

    @Test(arguments: [
        ["product", "order", "item0", "item297", "orders/:orderID", "section1/item/:id", "cart/:line"],
        ["item1", "product"],
        ["ordres", "section300/item/:id", "order"],
        ["product/:id"],
    ])
    func aGateIsCheckedAsTheCompiledTableWouldCheckIt(routes: [String]) throws {
        let router = try router(PipelineLog())
        let gate = GateFilter(routes: routes) { false }
        let expected = Result { () throws(RouteTableBuildError) in try gate.check(against: router.table()) }
        let checked = Result { () throws(RouteTableBuildError) in try router.appendFilter(gate) }
        #expect(checked.errorMessages == expected.errorMessages)
        #expect(routes.count < 4 || checked.errorMessages == nil, "the first gate names only routes the router has")
    }
}

extension Result where Failure == RouteTableBuildError {
    /// Each issue's message when it failed; nil when it succeeded.
    fileprivate var errorMessages: [String]? {
        guard case .failure(let error) = self else { return nil }
        return error.issues.map(\.message)
    }
}
