import Foundation
import Switchyard
import Testing

@Suite struct NavigatorEntryPointTests {
    /// A Compass-style router (`:` delimiter) that records each link's route, parameters and source.
    private func photofeed(_ log: PipelineLog) throws -> Navigator {
        let router = try Router(schemes: ["photofeed"], hosts: ["photofeed.example.com"], delimiter: ":")
        try router.map("user:{userId}") { link in
            await log.record("user \(link.routeParameters?["userId"] ?? "-") \(link.source)")
        }
        try router.map("search") { link in await log.record("search \(link.source)") }
        return Navigator(routers: [router], waitsUntilReady: false)
    }

    @Test func pushPayloadsAreReadInOrder() {
        let cases: [(payload: [AnyHashable: Any], expected: String?)] = [
            (["aps": ["alert": "You become a celebrity", "urn": "user:self"]], "user:self"),
            (["aps": ["url": "photofeed://user:1"]], "photofeed://user:1"),
            (["aps": ["alert": "hi"], "urn": "user:2"], "user:2"),
            (["url": "photofeed://user:3"], "photofeed://user:3"),
            (["aps": ["urn": "user:4", "url": "photofeed://user:5"], "urn": "user:6"], "user:4"),
            (["aps": ["urn": ""], "url": "user:7"], "user:7"),
            (["aps": ["alert": "no link"]], nil),
            (["urn": 42], nil),
            ([:], nil),
        ]
        for (payload, expected) in cases {
            #expect(Navigator.link(inPushPayload: payload) == expected, "\(payload)")
        }
    }

    @Test func compassPushPayloadOpensTheUserRoute() async throws {
        let log = PipelineLog()
        let navigator = try photofeed(log)
        let outcomes = OutcomeRecorder(navigator)
        #expect(navigator.handle(pushPayload: ["aps": ["alert": "checkout your profile", "urn": "user:self"]]))
        #expect(!navigator.handle(pushPayload: ["aps": ["alert": "no link"]]))
        #expect(await outcomes.wait(for: 1) == ["opened user:self (user:{userId})"])
        #expect(await log.entries == ["user self push"])
    }

    @MainActor
    private func applicationDidReceive(_ userInfo: [AnyHashable: Any], navigator: Navigator) -> Bool {
        navigator.handle(pushPayload: userInfo)
    }

    @Test func aMainActorDelegateCanPassItsPayload() async throws {
        let log = PipelineLog()
        let navigator = try photofeed(log)
        let outcomes = OutcomeRecorder(navigator)
        #expect(await applicationDidReceive(["urn": "user:9"], navigator: navigator))
        _ = await outcomes.wait(for: 1)
        #expect(await log.entries == ["user 9 push"])
    }

    @Test(arguments: [
        (#"{"aps": {"alert": "x", "urn": "user:self"}}"#, "user:self"),
        (#"{"aps": {"url": "photofeed://user:1"}, "urn": "user:2"}"#, "photofeed://user:1"),
        (#"{"url": "user:3"}"#, "user:3"),
        (#"{"aps": {"urn": 1}}"#, nil),
        (#"["user:self"]"#, nil),
        ("not json", nil),
    ])
    func pushPayloadJSON(json: String, expected: String?) async throws {
        #expect(Navigator.link(inPushPayloadJSON: Data(json.utf8)) == expected)
    }

    @Test func everyEntryPointRecordsItsSource() async throws {
        let log = PipelineLog()
        let navigator = try photofeed(log)
        let outcomes = OutcomeRecorder(navigator)
        var taken = 0
        func take(_ answer: Bool) async {
            #expect(answer)
            taken += 1
            _ = await outcomes.wait(for: taken)   // one at a time, so the log's order is the calls'
        }
        await take(navigator.handle("photofeed://user:a"))
        await take(navigator.handle(try #require(URL(string: "photofeed:user:b")).absoluteString))
        await take(navigator.handle(urls: [try #require(URL(string: "https://photofeed.example.com/user:c"))]))
        await take(navigator.handle(userActivityType: Navigator.browsingWebActivityType,
                                    webpageURL: URL(string: "https://photofeed.example.com/user:d"), userInfo: nil))
        await take(navigator.handle(userActivityType: "com.example.viewing",
                                    webpageURL: URL(string: "https://photofeed.example.com/user:e"), userInfo: nil))
        #expect(!navigator.handle(userActivityType: "com.example.viewing", webpageURL: nil, userInfo: nil))
        taken += 1
        await take(navigator.handle(shortcutType: "search", url: nil))
        await take(navigator.handle(shortcutType: "search", url: "photofeed://user:f"))
        await take(navigator.handle(shortcutType: "user:g", url: ""))
        #expect(await navigator.route("user:h", source: .internal).handled)
        taken += 1
        await take(navigator.handle("user:i", source: .smartLink, metadata: ["campaign": "spring"]))
        #expect(await log.entries == [
            "user a url", "user b url", "user c universalLink", "user d universalLink", "user e userActivity",
            "search shortcut", "user f shortcut", "user g shortcut", "user h internal", "user i smartLink",
        ])
        #expect(outcomes.all[5] == "failed: the user activity 'com.example.viewing' carries no link")
    }

    @Test func hokoProductLinkOpensWithItsQuery() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["hoko"])
        try router.map("products/:product_id") { link in
            await log.record("\(link.routeParameters?["product_id"] ?? "") \(link.queryParameters["referrer"] ?? "")")
        }
        let navigator = Navigator(routers: [router], waitsUntilReady: false)
        #expect(await navigator.route("hoko://products/42?referrer=hokolinks.com").handled)
        #expect(await log.entries == ["42 hokolinks.com"])
    }
}
