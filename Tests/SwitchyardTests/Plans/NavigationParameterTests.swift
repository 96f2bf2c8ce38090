import Switchyard
import Testing

@Suite struct NavigationParameterTests {
    static let table: RouteTable = {
        do {
            return try RouteTable(RouteTableConfiguration(schemes: ["shop"], routes: [
                RouteDefinition("list{ListScreen}/:itemID{DetailScreen}/extra{ExtraScreen}", name: "list",
                                defaults: ["tab": "all", "sort": "new"]),
                RouteDefinition("shop{StoreScreen}/:storeID{StoreDetailScreen}/:productID{ProductScreen}", name: "store",
                                defaults: ["tab": "all"], allowedParameters: ["tab", "ref", "productID"]),
            ]))
        } catch {
            fatalError("\(error)")
        }
    }()

    struct Case: CustomTestStringConvertible, Sendable {
        var input: String
        var parameters: [[String: String]]
        var note: String
        var testDescription: String { note }
    }

    @Test(arguments: [
        Case(input: "shop://list/3/extra",
             parameters: [["tab": "all", "sort": "new"], ["tab": "all", "sort": "new", "itemID": "3"],
                          ["tab": "all", "sort": "new", "itemID": "3"]],
             note: "route parameters up to each step, then defaults"),
        Case(input: "shop://list/3?tab=top&ref=mail",
             parameters: [["tab": "top", "sort": "new", "ref": "mail"], ["tab": "top", "sort": "new", "ref": "mail", "itemID": "3"]],
             note: "query beats defaults and reaches every step"),
        Case(input: "shop://list/3?itemID=99",
             parameters: [["tab": "all", "sort": "new"], ["tab": "all", "sort": "new", "itemID": "3"]],
             note: "a query item named like a route parameter cannot override it"),
        Case(input: "shop://list?itemID=99",
             parameters: [["tab": "all", "sort": "new"]],
             note: "nor stand in for it on an earlier screen"),
        Case(input: "shop://list?tab=a&tab=b",
             parameters: [["tab": "a", "sort": "new"]],
             note: "the first value of a repeated query item"),
        Case(input: "shop://shop/9/44?ref=mail&inject=1&tab=deals",
             parameters: [["tab": "deals", "ref": "mail"], ["tab": "deals", "ref": "mail", "storeID": "9"],
                          ["tab": "deals", "ref": "mail", "storeID": "9", "productID": "44"]],
             note: "allowedParameters drops every other query parameter"),
        Case(input: "shop://shop/9?productID=7&storeID=1",
             parameters: [["tab": "all"], ["tab": "all", "storeID": "9"]],
             note: "an allowed name that is a route parameter is still ignored in the query"),
    ])
    func merging(_ row: Case) throws {
        let plan = try #require(Self.table.plan(for: try Self.table.resolve(row.input)))
        #expect(plan.steps.map(\.parameters) == row.parameters)
    }

    @Test func defaultsBuilderRunsPerStepBelowQueryAndAboveStaticDefaults() throws {
        var planner = NavigationPlanner(table: Self.table)
        try planner.setDefaults(forRoute: "list") { request in
            ["sort": "builder", "step": "\(request.stepIndex)", "screen": request.screen,
             "itemID": "from-builder", "source": request.link.source.rawValue, "route": request.route.name ?? ""]
        }
        let plan = try #require(planner.plan(for: try Self.table.resolve("shop://list/3?screen=query")))
        #expect(plan.steps.map(\.parameters) == [
            ["tab": "all", "sort": "builder", "step": "0", "screen": "query", "itemID": "from-builder",
             "source": "url", "route": "list"],
            ["tab": "all", "sort": "builder", "step": "1", "screen": "query", "itemID": "3",
             "source": "url", "route": "list"],
        ])
        // The table's own plan knows nothing of the planner's builder.
        #expect(Self.table.plan(for: try Self.table.resolve("shop://list"))?.steps.first?.parameters == ["tab": "all", "sort": "new"])
    }

    @Test func defaultsBuilderIsFoundByPatternAndReplaced() throws {
        var planner = NavigationPlanner(table: Self.table)
        let pattern = "shop{StoreScreen}/:storeID{StoreDetailScreen}/:productID{ProductScreen}"
        try planner.setDefaults(forRoute: pattern) { _ in ["currency": "USD"] }
        try planner.setDefaults(forRoute: "store") { _ in ["currency": "EUR"] }
        let plan = try #require(planner.plan(for: try Self.table.resolve("shop://shop")))
        #expect(plan.steps.map(\.parameters) == [["tab": "all", "currency": "EUR"]])
    }

    @Test func defaultsBuilderForAnUnknownRouteThrows() {
        var planner = NavigationPlanner(table: Self.table)
        #expect(throws: NavigationPlanError.self) {
            try planner.setDefaults(forRoute: "nope") { _ in [:] }
        }
        do {
            try planner.setDefaults(forRoute: "nope") { _ in [:] }
        } catch {
            #expect(error.code == .unknownRoute)
            #expect(error.message == "no route named or written 'nope' for a defaults builder")
        }
    }
}
