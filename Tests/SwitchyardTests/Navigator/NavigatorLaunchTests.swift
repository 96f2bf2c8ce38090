import Foundation
import Switchyard
import Synchronization
import Testing

/// A cold launch: every link a scene's connection options carry, as the UIKit adapter's
/// `handle(_ options: UIScene.ConnectionOptions)` unwraps them into `LaunchLinks`.
@Suite struct NavigatorLaunchTests {
    static func navigator(_ opened: NavigatorDecisionTests.Opened) throws -> Navigator {
        let router = try Router(schemes: ["shop"], hosts: ["shop.example.com"])
        try router.map("product/:id<int>") { opened.add($0) }
        try router.map("cart") { opened.add($0) }
        return Navigator(routers: [router], waitsUntilReady: true)
    }

    @Test func everyLinkInTheConnectionOptionsIsHeldInOrderUntilReady() async throws {
        let opened = NavigatorDecisionTests.Opened()
        let navigator = try Self.navigator(opened)
        let outcomes = OutcomeRecorder(navigator)
        let launch = LaunchLinks(
            urls: [URL(string: "shop://product/1")!, URL(string: "fb123://authorize?code=x")!],
            activities: [
                .init(type: Navigator.browsingWebActivityType, webpageURL: URL(string: "https://shop.example.com/product/2")),
                .init(type: Navigator.spotlightActivityType, userInfo: [Navigator.spotlightIdentifierKey: "shop://product/3"]),
                .init(type: "com.example.viewing"),
            ],
            notificationPayload: ["aps": ["url": "shop://product/4"]],
            shortcut: (type: "cart", url: nil))
        #expect(navigator.handle(launch))
        #expect(opened.all.isEmpty, "held until the app is ready")
        #expect(outcomes.all == [
            "held until ready shop://product/1 (product/:id<int>)",
            "rejected: unknown scheme 'fb123' (this table answers: shop)",
            "held until ready https://shop.example.com/product/2 (product/:id<int>)",
            "held until ready shop://product/3 (product/:id<int>)",
            "failed: the user activity 'com.example.viewing' carries no link",
            "held until ready shop://product/4 (product/:id<int>)",
            "held until ready cart (cart)",
        ], "each link's fate, in the order of the options")
        #expect(await navigator.markReady())
        #expect(opened.all == [
            "product/:id<int> url", "product/:id<int> universalLink", "product/:id<int> userActivity",
            "product/:id<int> push", "cart shortcut",
        ])
    }

    @Test func aLaunchWithNothingTheAppTakesAnswersFalse() throws {
        let navigator = try Self.navigator(NavigatorDecisionTests.Opened())
        let outcomes = OutcomeRecorder(navigator)
        #expect(!navigator.handle(LaunchLinks()))
        #expect(!navigator.handle(LaunchLinks(urls: [URL(string: "fb123://authorize")!],
                                              notificationPayload: ["aps": ["alert": "no link"]])))
        #expect(outcomes.all == ["rejected: unknown scheme 'fb123' (this table answers: shop)"])
    }

    @Test func aReadyNavigatorOpensTheLaunchLinksInOrder() async throws {
        let opened = NavigatorDecisionTests.Opened()
        let navigator = try Self.navigator(opened)
        await navigator.markReady()
        #expect(navigator.handle(LaunchLinks(urls: [URL(string: "shop://product/1")!], shortcut: (type: "x", url: "shop://cart"))))
        #expect(await opened.wait(for: 2) == ["product/:id<int> url", "cart shortcut"])
    }

    @Test func oneTapReachingTwoEntryPointsAtLaunchIsHeldOnce() async throws {
        let opened = NavigatorDecisionTests.Opened()
        let navigator = try Self.navigator(opened)
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle(LaunchLinks(urls: [URL(string: "shop://product/1")!])))   // willConnectTo
        #expect(navigator.handle("shop://product/1"))                                        // .onOpenURL
        #expect(outcomes.all == ["held until ready shop://product/1 (product/:id<int>)",
                                 "duplicate shop://product/1 (product/:id<int>): dropped"])
        #expect(await navigator.markReady())
        #expect(opened.all == ["product/:id<int> url"])
    }

    @Test func aLinkArrivingWhileHeldLinksOpenWaitsItsTurn() async throws {
        let opened = NavigatorDecisionTests.Opened()
        let box = Mutex<Navigator?>(nil)
        let router = try Router(schemes: ["shop"])
        try router.map("product/:id") { link in
            opened.add(link)
            if link.routeParameters?["id"] == "1" { _ = box.withLock { $0 }?.handle("shop://cart") }
        }
        try router.map("cart") { opened.add($0) }
        let navigator = Navigator(routers: [router], waitsUntilReady: true)
        box.withLock { $0 = navigator }
        #expect(navigator.handle("shop://product/1"))
        #expect(navigator.handle("shop://product/2"))
        #expect(await navigator.markReady())
        #expect(navigator.isReady)
        #expect(opened.all == ["product/:id url", "product/:id url", "cart url"], "behind the links held before it")
    }

    @Test func aShortLinkOfTheServiceIsTakenBeforeReadyAndOthersOfItsHostAreNot() throws {
        let router = try Router(schemes: ["shop"], hosts: ["shop.example.com"])
        try router.map("product/:id<int>") { _ in }
        let navigator = Navigator(routers: [router], waitsUntilReady: true)
        navigator.smartLinks = SmartLinkRouting(client: SmartLinkClient(
            service: URL(string: "https://go.example.com")!, appKey: "k", table: router.table()))
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle("https://go.example.com/Ab3dE9xQ", source: .universalLink))
        #expect(!navigator.handle("https://go.example.com/api/v1/links"))
        #expect(outcomes.all.first == "held until ready https://go.example.com/Ab3dE9xQ")
        #expect(outcomes.all.last?.hasPrefix("rejected: ") == true)
    }
}
