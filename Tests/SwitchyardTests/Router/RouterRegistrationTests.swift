import Switchyard
import Testing

/// A bad or conflicting registration fails where it is made, names the problem, and
/// never disables the links that worked before it.
@Suite struct RouterRegistrationTests {
    /// A router with a product route and a default route, both recording what they open.
    private func shop(_ log: PipelineLog) throws -> Router {
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id", name: "product") { link in await log.record("product \(link.routeParameters!["id"]!)") }
        router.mapDefault { _ in await log.record("default") }
        return router
    }

    /// Every link that worked before still opens the same way.
    private func expectStillRouting(_ router: Router, _ log: PipelineLog) async {
        #expect(await router.route("shop://product/1").handled)
        #expect(await router.route("shop://nowhere").handled)
        #expect(await log.entries == ["product 1", "default"])
    }

    /// The error a registration threw, with its messages.
    private func messages(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            Issue.record("expected a RouteTableBuildError")
            return []
        } catch let error as RouteTableBuildError {
            return error.issues.map(\.message)
        } catch {
            Issue.record("expected a RouteTableBuildError, got \(error)")
            return []
        }
    }

    @Test(arguments: [
        ("promo/:", ["empty parameter name at 7 in 'promo/:'"]),
        ("product/{pid}", ["conflict: 'product/:id' and 'product/{pid}' match the same URLs"]),
        ("a/:x<coupon>", ["unknown constraint 'coupon' at 3 in 'a/:x<coupon>'"]),
        ("product/*", ["conflict: 'product/:id' and 'product/*' match the same URLs"]),
    ])
    func aBadMapThrowsAndKeepsTheTable(pattern: String, expected: [String]) async throws {
        let log = PipelineLog()
        let router = try shop(log)
        #expect(messages { try router.map(pattern) { _ in await log.record("bad") } } == expected)
        #expect(messages { try router.map(pattern, to: RecordingRoute(name: "bad", log: log)) } == expected)
        #expect(messages { try router.map(RouteDefinition(pattern)) { _ in } } == expected)
        #expect(messages { try router.map(RouteDefinition(pattern), to: RecordingRoute(name: "bad", log: log)) } == expected)
        #expect(router.table().routes.map(\.text) == ["product/:id"])
        await expectStillRouting(router, log)
    }

    @Test func aConflictNamesBothPatternsAndTheirIndices() throws {
        let router = try Router(schemes: ["shop"])
        try router.map("about") { _ in }
        try router.map("product/:id") { _ in }
        #expect {
            try router.map("product/{pid}") { _ in }
        } throws: { error in
            guard let issue = (error as? RouteTableBuildError)?.issues.first else { return false }
            return issue.code == .conflict && issue.patterns == ["product/:id", "product/{pid}"]
                && issue.routeIndices == [1, 2]
        }
    }

    @Test func aDuplicateNameIsRefused() async throws {
        let log = PipelineLog()
        let router = try shop(log)
        #expect(messages { try router.map("item/:id", name: "product") { _ in } }
                == ["duplicate route name 'product': route 1 ('product/:id') and route 2 ('item/:id')"])
        #expect(router.table().route("product")?.text == "product/:id")
        await expectStillRouting(router, log)
    }

    @Test func renamingAnExistingRouteIsCheckedToo() async throws {
        let log = PipelineLog()
        let router = try shop(log)
        try router.map("cart", name: "cart") { _ in }
        #expect(messages { try router.map("cart", name: "product") { _ in } }
                == ["duplicate route name 'product': route 1 ('product/:id') and route 2 ('cart')"])
        #expect(router.table().route("cart")?.text == "cart")
        await expectStillRouting(router, log)
    }

    @Test func aModuleWithAConflictIsRefusedAsAWhole() async throws {
        let log = PipelineLog()
        let router = try shop(log)
        let module = RouteSet([
            ModuleRoute("orders/:id") { _ in await log.record("orders") },
            ModuleRoute("product/{pid}") { _ in await log.record("module product") },
            ModuleRoute("promo/:") { _ in },
        ])
        #expect(messages { try router.add(module) } == [
            "conflict: 'product/:id' and 'product/{pid}' match the same URLs",
            "empty parameter name at 7 in 'promo/:'",
        ])
        #expect(router.table().routes.map(\.text) == ["product/:id"])
        #expect(try router.resolve("shop://orders/3").route == nil)
        await expectStillRouting(router, log)
        // A good module added afterwards gets fresh routes, and removing it leaves the rest.
        let id = try router.add(RouteSet([ModuleRoute("orders/:id") { _ in await log.record("orders") }]))
        #expect(await router.route("shop://orders/3").handled)
        router.remove(id)
        #expect(router.table().routes.map(\.text) == ["product/:id"])
    }

    @Test func aModuleRouteOfAnExistingPatternGivesOnlyItsDestination() async throws {
        let log = PipelineLog()
        let router = try shop(log)
        let id = try router.add(RouteSet([ModuleRoute("product/:id", name: "item") { _ in await log.record("module") }]))
        #expect(router.table().route("product")?.text == "product/:id")
        #expect(await router.route("shop://product/1").handled)
        router.remove(id)
        #expect(await router.route("shop://product/2").handled)
        #expect(await log.entries == ["module", "product 2"])
    }

    @Test func aBadHandlerPatternThrows() async throws {
        let log = PipelineLog()
        let router = try shop(log)
        #expect(messages { try router.addHandler(forPattern: "promo/:") { _ in } }
                == ["empty parameter name at 7 in 'promo/:'"])
        await expectStillRouting(router, log)
    }

    @Test func aBadConfigurationThrowsAtCreation() {
        #expect(messages { _ = try Router(schemes: ["9bad"]) } == ["invalid scheme '9bad': a scheme is a letter followed by letters, digits, '+', '-' or '.'"])
        #expect(messages { _ = try Router(RouteTableConfiguration(routes: [RouteDefinition("a/:"), RouteDefinition("b")])) }
                == ["empty parameter name at 3 in 'a/:'"])
    }

    @Test func registrationsFromManyTasksAreAllCheckedOnce() async throws {
        let router = try Router(schemes: ["shop"])
        let refused = await withTaskGroup(of: Int.self) { group in
            for task in 0..<20 {
                group.addTask {
                    // Every task maps the same two patterns; the second always conflicts with the first.
                    var refused = 0
                    for pattern in ["t\(task % 5)/:id", "t\(task % 5)/{other}"] {
                        do { try router.map(pattern) { _ in } } catch { refused += 1 }
                    }
                    return refused
                }
            }
            return await group.reduce(0, +)
        }
        // Each task mapped `:id` before `{other}`, so its `{other}` always met a conflict.
        #expect(refused == 20)
        #expect(router.table().routes.count == 5)
    }
}
