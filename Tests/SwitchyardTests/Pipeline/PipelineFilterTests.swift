import Switchyard
import Testing

/// A protocol-form filter that records every link it sees and passes it on.
struct RecordingFilter: LinkFilter {
    let name: String
    let log: PipelineLog

    func filter(_ link: DeepLink) async -> FilterDecision {
        await log.record("\(name) \(link.url)")
        return .pass
    }
}

@Suite struct PipelineFilterTests {
    private func shopRouter(_ log: PipelineLog) throws -> Router {
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { link in await log.record("product \(link.routeParameters?["id"] ?? "-")") }
        try router.map("login") { _ in await log.record("login") }
        try router.map("orders", name: "orders") { _ in await log.record("orders") }
        return router
    }

    @Test func filtersRunInOrderBeforeTheDestination() async throws {
        let log = PipelineLog()
        let router = try shopRouter(log)
        try router.appendFilter(RecordingFilter(name: "first", log: log))
        router.appendFilter { link in await log.record("second \(link.url)"); return .pass }
        #expect(await router.route("shop://product/1").handled)
        #expect(await log.entries == ["first shop://product/1", "second shop://product/1", "product 1"])
    }

    @Test func aChangedLinkGoesOnToItsOwnRoute() async throws {
        let log = PipelineLog()
        let router = try shopRouter(log)
        let loginLink = try router.resolve("shop://login")
        router.appendFilter { link in
            guard link.route == "product/:id" else { return .pass }
            var changed = link
            changed.routeParameters?["id"] = "99"
            return link.routeParameters?["id"] == "0" ? .change(loginLink) : .change(changed)
        }
        try router.appendFilter(RecordingFilter(name: "next", log: log))
        let outcome = await router.route("shop://product/1")
        #expect(outcome.link?.routeParameters == ["id": "99"])
        #expect(await router.route("shop://product/0").handled)
        #expect(await log.entries == ["next shop://product/1", "product 99", "next shop://login", "login"])
    }

    @Test func aRedirectRestartsThePipelineWithTheSameSource() async throws {
        let log = PipelineLog()
        let router = try shopRouter(log)
        router.appendFilter { link in
            await log.record("filter \(link.url)")
            return link.route == "orders" ? .redirect(to: "shop://login") : .pass
        }
        let outcome = await router.route("shop://orders", source: .push, metadata: ["k": "v"])
        guard case .opened(let link) = outcome else { Issue.record("expected opened, got \(outcome)"); return }
        #expect(link.route == "login" && link.source == .push && link.metadata == ["k": "v"])
        #expect(await log.entries == ["filter shop://orders", "filter shop://login", "login"])
    }

    @Test func aRedirectToAnUnreadableURLIsRejected() async throws {
        let router = try shopRouter(PipelineLog())
        router.appendFilter { _ in .redirect(to: "other://x") }
        let outcome = await router.route("shop://orders")
        guard case .rejected(let error) = outcome else { Issue.record("expected rejected, got \(outcome)"); return }
        #expect(error.code == .unknownScheme)
    }

    @Test func aRedirectLoopEndsWithAnError() async throws {
        let log = PipelineLog()
        let router = try shopRouter(log)
        try router.map("a") { _ in await log.record("a") }
        try router.map("b") { _ in await log.record("b") }
        router.appendFilter { link in link.path == "a" ? .redirect(to: "shop://b") : .redirect(to: "shop://a") }
        let outcome = await router.route("shop://a")
        guard case .failed(let link, let error as PipelineError) = outcome else {
            Issue.record("expected failed with PipelineError, got \(outcome)"); return
        }
        let chain = (0...Router.maximumRedirects + 1).map { $0 % 2 == 0 ? "shop://a" : "shop://b" }
        #expect(error.code == .redirectLoop)
        #expect(error.message == "redirect loop: more than 8 redirects (\(chain.joined(separator: " -> ")))")
        #expect(link.url == "shop://a")
        #expect(!outcome.handled)
        #expect(await log.entries.isEmpty)
    }

    @Test func redirectsUpToTheLimitAreAllowed() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["shop"])
        try router.map("step/:n<int>") { link in await log.record("step \(link.routeParameters?["n"] ?? "")") }
        router.appendFilter { link in
            let n = Int(link.routeParameters?["n"] ?? "") ?? 0
            return n < Router.maximumRedirects ? .redirect(to: "shop://step/\(n + 1)") : .pass
        }
        #expect(await router.route("shop://step/0").handled)
        #expect(await log.entries == ["step \(Router.maximumRedirects)"])
    }

    @Test func aHaltStopsEverything() async throws {
        let log = PipelineLog()
        let router = try shopRouter(log)
        router.addHandler { _ in await log.record("handler") }
        router.appendFilter { link in link.queryParameters["blocked"] != nil ? .halt : .pass }
        try router.appendFilter(RecordingFilter(name: "after", log: log))
        let outcome = await router.route("shop://product/1?blocked")
        guard case .halted(let link) = outcome else { Issue.record("expected halted, got \(outcome)"); return }
        #expect(link.routeParameters == ["id": "1"])
        #expect(outcome.handled)
        #expect(router.pendingLink == nil)
        #expect(await log.entries.isEmpty)
    }

    @Test func aGateHoldsUntilLoginThenThePendingLinkOpens() async throws {
        let log = PipelineLog()
        let session = GateSession()
        let router = try shopRouter(log)
        try router.appendFilter(GateFilter { await session.isLoggedIn })
        let outcome = await router.route("shop://product/5", source: .push)
        guard case .heldByGate(let link) = outcome else { Issue.record("expected held, got \(outcome)"); return }
        #expect(outcome.handled)
        #expect(router.pendingLink == link)
        #expect(await log.entries.isEmpty)

        await session.logIn()
        #expect(await router.openPendingLink()?.handled == true)
        #expect(router.pendingLink == nil)
        #expect(await log.entries == ["product 5"])
    }

    @Test(arguments: [
        ("shop://orders", true),
        ("shop://product/1", false),
    ])
    func aGateCanGuardOnlySomeRoutes(url: String, held: Bool) async throws {
        let router = try shopRouter(PipelineLog())
        try router.appendFilter(GateFilter(routes: ["orders"]) { false })
        let outcome = await router.route(url)
        if case .heldByGate = outcome { #expect(held) } else { #expect(!held) }
        #expect(outcome.handled)
    }

    @Test func aGateMatchesRoutesByPatternToo() async throws {
        let router = try shopRouter(PipelineLog())
        try router.appendFilter(GateFilter(routes: ["product/:id"]) { false })
        let outcome = await router.route("shop://product/1")
        guard case .heldByGate = outcome else { Issue.record("expected held, got \(outcome)"); return }
    }
}

/// A login state shared between a gate and the test.
actor GateSession {
    private(set) var isLoggedIn = false

    func logIn() {
        isLoggedIn = true
    }
}
