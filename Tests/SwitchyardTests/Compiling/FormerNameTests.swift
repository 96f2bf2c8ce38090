import Switchyard
import Testing

@Suite struct FormerNameTests {
    static func table(_ json: String) throws -> RouteTable {
        try RouteTable(RouteTableFile.parse(json, fileName: "routes.json"))
    }

    @Test func aFormerNameFindsTheRenamedRoute() throws {
        let table = try Self.table("""
            {"routes": [{"pattern": "products/:id", "name": "product", "formerNames": ["item", "article"]},
                        {"pattern": "about", "name": "about"}]}
            """)
        #expect(table.route(named: "item")?.name == "product")
        #expect(table.route(named: "article")?.text == "products/:id")
        #expect(table.route(named: "product")?.text == "products/:id")
        #expect(table.route(named: "about")?.text == "about")
        #expect(table.route(named: "products/:id") == nil)
        #expect(table.route(named: "missing") == nil)
    }

    @Test func lookingARouteUpByNameOrPatternHonoursFormerNames() throws {
        let table = try Self.table("""
            {"routes": [{"pattern": "products/:id", "name": "product", "formerNames": ["item"]},
                        {"pattern": "about", "name": "about"}]}
            """)
        #expect(table.route("item")?.name == "product", "a link built under the old name reaches the renamed route")
        #expect(table.route("product")?.name == "product")
        #expect(table.route("products/:id")?.name == "product")
        #expect(table.route("missing") == nil)
        #expect(try table.url(for: "item", parameters: ["id": "7"]) == "products/7")
    }

    @Test func navigateToAFormerNameOpensTheRenamedRoute() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map(RouteDefinition("products/:id", name: "product", formerNames: ["item"])) { link in
            await log.record("product \(link.routeParameters?["id"] ?? "-")")
        }
        let navigator = Navigator(routers: [router], waitsUntilReady: false)
        #expect(await navigator.navigate(to: "item", parameters: ["id": "42"]))
        #expect(await log.entries == ["product 42"])
    }

    @Test func aGateNamingAFormerNameIsRefusedForItWouldGuardNothing() throws {
        let table = try Self.table("""
            {"routes": [{"pattern": "products/:id", "name": "product", "formerNames": ["item"]}]}
            """)
        #expect(throws: RouteTableBuildError.self) { try GateFilter(routes: ["item"]) { false }.check(against: table) }
        try GateFilter(routes: ["product", "products/:id"]) { false }.check(against: table)
    }

    @Test func theFileKeepsFormerNames() throws {
        let configuration = try RouteTableFile.parse(
            #"{"routes": [{"pattern": "products/:id", "name": "product", "formerNames": ["item"]}]}"#, fileName: "r.json")
        #expect(configuration.routes == [RouteDefinition("products/:id", name: "product", formerNames: ["item"])])
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        let routes: String
        let message: String
        var testDescription: String { message }
    }

    static let refused: [Refused] = [
        Refused(routes: #"[{"pattern": "a", "name": "a"}, {"pattern": "b", "name": "b", "formerNames": ["a"]}]"#,
                message: "former name 'a' of route 2 ('b') is the name of route 1 ('a')"),
        Refused(routes: #"[{"pattern": "b", "name": "b", "formerNames": ["a"]}, {"pattern": "a", "name": "a"}]"#,
                message: "route name 'a' of route 2 ('a') is a former name of route 1 ('b'): links made under it would open another route"),
        Refused(routes: #"[{"pattern": "b", "name": "b", "formerNames": ["b"]}]"#,
                message: "former name 'b' of route 1 ('b') is its own name"),
        Refused(routes: #"[{"pattern": "b", "name": "b", "formerNames": ["x", "x"]}]"#,
                message: "former name 'x' of route 1 ('b') is listed twice"),
        Refused(routes: #"[{"pattern": "b", "name": "b", "formerNames": ["x"]}, {"pattern": "c", "formerNames": ["x"]}]"#,
                message: "former name 'x' of route 2 ('c') is also a former name of route 1 ('b')"),
    ]

    @Test(arguments: refused) func aFormerNameThatIsANameOrRepeatsIsRefused(_ row: Refused) throws {
        let configuration = try RouteTableFile.parse(#"{"routes": \#(row.routes)}"#, fileName: "routes.json")
        let error = #expect(throws: RouteTableBuildError.self) { try RouteTable(configuration) }
        #expect(error?.issues.map(\.message) == [row.message])
        #expect(error?.issues.first?.code == .invalidFormerName)
    }

    @Test func aBuilderRefusesAFormerNameAddedLater() throws {
        var builder = try RouteTableBuilder(RouteTableConfiguration(routes: [RouteDefinition("a", name: "a")]))
        #expect(throws: RouteTableBuildError.self) { try builder.add(RouteDefinition("b", formerNames: ["a"])) }
        try builder.add(RouteDefinition("c", formerNames: ["z"]))
        #expect(builder.build().route(named: "z")?.text == "c")
    }

    @Test(arguments: [#"{"routes": [{"pattern": "a", "formerNames": "x"}]}"#, #"{"routes": [{"pattern": "a", "formerNames": [""]}]}"#])
    func aMalformedFormerNamesValueIsAFileError(_ text: String) {
        #expect(throws: RouteTableFileError.self) { try RouteTableFile.parse(text, fileName: "routes.json") }
    }
}
