import Foundation
import Switchyard
import Synchronization
import Testing

/// The synchronous answer an app delegate returns at once, and the entry points given as plain values.
@Suite struct NavigatorDecisionTests {
    final class Opened: Sendable {
        private let links = Mutex<[String]>([])
        func add(_ link: DeepLink) { links.withLock { $0.append("\(link.route ?? "default") \(link.source)") } }
        var all: [String] { links.withLock { $0 } }
        /// Waits (a bounded number of yields) until `count` links were opened by background tasks.
        func wait(for count: Int) async -> [String] {
            for _ in 0..<10_000 where all.count < count { await Task.yield() }
            return all
        }
    }

    static func navigator(_ opened: Opened, withDefault: Bool = false, gated: Bool = false,
                          waitsUntilReady: Bool = false) throws -> Navigator {
        let router = try Router(RouteTableConfiguration(
            schemes: ["shop"], hosts: ["shop.example.com"],
            routes: [RouteDefinition("product/:id<int>"), RouteDefinition("orders/:id")]))
        try router.map("product/:id<int>") { opened.add($0) }
        if gated { try router.appendFilter(GateFilter(isOpen: { false })) }
        if withDefault { router.mapDefault { opened.add($0) } }
        return Navigator(routers: [router], waitsUntilReady: waitsUntilReady)
    }

    @Test(arguments: [
        ("shop://product/42", false, true),             // a route with a destination
        ("shop://orders/7", false, false),              // a route nothing mapped, no default route
        ("shop://orders/7", true, true),                // ... which the default route takes
        ("shop://nowhere", false, false),
        ("shop://nowhere", true, true),
        ("https://evil.example.com/product/42", true, false),   // not a host of the table: never
        ("other://product/42", true, false),
        ("", true, false),
    ])
    func theAnswerIsWhatThePipelineWillCountAsHandled(input: String, withDefault: Bool, expected: Bool) async throws {
        let navigator = try Self.navigator(Opened(), withDefault: withDefault)
        #expect(navigator.canOpen(input) == expected)
        #expect(await navigator.route(input).handled == expected, "the decision and the pipeline agree")
    }

