import Switchyard
import Testing

/// Records calls from destinations, filters and handlers, in order, across tasks.
actor PipelineLog {
    private(set) var entries: [String] = []

    func record(_ entry: String) {
        entries.append(entry)
    }
}

/// A Compass-style destination that records what it opened, or throws.
struct RecordingRoute: Routable {
    let name: String
    let log: PipelineLog
    var error: DestinationError?

    func navigate(to link: DeepLink) async throws {
        if let error { throw error }
        let parameters = (link.routeParameters ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        await log.record("\(name) \(parameters.isEmpty ? "-" : parameters.joined(separator: ","))")
    }
}

@Suite struct PipelineRouterTests {
    @Test func closureDestinationReceivesTheResolvedLink() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["hoko"])
        try router.map("products/:product_id", name: "product") { link in
            await log.record("product \(try link.int("product_id")) from \(link.queryParameters["referrer"] ?? "-")")
        }
        let outcome = await router.route("hoko://products/42?referrer=hokolinks.com")
        guard case .opened(let link) = outcome else { Issue.record("expected opened, got \(outcome)"); return }
        #expect(link.route == "products/:product_id")
        #expect(link.routeName == "product")
        #expect(link.source == .url)
        #expect(outcome.handled)
        #expect(await log.entries == ["product 42 from hokolinks.com"])
    }

    @Test func defaultRouteGetsUnmatchedLinksWithQueryButNoRoute() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { _ in await log.record("product") }
        router.mapDefault { link in
            let parameters = link.routeParameters == nil ? "nil" : "set"
            await log.record("default route=\(link.route ?? "nil") params=\(parameters) "
                + "utm=\(link.queryParameters["utm"] ?? "-")")
        }
        let outcome = await router.route("shop://nowhere/else?utm=mail")
        guard case .openedDefault(let link) = outcome else {
            Issue.record("expected openedDefault, got \(outcome)"); return
        }
        #expect(link.route == nil && link.routeParameters == nil)
        #expect(link.queryItems == [QueryItem(name: "utm", value: "mail")])
        #expect(outcome.handled)
        #expect(await log.entries == ["default route=nil params=nil utm=mail"])
    }

    @Test func defaultRouteAsRoutable() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        router.mapDefault(to: RecordingRoute(name: "home", log: log))
        #expect(await router.route("shop://anything").handled)
        #expect(await log.entries == ["home -"])
    }

    @Test func withoutDefaultAnUnmatchedLinkIsUnhandledAndFiltersDoNotRun() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { _ in }
        router.appendFilter { _ in await log.record("filter"); return .pass }
        let outcome = await router.route("shop://nowhere")
        guard case .unhandled(let link) = outcome else { Issue.record("expected unhandled, got \(outcome)"); return }
        #expect(link.url == "shop://nowhere")
        #expect(!outcome.handled)
        #expect(await log.entries.isEmpty)
    }

    @Test func unreadableInputIsRejected() async throws {
        let router = try Router(schemes: ["shop"])
        router.mapDefault { _ in }
        let outcome = await router.route("mail://x")
        guard case .rejected(let error) = outcome else { Issue.record("expected rejected, got \(outcome)"); return }
        #expect(error.code == .unknownScheme)
        #expect(outcome.link == nil && !outcome.handled)
    }

    @Test(arguments: [
        (DestinationError.notFound, "not_found", "no destination for this link"),
        (DestinationError.invalidParameters("userId 'x' is unknown"), "invalid_parameters",
         "invalid parameters: userId 'x' is unknown"),
        (DestinationError.custom("the shop is closed"), "custom", "the shop is closed"),
    ])
    func routableThrowingRouteErrorFails(error: DestinationError, code: String, message: String) async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["photofeed"], delimiter: ":")
        try router.map("user:{userId}", to: RecordingRoute(name: "user", log: log, error: error))
        let outcome = await router.route("photofeed://user:self")
        guard case .failed(let link, let thrown as DestinationError) = outcome else {
            Issue.record("expected failed with DestinationError, got \(outcome)"); return
        }
        #expect(link.routeParameters == ["userId": "self"])
        #expect(thrown == error)
        #expect(thrown.code.description == code)
        #expect(thrown.message == message)
        #expect("\(thrown)" == message)
        #expect(!outcome.handled)
        #expect(await log.entries.isEmpty)
    }

    @Test func routableDestinationOpens() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["photofeed"], delimiter: ":")
        try router.map("user:{userId}", to: RecordingRoute(name: "user", log: log))
        try router.map(RouteDefinition("post:{postId}", name: "post"), to: RecordingRoute(name: "post", log: log))
        #expect(await router.route("photofeed://user:self").handled)
        #expect(await router.route("post:BYOkwgXnwr3").handled)
        #expect(await log.entries == ["user userId=self", "post postId=BYOkwgXnwr3"])
        #expect(router.table().route("post")?.text == "post:{postId}")
    }

    @Test func mappingAPatternAgainReplacesItsDestination() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map("cart") { _ in await log.record("old") }
        #expect(await router.route("shop://cart").handled)
        try router.map("cart") { _ in await log.record("new") }
        #expect(await router.route("shop://cart").handled)
        #expect(await log.entries == ["old", "new"])
        #expect(router.table().routes.count == 1)
    }

    @Test func configurationRoutesTakeTheirDestinationByPattern() async throws {
        let log = PipelineLog()
        let configuration = RouteTableConfiguration(
            schemes: ["shop"],
            routes: [RouteDefinition("product/:id", name: "product", defaults: ["tab": "all"]),
                     RouteDefinition("about")])
        let router = try Router(configuration)
        try router.map("product/:id") { link in await log.record("product \(link.routeName ?? "-")") }
        #expect(await router.route("shop://product/1").handled)
        let route = try #require(router.table().route("product"))
        #expect(route.definition.defaults == ["tab": "all"])
        // A configuration route without a destination, and no default: unhandled.
        let outcome = await router.route("shop://about")
        guard case .unhandled(let link) = outcome else { Issue.record("expected unhandled, got \(outcome)"); return }
        #expect(link.route == "about")
        #expect(await log.entries == ["product product"])
    }

    /// A route-table file's route that nothing mapped reaches the default route, with
    /// its route and parameters filled in; a mapped route still opens its own destination.
    @Test func aFileRouteWithoutADestinationReachesTheDefaultRoute() async throws {
        let log = PipelineLog()
        let file = """
            {"schemes": ["shop"], "routes": ["about/team", {"pattern": "promo/:code", "name": "promo"}, "cart"]}
            """
        let router = try Router(RouteTableFile.parse(file, fileName: "routes.json"))
        try router.map("cart") { _ in await log.record("cart") }
        router.mapDefault { link in await log.record("default \(link.route ?? "-") \(link.routeParameters ?? [:])") }
        for (url, route) in [("shop://promo/SAVE10", "promo/:code"), ("shop://about/team", "about/team"),
                             ("shop://nowhere", nil)] as [(String, String?)] {
            let outcome = await router.route(url)
            guard case .openedDefault(let link) = outcome else { Issue.record("\(url): got \(outcome)"); continue }
            #expect(link.route == route, "\(url)")
        }
        guard case .opened(let cart) = await router.route("shop://cart") else { Issue.record("cart not opened"); return }
        #expect(cart.route == "cart")
        #expect(await log.entries == ["default promo/:code [\"code\": \"SAVE10\"]", "default about/team [:]", "default - [:]",
                                      "cart"])
    }

    @Test func aConflictingRouteIsRefusedAndTheTableKeepsWorking() async throws {
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { _ in }
        #expect(throws: RouteTableBuildError.self) { try router.map("product/{pid}") { _ in } }
        let outcome = await router.route("shop://product/1", source: .push)
        guard case .opened(let link) = outcome else {
            Issue.record("expected opened, got \(outcome)"); return
        }
        #expect(link.route == "product/:id" && link.source == .push)
        #expect(router.table().routes.map(\.text) == ["product/:id"])
    }

    @Test func resolveRunsNoFilterHandlerOrDestination() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { _ in await log.record("destination") }
        router.appendFilter { _ in await log.record("filter"); return .pass }
        router.addHandler { _ in await log.record("handler") }
        let link = try router.resolve("shop://product/7", source: .shortcut)
        #expect(link.routeParameters == ["id": "7"] && link.source == .shortcut)
        #expect(throws: LinkInputError.self) { try router.resolve("other://x") }
        #expect(await log.entries.isEmpty)
    }

    @Test func metadataIsAttachedToTheLink() async throws {
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { _ in }
        let outcome = await router.route("shop://product/7", source: .smartLink, metadata: ["coupon": "SAVE10"])
        #expect(outcome.link?.metadata == ["coupon": "SAVE10"])
        #expect(outcome.link?.source == .smartLink)
    }

    @Test func modulesAreAddedAndRemoved() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["photofeed"], delimiter: ":")
        try router.map("login") { _ in await log.record("login") }
        let postLogin = RouteSet([
            "user:{userId}": RecordingRoute(name: "user", log: log),
            "likes:{mediaId}": RecordingRoute(name: "likes", log: log),
        ])
        #expect(!(await router.route("user:self").handled))
        let id = try router.add(postLogin)
        #expect(await router.route("user:self").handled)
        #expect(await router.route("likes:9").handled)
        router.remove(id)
        #expect(!(await router.route("likes:9").handled))
        #expect(await router.route("login").handled)
        #expect(await log.entries == ["user userId=self", "likes mediaId=9", "login"])
    }

    @Test func moduleRoutesCanBeClosuresWithNames() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.add(RouteSet([
            ModuleRoute("orders/:id", name: "order") { link in await log.record(link.routeName ?? "-") },
        ]))
        #expect(await router.route("shop://orders/3").handled)
        #expect(router.table().route("order")?.text == "orders/:id")
        #expect(await log.entries == ["order"])
    }
}
