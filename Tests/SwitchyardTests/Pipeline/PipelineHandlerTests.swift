import Switchyard
import Testing

/// A protocol-form handler (HOKO's analytics handler).
struct RecordingHandler: LinkHandler {
    let log: PipelineLog

    func handle(_ link: DeepLink) async {
        await log.record("analytics \(link.route ?? "default")")
    }
}

@Suite struct PipelineHandlerTests {
    @Test func handlersSeeEveryPassedLinkButNotHaltedOrHeldOnes() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { _ in await log.record("product") }
        try router.map("orders") { _ in await log.record("orders") }
        router.mapDefault { _ in await log.record("home") }
        router.addHandler(RecordingHandler(log: log))
        router.addHandler { link in await log.record("closure \(link.source)") }
        router.appendFilter { link in
            switch link.queryParameters["do"] {
            case "halt": .halt
            case "hold": .hold
            default: .pass
            }
        }
        await router.route("shop://product/1")
        await router.route("shop://product/2?do=halt")
        await router.route("shop://orders?do=hold")
        await router.route("shop://unknown", source: .push)
        #expect(await log.entries == [
            "analytics product/:id", "closure url", "product",
            "analytics default", "closure push", "home",
        ])
    }

    @Test func handlersSeeTheLinkAsChangedByFilters() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { _ in }
        try router.map("login") { _ in }
        let login = try router.resolve("shop://login")
        router.appendFilter { _ in .change(login) }
        router.addHandler(RecordingHandler(log: log))
        await router.route("shop://product/1")
        #expect(await log.entries == ["analytics login"])
    }

    @Test func patternHandlersRunBesideTheDestination() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["appscheme"])
        try router.map("list") { _ in await log.record("list screen") }
        try router.map("list/:itemID") { link in await log.record("detail \(link.routeParameters?["itemID"] ?? "")") }
        try router.map("list/:itemID/extra") { _ in await log.record("extra screen") }
        try router.addHandler(forPattern: "list/*") { link in await log.record("block list/* \(link.path)") }
        try router.addHandler(forPattern: "list/{id...}") { _ in await log.record("block list/...") }
        router.addHandler { _ in await log.record("handler") }
        await router.route("appscheme://list")
        await router.route("appscheme://list/3")
        await router.route("appscheme://list/3/extra")
        #expect(await log.entries == [
            "handler", "list screen",
            "handler", "block list/* list/3", "block list/...", "detail 3",
            // A trailing `*` matches any depth in a handler pattern, as WAAppRouting's did.
            "handler", "block list/* list/3/extra", "block list/...", "extra screen",
        ])
    }

    @Test(arguments: [
        ("list/*", ["list/3", "list/3/extra", "list/a/b/c"], ["list", "other/3"]),
        ("list/*/edit", ["list/3/edit"], ["list/3/4/edit", "list/3", "list/3/edit/x"]),
        ("list(/*)", ["list", "list/3"], ["list/3/4"]),
        ("a/:rest/*", ["a/1/2", "a/1/2/3"], ["a/1"]),
    ] as [(String, [String], [String])])
    func aTrailingWildcardInAHandlerPatternMatchesAnyDepth(pattern: String, fires: [String], silent: [String]) async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["app"])
        router.mapDefault { _ in }
        try router.addHandler(forPattern: pattern) { link in await log.record(link.path) }
        for path in fires + silent { await router.route("app://" + path) }
        #expect(await log.entries == fires)
    }

    @Test func patternHandlersUseTheRoutersDelimiterAndHosts() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["photofeed"], hosts: ["photofeed.example.com"], delimiter: ":")
        router.mapDefault { _ in }
        try router.addHandler(forPattern: "user:*") { _ in await log.record("user block") }
        await router.route("photofeed://user:self")
        await router.route("user:42")
        await router.route("https://photofeed.example.com/user:7")
        await router.route("photofeed://post:1")
        #expect(await log.entries == ["user block", "user block", "user block"])
    }

    @Test func overlappingHandlersAllRunInTheOrderTheyWereAdded() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["app"])
        try router.map("list/new") { _ in await log.record("new screen") }
        try router.map("list/:id") { _ in await log.record("detail screen") }
        router.mapDefault { _ in await log.record("home") }
        // Added in no order of specificity: each runs when it matches, in the order it was added.
        try router.addHandler(forPattern: "list/{rest...}") { _ in await log.record("rest") }
        try router.addHandler(forPattern: "list/:id") { _ in await log.record("parameter") }
        try router.addHandler(forPattern: "list/new") { _ in await log.record("static") }
        try router.addHandler(forPattern: "list/*") { _ in await log.record("wildcard") }
        try router.addHandler(forPattern: "list/:id<int>") { _ in await log.record("int") }
        try router.addHandler(forPattern: "*/new") { _ in await log.record("any/new") }
        await router.route("app://list/new")
        await router.route("app://list/7")
        await router.route("app://list/7/more")
        await router.route("app://other/new")
        await router.route("app://list")
        #expect(await log.entries == [
            "rest", "parameter", "static", "wildcard", "any/new", "new screen",
            "rest", "parameter", "wildcard", "int", "detail screen",
            "rest", "wildcard", "home",
            "any/new", "home",
            "home",
        ])
    }

    @Test func handlersOnOnePatternAllRun() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["app"])
        router.mapDefault { _ in }
        try router.addHandler(forPattern: "promo/:code") { _ in await log.record("first") }
        try router.addHandler(forPattern: "other") { _ in await log.record("other") }
        try router.addHandler(forPattern: "promo/:code") { _ in await log.record("second") }
        // The same URLs in another spelling: accepted too, never a conflict.
        try router.addHandler(forPattern: "promo/{campaign}") { _ in await log.record("third") }
        try router.addHandler(forPattern: "promo/*") { _ in await log.record("fourth") }
        await router.route("app://promo/spring")
        await router.route("app://other")
        #expect(await log.entries == ["first", "second", "third", "fourth", "other"])
    }

    @Test func handlersSeeTheRoutesParametersNotTheirPatterns() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map("product/:product_id", name: "product") { _ in }
        router.mapDefault { _ in }
        try router.addHandler(forPattern: "product/:x") { link in
            await log.record("\(link.routeName ?? "-") \(link.route ?? "-") \(link.routeParameters ?? [:]) \(link.queryParameters)")
        }
        try router.addHandler(forPattern: "promo/*") { link in
            await log.record("\(link.route ?? "-") \(String(describing: link.routeParameters)) \(link.path)")
        }
        await router.route("shop://product/42?ref=mail")
        await router.route("shop://promo/a/b")
        #expect(await log.entries == [
            #"product product/:product_id ["product_id": "42"] ["ref": "mail"]"#,
            "- nil promo/a/b",
        ])
    }

    @Test func aHandlerPatternThatATableWouldRefuseOnItsOwnThrows() throws {
        let router = try Router(schemes: ["shop"])
        #expect {
            try router.addHandler(forPattern: "a(/:x)(/:y)") { _ in }
        } throws: { error in
            (error as? RouteTableBuildError)?.issues.map(\.message) == ["conflict: two optional forms of 'a(/:x)(/:y)' match the same URLs"]
        }
        // Refused before anything changed: another handler goes in as usual.
        try router.addHandler(forPattern: "a/:x") { _ in }
    }

    @Test func anInvalidHandlerPatternThrows() throws {
        let router = try Router(schemes: ["shop"])
        #expect(throws: RouteTableBuildError.self) { try router.addHandler(forPattern: "list/:") { _ in } }
    }
}
