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
        return Navigator(routers: [router])
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
        #expect(await navigator.open(pushPayload: ["aps": ["alert": "checkout your profile", "urn": "user:self"]]))
        #expect(!(await navigator.open(pushPayload: ["aps": ["alert": "no link"]])))
        #expect(await log.entries == ["user self push"])
    }

    @MainActor
    private func applicationDidReceive(_ userInfo: [AnyHashable: Any], navigator: Navigator) async -> Bool {
        await navigator.open(pushPayload: userInfo)
    }

    @Test func aMainActorDelegateCanPassItsPayload() async throws {
        let log = PipelineLog()
        #expect(await applicationDidReceive(["urn": "user:9"], navigator: try photofeed(log)))
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
        let log = PipelineLog()
        #expect(try await photofeed(log).open(pushPayloadJSON: Data(json.utf8)) == (expected != nil))
        #expect(await log.entries.allSatisfy { $0.hasSuffix(" push") })
    }

    @Test func everyEntryPointRecordsItsSource() async throws {
        let log = PipelineLog()
        let navigator = try photofeed(log)
        #expect(await navigator.open("photofeed://user:a"))
        #expect(await navigator.open(try #require(URL(string: "photofeed:user:b"))))
        #expect(await navigator.open(universalLink: try #require(URL(string: "https://photofeed.example.com/user:c"))))
        #expect(await navigator.open("https://photofeed.example.com/user:d"))
        #expect(await navigator.open(userActivityWebpageURL: URL(string: "https://photofeed.example.com/user:e")))
        #expect(!(await navigator.open(userActivityWebpageURL: nil)))
        #expect(await navigator.open(shortcutType: "search", url: nil))
        #expect(await navigator.open(shortcutType: "search", url: "photofeed://user:f"))
        #expect(await navigator.open(shortcutType: "user:g", url: ""))
        #expect(await navigator.navigate(urn: "user:h"))
        #expect(await navigator.open("user:i", source: .smartLink, metadata: ["campaign": "spring"]))
        #expect(await log.entries == [
            "user a url", "user b url", "user c universalLink", "user d universalLink", "user e userActivity",
            "search shortcut", "user f shortcut", "user g shortcut", "user h internal", "user i smartLink",
        ])
    }

    @Test func hokoProductLinkOpensWithItsQuery() async throws {
        let log = PipelineLog()
        let router = try Router(schemes: ["hoko"])
        try router.map("products/:product_id") { link in
            await log.record("\(link.routeParameters?["product_id"] ?? "") \(link.queryParameters["referrer"] ?? "")")
        }
        let navigator = Navigator(routers: [router])
        #expect(await navigator.open(URL(string: "hoko://products/42?referrer=hokolinks.com")!))
        #expect(await log.entries == ["42 hokolinks.com"])
    }
}
