import Switchyard
import Testing

@Suite struct NavigatorTests {
    @Test func routersAreTriedInOrderUntilOneTakesTheLink() async throws {
        let log = PipelineLog()
        let first = try Router(schemes: ["shop"])
        try first.map("product/:id") { _ in await log.record("first product") }
        let second = try Router(schemes: ["shop", "other"])
        try second.map("product/:id") { _ in await log.record("second product") }
        try second.map("cart") { _ in await log.record("second cart") }
        let navigator = Navigator(routers: [first, second], waitsUntilReady: false)
        #expect(await navigator.route("shop://product/1").handled)       // first takes it
        #expect(await navigator.route("shop://cart").handled)            // unmatched in first
        #expect(await navigator.route("other://cart").handled)           // rejected by first
        #expect(!(await navigator.route("shop://nowhere").handled))      // nobody
        #expect(!(await navigator.route("mail://x").handled))            // rejected by both
        #expect(await log.entries == ["first product", "second cart", "second cart"])
    }

    @Test func aDefaultRouteTakesEverythingItCanRead() async throws {
        let log = PipelineLog()
        let first = try Router(schemes: ["shop"])
        first.mapDefault { _ in await log.record("first default") }
        let second = try Router(schemes: ["shop"])
        try second.map("cart") { _ in await log.record("second cart") }
        #expect(await Navigator(routers: [first, second], waitsUntilReady: false).route("shop://cart").handled)
        #expect(await Navigator(routers: [second, first], waitsUntilReady: false).route("shop://cart").handled)
        #expect(await log.entries == ["first default", "second cart"])
    }

    @Test func aFailedOrHaltedLinkIsNotOfferedToTheNextRouter() async throws {
        let log = PipelineLog()
        let first = try Router(schemes: ["shop"])
        try first.map("fail") { _ in throw DestinationError.notFound }
        try first.map("halt") { _ in }
        first.appendFilter { link in link.path == "halt" ? .halt : .pass }
        let second = try Router(schemes: ["shop"])
        second.mapDefault { link in await log.record("second \(link.path)") }
        let navigator = Navigator(routers: [first, second], waitsUntilReady: false)
        #expect(!(await navigator.route("shop://fail").handled))
        #expect(await navigator.route("shop://halt").handled)
        #expect(await log.entries.isEmpty)
    }

    @Test func preLoginAndPostLoginRoutersAreSwapped() async throws {
        let log = PipelineLog()
        let preLogin = try Router(schemes: ["photofeed"], delimiter: ":")
        try preLogin.add(RouteSet(["login": RecordingRoute(name: "login", log: log)]))
        let postLogin = try Router(schemes: ["photofeed"], delimiter: ":")
        try postLogin.add(RouteSet([
            "user:{userId}": RecordingRoute(name: "user", log: log),
            "logout": RecordingRoute(name: "logout", log: log),
        ]))
        let navigator = Navigator(routers: [preLogin], waitsUntilReady: false)
        #expect(!(await navigator.route("user:self", source: .internal).handled))
        #expect(await navigator.route("login", source: .internal).handled)
        navigator.routers = [postLogin]
        #expect(await navigator.route("user:self", source: .internal).handled)
        #expect(!(await navigator.route("login", source: .internal).handled))
        #expect(await navigator.route("photofeed://logout").handled)
        #expect(await log.entries == ["login -", "user userId=self", "logout -"])
    }

    @Test func aColdLaunchLinkIsHeldUntilReadyThenOpensOnce() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { link in
            await log.record("product \(link.routeParameters?["id"] ?? "") \(link.source)")
        }
        let navigator = Navigator(routers: [router], waitsUntilReady: true)
        #expect(!navigator.isReady)
        #expect(await navigator.route("shop://product/1").handled)
        #expect(await navigator.route("shop://product/2", source: .universalLink).handled)  // both are held
        #expect(await log.entries.isEmpty)
        #expect(await navigator.markReady())
        #expect(navigator.isReady)
        #expect(!(await navigator.markReady()))
        #expect(await navigator.route("shop://product/3").handled)
        #expect(await log.entries == ["product 1 url", "product 2 universalLink", "product 3 url"])
    }

    @Test func markingReadyWithNothingHeldOpensNothing() async throws {
        let navigator = Navigator(routers: [try Router(schemes: ["shop"])], waitsUntilReady: true)
        #expect(!(await navigator.markReady()))
        #expect(navigator.isReady)
        #expect(Navigator(routers: [], waitsUntilReady: false).isReady)
        #expect(!(await Navigator(routers: [], waitsUntilReady: false).route("shop://x").handled))
    }

    @Test func navigateToARouteByNameBuildsItsPathThroughTheOwningRouter() async throws {
        let log = PipelineLog()
        let first = try Router(schemes: ["shop"])
        try first.map("cart", name: "cart") { link in await log.record("cart \(link.source)") }
        let second = try Router(schemes: ["shop"])
        try second.map("product/:product_id<int>", name: "product") { link in
            let id = link.routeParameters?["product_id"] ?? ""
            await log.record("product \(id) tab=\(link.queryParameters["tab"] ?? "-") \(link.source)")
        }
        let navigator = Navigator(routers: [first, second], waitsUntilReady: false)
        #expect(await navigator.navigate(to: "product", parameters: ["product_id": "42"],
                                         query: [QueryItem(name: "tab", value: "reviews")]))
        #expect(await navigator.navigate(to: "cart"))
        #expect(await navigator.navigate(to: "product/:product_id<int>", parameters: ["product_id": "7"]))
        #expect(!(await navigator.navigate(to: "product", parameters: ["product_id": "abc"])))
        #expect(!(await navigator.navigate(to: "product")))
        let outcomes = OutcomeRecorder(navigator)
        #expect(!(await navigator.navigate(to: "unknown")))
        #expect(!(await navigator.navigate(to: "product")))
        #expect(outcomes.all == [
            "failed unknown: no route named or patterned 'unknown'",
            "failed product: missing parameter 'product_id' for route 'product/:product_id<int>'",
        ], "a route the app cannot navigate to is reported with the reason")
        #expect(await log.entries == ["product 42 tab=reviews internal", "cart internal", "product 7 tab=- internal"])
    }

    @Test func navigateToUsesTheURNDelimiterAndWaitsUntilReady() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["photofeed"], delimiter: ":")
        try router.map("user:{userId}", name: "user", to: RecordingRoute(name: "user", log: log))
        let navigator = Navigator(routers: [router], waitsUntilReady: true)
        #expect(await navigator.navigate(to: "user", parameters: ["userId": "self"]))
        #expect(await log.entries.isEmpty)
        #expect(await navigator.markReady())
        #expect(await log.entries == ["user userId=self"])
    }
}
