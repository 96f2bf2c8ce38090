import CommandTestSupport
@_spi(SwitchyardService) import Switchyard
import Testing

/// `switchyard resolve --json` fills `plan` with the navigation plan's steps.
@Suite struct PlanOutputTests {
    let shop = Switchyard.shopRoutes

    @Test func aScreenRouteRebuildsTheStack() throws {
        let run = try Switchyard.run([
            "resolve", "--routes", shop, "--json", "shop://products/42/reviews?ref=mail&id=7&utm=x",
        ])
        #expect(run.status == 0, "\(run)")
        let line = try JSONValue.parse(try #require(run.lines.first))
        // Route beats query beats defaults; `id` in the query is ignored; `utm` is not allowed.
        #expect(line["plan"] == [
            ["screen": "ProductListScreen", "presentation": "push", "parameters": ["ref": "mail", "sort": "newest"]],
            ["screen": "ProductScreen", "presentation": "push",
             "parameters": ["id": "42", "ref": "mail", "sort": "newest"]],
            ["screen": "ReviewsScreen", "presentation": "push",
             "parameters": ["id": "42", "ref": "mail", "sort": "newest"]],
        ])
    }

    @Test(arguments: [
        ("shop://products", ["ProductListScreen"]),
        ("shop://products/9", ["ProductListScreen", "ProductScreen"]),
        ("shop://cart", ["CartScreen"]),
    ])
    func prefixesAndModals(_ input: String, _ screens: [String]) throws {
        let run = try Switchyard.run(["resolve", "--routes", shop, "--json", input])
        let line = try JSONValue.parse(try #require(run.lines.first))
        let steps = try #require(line["plan"]?.arrayValue)
        #expect(steps.compactMap { $0["screen"]?.stringValue } == screens)
        if input == "shop://cart" { #expect(steps.first?["presentation"] == "modal") }
    }

    @Test func unmatchedHasNoPlanAndPlainRoutesAnEmptyOne() throws {
        let run = try Switchyard.run(["resolve", "--routes", shop, "--json", "shop://nowhere", "shop://search"])
        let lines = try run.lines.map { try JSONValue.parse($0) }
        #expect(lines.map { $0["plan"] } == [.null, .array([])])
    }
}
