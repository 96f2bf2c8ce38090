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

    static func navigator(_ opened: Opened, withDefault: Bool = false, gated: Bool = false) throws -> Navigator {
        let router = try Router(RouteTableConfiguration(
            schemes: ["shop"], hosts: ["shop.example.com"],
            routes: [RouteDefinition("product/:id<int>"), RouteDefinition("orders/:id")]))
        try router.map("product/:id<int>") { opened.add($0) }
        if gated { router.appendFilter(GateFilter(isOpen: { false })) }
        if withDefault { router.mapDefault { opened.add($0) } }
        return Navigator(routers: [router])
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
        #expect(navigator.handle("shop://product/42"))
        #expect(opened.all.isEmpty)
    }

    @Test func aLinkBeforeTheAppIsReadyIsTaken() throws {
        let router = try Router(schemes: ["shop"])
        let navigator = Navigator(routers: [router], waitsUntilReady: true)
        #expect(navigator.canOpen("shop://anything"))
    }

    @Test func handleAnswersAtOnceThenOpens() async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened)
        let outcomes = Opened()
        let taken = navigator.handle("shop://product/42", completion: { @Sendable outcome in
            if let link = outcome.link, outcome.handled { outcomes.add(link) }
        })
        #expect(taken)
        #expect(!navigator.handle("shop://nowhere"))
        #expect(await opened.wait(for: 1) == ["product/:id<int> url"])
        #expect(await outcomes.wait(for: 1) == ["product/:id<int> url"], "the completion gets the pipeline's outcome")
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

    @Test func spotlightIdentifiersAreMappedByTheApp() async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened)
        navigator.spotlightLink = { identifier in identifier.hasPrefix("product-") ? "shop://product/\(identifier.dropFirst(8))" : nil }
        let info: (String) -> [AnyHashable: Any] = { [Navigator.spotlightIdentifierKey: $0] }
        let refused = navigator.handle(userActivityType: Navigator.spotlightActivityType, webpageURL: nil, userInfo: info("not a link"))
        let missing = navigator.handle(userActivityType: Navigator.spotlightActivityType, webpageURL: nil, userInfo: nil)
        let taken = navigator.handle(userActivityType: Navigator.spotlightActivityType, webpageURL: nil, userInfo: info("product-5"))
        #expect(!refused && !missing && taken)
        #expect(await opened.wait(for: 1) == ["product/:id<int> userActivity"])
    }

    @Test func aSpotlightIdentifierThatIsNotALinkSaysWhy() async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened)
        navigator.spotlightLink = { identifier in identifier.hasPrefix("product-") ? "shop://product/\(identifier.dropFirst(8))" : nil }
        let unmapped = await navigator.route(userActivityType: Navigator.spotlightActivityType, webpageURL: nil,
                                             userInfo: [Navigator.spotlightIdentifierKey: "item-7"])
        let error = try #require(unmapped.error as? PipelineError)
        #expect(error.code == .unmappedSpotlightIdentifier)
        #expect(error.message == "the Spotlight identifier 'item-7' is not a link: spotlightLink maps it to none")
        #expect(!unmapped.handled && unmapped.link?.url == "item-7")
        let empty = await navigator.route(userActivityType: Navigator.spotlightActivityType, webpageURL: nil, userInfo: nil)
        #expect((empty.error as? PipelineError)?.code == .notALink)
        #expect("\(empty.error!)" == "the user activity 'com.apple.corespotlightitem' carries no link")
        let mapped = await navigator.route(userActivityType: Navigator.spotlightActivityType, webpageURL: nil,
                                           userInfo: [Navigator.spotlightIdentifierKey: "product-5"])
        #expect(mapped.handled)
        #expect(await opened.wait(for: 1) == ["product/:id<int> userActivity"])
    }

    @Test func sceneURLsPushPayloadsAndShortcuts() async throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened)
        #expect(navigator.handle(urls: [URL(string: "other://x")!, URL(string: "shop://product/1")!]))
        #expect(!navigator.handle(urls: [URL(string: "other://x")!]))
        let pushed = navigator.handle(pushPayload: ["aps": ["urn": "shop://product/2"]])
        let silent = navigator.handle(pushPayload: ["aps": ["alert": "hi"]])
        #expect(pushed && !silent)
        #expect(navigator.handle(shortcutType: "search", url: "shop://product/3"))
        #expect(!navigator.handle(shortcutType: "search", url: nil))
        #expect(await opened.wait(for: 3).sorted() == ["product/:id<int> push", "product/:id<int> shortcut", "product/:id<int> url"])
    }
}
