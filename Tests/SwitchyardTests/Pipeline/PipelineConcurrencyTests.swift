import Switchyard
import Testing

@Suite struct PipelineConcurrencyTests {
    /// 100 tasks route while another registers routes: no crash, and every outcome is right for
    /// the table it saw (unhandled before its route was registered, opened with the right
    /// parameters after).
    @Test func routingFromManyTasksWhileRegistering() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["app"])
        let routeCount = 40
        let results = await withTaskGroup(of: [String].self) { group in
            group.addTask {
                var problems: [String] = []
                for i in 0..<routeCount {
                    do {
                        try router.map("item\(i)/:id") { link in
                            await log.record("item\(i) \(link.routeParameters?["id"] ?? "")")
                        }
                    } catch {
                        problems.append("item\(i)/:id refused: \(error)")
                    }
                    await Task.yield()
                }
                return problems
            }
            for task in 0..<100 {
                group.addTask {
                    var problems: [String] = []
                    for k in 0..<10 {
                        let i = (task + k) % routeCount
                        let outcome = await router.route("app://item\(i)/\(task)-\(k)")
                        switch outcome {
                        case .unhandled(let link):
                            if link.route != nil { problems.append("unhandled with a route: \(link.url)") }
                        case .opened(let link):
                            if link.route != "item\(i)/:id" || link.routeParameters != ["id": "\(task)-\(k)"] {
                                problems.append("wrong link for \(link.url): \(String(describing: link.route))")
                            }
                        default:
                            problems.append("unexpected \(outcome)")
                        }
                        if (try? router.resolve("app://item\(i)/x"))?.route.map({ $0 == "item\(i)/:id" }) == false {
                            problems.append("resolve gave another route for item\(i)")
                        }
                    }
                    return problems
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.isEmpty)
        #expect(router.table().routes.count == routeCount)
        // Every destination that ran ran for its own route.
        for entry in await log.entries {
            let parts = entry.split(separator: " ")
            #expect(parts.count == 2 && parts[0].hasPrefix("item"))
        }
        // Once registration is done, everything opens.
        #expect(await router.route("app://item\(routeCount - 1)/z").handled)
    }

    /// Pattern handlers added while 100 tasks open links: a handler runs only for links its pattern
    /// matches, and once it is added, for every one of them.
    @Test func patternHandlersAddedWhileRouting() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["app"])
        router.mapDefault { _ in }
        let handlerCount = 30
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for i in 0..<handlerCount {
                    do {
                        try router.addHandler(forPattern: "h\(i)/*") { link in await log.record("h\(i)/* \(link.path)") }
                        try router.addHandler(forPattern: "h\(i)/:id") { link in await log.record("h\(i)/:id \(link.path)") }
                    } catch {
                        Issue.record("h\(i) refused: \(error)")
                    }
                    await Task.yield()
                }
            }
            for task in 0..<100 {
                group.addTask {
                    for k in 0..<10 {
                        let handled = await router.route("app://h\((task + k) % handlerCount)/\(task)-\(k)").handled
                        #expect(handled)
                    }
                }
            }
        }
        // Every handler that ran ran for its own pattern, once per link; `h<i>/:id` (added after
        // `h<i>/*`) never without `h<i>/*` before it for the same link.
        let entries = await log.entries
        var seen = Set<String>()
        for entry in entries {
            let parts = entry.split(separator: " ")
            let prefix = parts[0].split(separator: "/")[0]
            #expect(parts.count == 2 && parts[1].hasPrefix(prefix + "/"), "\(entry)")
            #expect(seen.insert(entry).inserted, "ran twice: \(entry)")
            if parts[0].hasSuffix(":id") {
                #expect(seen.contains("\(prefix)/* \(parts[1])"), "\(entry) without \(prefix)/* before it")
            }
        }
        // Once every handler is added, both of a pattern's handlers run, in the order they were added.
        let before = entries.count
        await router.route("app://h\(handlerCount - 1)/z")
        #expect(await log.entries.dropFirst(before) == ["h\(handlerCount - 1)/* h\(handlerCount - 1)/z",
                                                       "h\(handlerCount - 1)/:id h\(handlerCount - 1)/z"])
    }

    @Test func filtersAndHandlersAddedWhileRoutingAreSafe() async throws {
        let router = try Router(schemes: ["app"])
        router.mapDefault { _ in }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<50 {
                    router.appendFilter { _ in .pass }
                    router.addHandler { _ in }
                    await Task.yield()
                }
            }
            for _ in 0..<100 {
                group.addTask {
                    let handled = await router.route("app://anything").handled
                    #expect(handled)
                }
            }
        }
    }
}
