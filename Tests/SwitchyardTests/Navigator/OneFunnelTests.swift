import Foundation
import Switchyard
import Synchronization
import Testing

/// Every entry point — a URL, the URLs of a scene, a universal link, a Spotlight result, a tapped
/// notification, a quick action, a cold launch, the app's own `route` and `navigate`, a pasted and
/// a pasteboard deferred link — goes through the one funnel: the same queue (held until ready),
/// the same filters, the same outcome reports; repeats are dropped from system callbacks only.
@Suite struct OneFunnelTests {
    /// One way in, offering the link of product `id` (a short link `https://go.example.com/ID` for
    /// the deferred ones).
    struct Entry: CustomTestStringConvertible, Sendable {
        let name: String
        /// Whether a system callback offers it (repeats are dropped) rather than the app.
        let isSystem: Bool
        /// The route and source the link opens with.
        let route: String
        let source: LinkSource
        let offer: @Sendable (Navigator, String) async -> Void
        var testDescription: String { name }

        /// What `onOutcome` records for an outcome of this entry's link.
        func record(_ kind: RoutingOutcome.Kind, _ id: String) -> String { "\(kind) \(route) \(id) \(source)" }
    }

    static let now = Date(timeIntervalSince1970: 1_900_000_000)
    static let client = SmartLinkClient(service: URL(string: "https://go.example.com")!, appKey: "k",  // force-unwrap: a literal
                                        table: try! RouteTable([":id"], hosts: ["go.example.com"]))  // force-try: a fixed table

    /// A first-launch check of its own each time, so that a repeat is not answered by the ledger.
    static func deferred(_ navigator: Navigator, pasteboard: (any DeferredLinkPasteboard)? = nil) -> DeferredLinks {
        DeferredLinks(navigator: navigator, client: client, pasteboard: pasteboard, ledger: InMemoryDeferredLinkLedger(),
                      now: { now })
    }

    static func copied(_ id: String) -> String {
        "https://go.example.com/\(id)?\(DeferredLinks.copiedMarker)=\(Int(now.timeIntervalSince1970) - 60)"
    }

    struct Pasteboard: DeferredLinkPasteboard {
        let text: String
        func hasProbableWebURL() async -> Bool { true }
        func string() async -> String? { text }
    }

    static let entries: [Entry] = [
        Entry(name: "handle", isSystem: true, route: "product/:id", source: .url) { navigator, id in
            navigator.handle("shop://product/\(id)")
        },
        Entry(name: "handle(urls:)", isSystem: true, route: "product/:id", source: .url) { navigator, id in
            navigator.handle(urls: [URL(string: "shop://product/\(id)")!])  // force-unwrap: a valid literal URL
        },
        Entry(name: "universal link", isSystem: true, route: "product/:id", source: .universalLink) { navigator, id in
            navigator.handle(userActivityType: Navigator.browsingWebActivityType,
                             webpageURL: URL(string: "https://shop.example.com/product/\(id)"), userInfo: nil)
        },
        Entry(name: "Spotlight", isSystem: true, route: "product/:id", source: .userActivity) { navigator, id in
            navigator.handle(userActivityType: Navigator.spotlightActivityType, webpageURL: nil,
                             userInfo: [Navigator.spotlightIdentifierKey: "shop://product/\(id)"])
        },
        Entry(name: "notification", isSystem: true, route: "product/:id", source: .push) { navigator, id in
            navigator.handle(pushPayload: ["data": ["deeplink": "shop://product/\(id)"]])
        },
        Entry(name: "quick action", isSystem: true, route: "product/:id", source: .shortcut) { navigator, id in
            navigator.handle(shortcutType: "product", url: "shop://product/\(id)")
        },
        Entry(name: "cold launch", isSystem: true, route: "product/:id", source: .url) { navigator, id in
            navigator.handle(LaunchLinks(urls: [URL(string: "shop://product/\(id)")!]))  // force-unwrap: a valid literal URL
        },
        Entry(name: "route", isSystem: false, route: "product/:id", source: .url) { navigator, id in
            await navigator.route("shop://product/\(id)")
        },
        Entry(name: "navigate", isSystem: false, route: "product/:id", source: .internal) { navigator, id in
            await navigator.navigate(to: "product", parameters: ["id": id])
        },
        Entry(name: "pasted deferred link", isSystem: false, route: ":id", source: .deferred) { navigator, id in
            _ = await deferred(navigator).openPasted(copied(id))
        },
        Entry(name: "pasteboard deferred link", isSystem: false, route: ":id", source: .deferred) { navigator, id in
            _ = await deferred(navigator, pasteboard: Pasteboard(text: copied(id))).openOnFirstLaunch()
        },
    ]