    @Test func aGatedLinkIsTakenAndHeld() async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened, gated: true)
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle("shop://product/42"))
        #expect(navigator.handle("shop://product/43"))
        #expect(await outcomes.wait(for: 3) == [
            "held by a gate shop://product/42 (product/:id<int>)",
            "replaced shop://product/42 (product/:id<int>) by shop://product/43 (product/:id<int>)",
            "held by a gate shop://product/43 (product/:id<int>)",
        ], "a gate keeps one pending link: the one it replaces is reported")
        #expect(opened.all.isEmpty)
    }

    /// Before markReady() the answer is what it will be after: a sign-in SDK's link chained after
    /// this one still reaches that SDK at a cold launch, so the answer is never true for anything.
    @Test(arguments: [
        ("shop://product/42", false, false, true),      // a route with a destination: held
        ("shop://orders/7", false, false, false),       // a route nothing mapped, no default route
        ("shop://orders/7", true, false, true),         // ... which the default route takes
        ("shop://nowhere", true, false, true),
        ("shop://product/42", false, true, true),       // a gate will hold it
        ("fb123://authorize?client_id=1", true, false, false),   // another SDK's scheme
        ("https://evil.example.com/product/42", true, false, false),
        ("", true, false, false),
    ])
    func theAnswerBeforeReadyIsTheAnswerAfter(input: String, withDefault: Bool, gated: Bool, expected: Bool) async throws {
        let opened = Opened()
        let waiting = try Self.navigator(opened, withDefault: withDefault, gated: gated, waitsUntilReady: true)
        let ready = try Self.navigator(Opened(), withDefault: withDefault, gated: gated)
        #expect(waiting.canOpen(input) == expected)
        #expect(waiting.handle(input) == expected)
        #expect(ready.canOpen(input) == expected, "the same answer after markReady()")
        #expect(opened.all.isEmpty, "nothing opens before markReady()")
    }

    @Test func everyTakenLinkIsHeldInOrderAndRefusalsAreReported() async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened, waitsUntilReady: true)
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle("shop://product/1"))
        #expect(!navigator.handle("fb123://authorize?code=x"))
        #expect(navigator.handle("https://shop.example.com/product/2"))
        #expect(await navigator.route("shop://product/3", source: .push).handled)
        #expect(outcomes.all == [
            "held until ready shop://product/1 (product/:id<int>)",
            "rejected: unknown scheme 'fb123' (this table answers: shop)",
            "held until ready https://shop.example.com/product/2 (product/:id<int>)",
            "held until ready shop://product/3 (product/:id<int>)",
        ])
        #expect(opened.all.isEmpty)
        #expect(await navigator.markReady())
        #expect(opened.all == ["product/:id<int> url", "product/:id<int> universalLink", "product/:id<int> push"],
                "all of them, in the order they came")
        #expect(outcomes.all.suffix(3) == [
            "opened shop://product/1 (product/:id<int>)",
            "opened https://shop.example.com/product/2 (product/:id<int>)",
            "opened shop://product/3 (product/:id<int>)",
        ])
        #expect(!(await navigator.markReady()), "each held link opens once")
    }

    @Test func afterLoginTheNavigatorOpensThePendingLinkAndReportsIt() async throws {
        let opened = Opened()
        let loggedIn = Mutex(false)
        let router = try Router(schemes: ["shop"])
        try router.map("orders/:id") { opened.add($0) }
        try router.appendFilter(GateFilter(routes: ["orders/:id"]) { loggedIn.withLock { $0 } })
        let navigator = Navigator(routers: [try Router(schemes: ["other"]), router], waitsUntilReady: false)
        let outcomes = OutcomeRecorder(navigator)
        #expect(await navigator.route("shop://orders/7").handled)
        loggedIn.withLock { $0 = true }
        guard case .opened = await navigator.openPendingLink() else { Issue.record("expected opened"); return }
        #expect(await navigator.openPendingLink() == nil, "once")
        #expect(outcomes.all == ["held by a gate shop://orders/7 (orders/:id)", "opened shop://orders/7 (orders/:id)"])
        #expect(opened.all == ["orders/:id url"])
    }

    @Test func handleAnswersAtOnceThenOpens() async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened)
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle("shop://product/42"))
        #expect(!navigator.handle("shop://nowhere"))
        #expect(await opened.wait(for: 1) == ["product/:id<int> url"])
        #expect(await outcomes.wait(for: 2).sorted() == [
            "opened shop://product/42 (product/:id<int>)",
            "unhandled shop://nowhere: no destination and no default route",
        ], "the hook gets the pipeline's outcome, and the refusal's reason")
    }

    @Test(arguments: [
        (Navigator.browsingWebActivityType, "https://shop.example.com/product/42", nil, "product/:id<int> universalLink"),
        (Navigator.spotlightActivityType, nil, "shop://product/7", "product/:id<int> userActivity"),
        ("com.example.shop.viewing-product", "https://shop.example.com/product/9", nil, "product/:id<int> userActivity"),
    ] as [(String, String?, String?, String)])
    func userActivitiesFromPlainValues(type: String, webpage: String?, identifier: String?, expected: String) async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened)
        let userInfo: [AnyHashable: Any]? = identifier.map { [Navigator.spotlightIdentifierKey: $0] }
        let taken = navigator.handle(userActivityType: type, webpageURL: webpage.flatMap(URL.init(string:)), userInfo: userInfo)
        #expect(taken)
        #expect(await opened.wait(for: 1) == [expected])
    }

    @Test func aSpotlightIdentifierThatIsNotALinkIsRefusedAndReported() async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened)
        let outcomes = OutcomeRecorder(navigator)
        navigator.spotlightLink = { identifier in identifier.hasPrefix("product-") ? "shop://product/\(identifier.dropFirst(8))" : nil }
        let info: (String) -> [AnyHashable: Any] = { [Navigator.spotlightIdentifierKey: $0] }
        let refused = navigator.handle(userActivityType: Navigator.spotlightActivityType, webpageURL: nil, userInfo: info("item-7"))
        let missing = navigator.handle(userActivityType: Navigator.spotlightActivityType, webpageURL: nil, userInfo: nil)
        #expect(!refused && !missing)
        #expect(outcomes.all == [
            "failed item-7: the Spotlight identifier 'item-7' is not a link: spotlightLink maps it to none",
            "failed: the user activity 'com.apple.corespotlightitem' carries no link",
        ])
        guard case .failure(let error) = navigator.link(userActivityType: Navigator.spotlightActivityType, webpageURL: nil,
                                                        userInfo: info("item-7")) else {
            Issue.record("expected a refusal"); return
        }
        #expect(error.code == .unmappedSpotlightIdentifier)
        let taken = navigator.handle(userActivityType: Navigator.spotlightActivityType, webpageURL: nil, userInfo: info("product-5"))
        #expect(taken)
        #expect(await opened.wait(for: 1) == ["product/:id<int> userActivity"])
    }

    @Test func sceneURLsPushPayloadsAndShortcuts() async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened)
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle(urls: [URL(string: "other://x")!, URL(string: "shop://product/1")!]))
        #expect(outcomes.all == ["rejected: unknown scheme 'other' (this table answers: shop)"], "every URL is offered")
        #expect(!navigator.handle(urls: [URL(string: "other://x")!]))
        let pushed = navigator.handle(pushPayload: ["aps": ["urn": "shop://product/2"]])
        let silent = navigator.handle(pushPayload: ["aps": ["alert": "hi"]])
        #expect(pushed && !silent)
        #expect(navigator.handle(shortcutType: "search", url: "shop://product/3"))
        #expect(!navigator.handle(shortcutType: "search", url: nil))
        #expect(await opened.wait(for: 3).sorted() == ["product/:id<int> push", "product/:id<int> shortcut", "product/:id<int> url"])
    }
}