    /// What a navigator reports, each outcome as its kind, route, id and source.
    final class Records: Sendable {
        private let records = Mutex<[String]>([])
        var all: [String] { records.withLock { $0 } }
        func append(_ record: String) { records.withLock { $0.append(record) } }

        /// The records once there are `count` (outcomes of queued links come from the queue's task).
        func wait(for count: Int) async -> [String] {
            for _ in 0..<20_000 where all.count < count { await Task.yield() }
            return all
        }
    }

    /// A navigator whose router opens products and short links, and whose filter halts id 0.
    static func navigator(ready: Bool) throws -> (Navigator, Records) {
        let router = try Router(schemes: ["shop"], hosts: ["shop.example.com", "go.example.com"])
        try router.map("product/:id", name: "product") { _ in }
        try router.map(":id") { _ in }
        router.appendFilter { link in link.routeParameters?["id"] == "0" ? .halt : .pass }
        let navigator = Navigator(routers: [router], waitsUntilReady: !ready)
        let records = Records()
        navigator.onOutcome = { outcome in
            let link = outcome.link
            records.append("\(outcome.kind) \(link?.route ?? "-") \(link?.routeParameters?["id"] ?? "-") \(link?.source ?? .url)")
        }
        return (navigator, records)
    }

    @Test(arguments: entries) func everyEntryPointOpensThroughTheQueue(_ entry: Entry) async throws {
        let (navigator, records) = try Self.navigator(ready: true)
        await entry.offer(navigator, "7")
        #expect(await records.wait(for: 1) == [entry.record(.opened, "7")])
    }

    @Test(arguments: entries) func everyEntryPointIsHeldUntilReady(_ entry: Entry) async throws {
        let (navigator, records) = try Self.navigator(ready: false)
        await entry.offer(navigator, "7")
        #expect(records.all == [entry.record(.heldUntilReady, "7")])
        await navigator.markReady()
        #expect(await records.wait(for: 2) == [entry.record(.heldUntilReady, "7"), entry.record(.opened, "7")])
    }

    @Test(arguments: entries) func everyEntryPointGoesThroughTheFilters(_ entry: Entry) async throws {
        let (navigator, records) = try Self.navigator(ready: true)
        await entry.offer(navigator, "0")
        #expect(await records.wait(for: 1) == [entry.record(.halted, "0")])
    }

    @Test(arguments: entries) func onlySystemCallbacksDropRepeats(_ entry: Entry) async throws {
        let (navigator, records) = try Self.navigator(ready: false)
        await entry.offer(navigator, "7")
        await entry.offer(navigator, "7")
        let second: RoutingOutcome.Kind = entry.isSystem ? .duplicate : .heldUntilReady
        #expect(records.all == [entry.record(.heldUntilReady, "7"), entry.record(second, "7")])
    }

    @Test func aLinkRoutedFromARunningDestinationRunsInsideIt() async throws {
        let (navigator, records) = try Self.navigator(ready: true)
        let router = try Router(schemes: ["shop"])
        try router.map("outer/run") { _ in
            let inner = await navigator.route("shop://product/3")
            #expect(inner.kind == .opened, "it runs at once, not behind the link that routed it")
        }
        navigator.routers.append(router)
        #expect(await navigator.route("shop://outer/run").kind == .opened)
        #expect(records.all == ["opened product/:id 3 url", "opened outer/run - url"])
    }
}
