import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import Testing

@Suite struct OpenLinkTests {
    static let fullLink = """
        {"route": "product", "routeParameters": {"product_id": "42"}, "queryParameters": {"ref": "mail"},
         "fallbacks": {"ios": "https://apps.apple.com/app/id123", "android": "https://play.google.com/store/apps/details?id=com.example.shop",
                       "web": "https://shop.example.com/product/42"},
         "preview": {"title": "Red shoes", "description": "Size 42", "image": "https://cdn.example.org/shoes.png"}}
        """

    @Test(arguments: StoreKind.available)
    func iPhonesGetAPageWithTwoButtonsAndNoJumpToTheScheme(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(Self.fullLink)["code"]?.stringValue)
            let response = try await client.open(code, userAgent: Agents.iPhone)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.headers[.location] == nil)
            let page = response.text
            #expect(page.contains(#"<a class="button" id="open" href="https://shop.example.com/product/42?ref=mail">Open in the app</a>"#),
                    "the universal link on the app's host as a button")
            #expect(page.contains(#"id="get" href="https://apps.apple.com/app/id123">Get the app</a>"#))
            #expect(!page.contains("shop://"), "no custom-scheme URL anywhere on the page")
            #expect(!page.contains("location.replace"))
            #expect(page.contains(#"var link="https:\u002f\u002fgo.example.com\u002f\#(code)""#), "the short link to copy, JS-escaped")
            #expect(page.contains("navigator.clipboard.writeText(copied)"))
            #expect(page.contains(#""sy_copied=""#), "the copy is marked with its time")
            let csp = try #require(response.headers[.contentSecurityPolicy])
            let nonce = try #require(csp.split(separator: "'").first { $0.hasPrefix("nonce-") }).dropFirst("nonce-".count)
            #expect(page.contains("<script nonce=\"\(nonce)\">"))
        }
    }

    @Test func iPhonesWithAWebFallbackGetNoClipboardScript() async throws {
        try await Harness.live(.memory) { client, _ in
            let code = try #require(try await client.create(
                #"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/about"}}"#)["code"]?.stringValue)
            let page = try await client.open(code, userAgent: Agents.iPhone)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"id="web" href="https://shop.example.com/about">Continue on the web</a>"#))
            #expect(!page.text.contains("<script"))
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'none'") == true)
        }
    }

    @Test func iPhonesGoStraightToTheFallbackWhenTheTableHasNoIOSApp() async throws {
        var routes = Harness.routes
        routes.apps.ios = []
        try await Harness.live(.memory, configuration: Harness.configuration(routes: routes)) { client, _ in
            let code = try #require(try await client.create(Self.fullLink)["code"]?.stringValue)
            let response = try await client.open(code, userAgent: Agents.iPhone)
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://apps.apple.com/app/id123")
        }
    }

    @Test(arguments: StoreKind.available)
    func androidGetsAnIntentRedirectWithTheInstallReferrer(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(Self.fullLink)["code"]?.stringValue)
            let response = try await client.open(code, userAgent: Agents.android)
            #expect(response.status == .found)
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.headers[.location] == "intent://product/42?ref=mail#Intent;scheme=shop;package=com.example.shop;"
                + "S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dcom.example.shop"
                + "%26referrer%3Dswitchyard_code%253D\(code);end")
        }
    }

    @Test(arguments: StoreKind.available)
    func androidWithoutAnAppGoesToThePlayStoreWithTheReferrer(kind: StoreKind) async throws {
        var routes = Harness.routes
        routes.apps.android = []
        try await Harness.live(kind, configuration: Harness.configuration(routes: routes)) { client, _ in
            let code = try #require(try await client.create(Self.fullLink)["code"]?.stringValue)
            let response = try await client.open(code, userAgent: Agents.android)
            #expect(response.status == .found)
            #expect(response.headers[.location]
                == "https://play.google.com/store/apps/details?id=com.example.shop&referrer=switchyard_code%3D\(code)")
        }
    }

    @Test(arguments: [
        ("https://play.google.com/store/apps/details?id=a.b", "https://play.google.com/store/apps/details?id=a.b&referrer=switchyard_code%3DAb3"),
        ("https://play.google.com/store/apps/details?id=a.b&referrer=old&hl=de#x",
         "https://play.google.com/store/apps/details?id=a.b&hl=de&referrer=switchyard_code%3DAb3#x"),
        ("market://details?id=a.b", "market://details?id=a.b&referrer=switchyard_code%3DAb3"),
        ("https://example.org/play.google.com/store/apps/details?id=a.b", "https://example.org/play.google.com/store/apps/details?id=a.b"),
        ("https://shop.example.com/product/42", "https://shop.example.com/product/42"),
    ])
    func theInstallReferrerGoesOnlyOnPlayStoreURLs(fallback: String, expected: String) {
        #expect(LinkOpener.withInstallReferrer(fallback, code: "Ab3") == expected)
    }

    @Test(arguments: StoreKind.available)
    func desktopsGoToTheWebURLOrAnInterstitial(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(Self.fullLink)["code"]?.stringValue)
            let response = try await client.open(code, userAgent: Agents.desktop)
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://shop.example.com/product/42")
            #expect(response.headers[.cacheControl] == "no-store")
            let bare = try #require(try await client.create(#"{"route": "about/team", "preview": {"title": "Team"}}"#)["code"]?.stringValue)
            let page = try await client.open(bare, userAgent: Agents.desktop)
            #expect(page.status == .ok)
            #expect(page.headers[.location] == nil)
            #expect(page.text.contains("<h1>Team</h1>"))
            #expect(page.text.contains("https://go.example.com/\(bare)"))
            #expect(!page.text.contains("<script"))
        }
    }

    @Test(arguments: StoreKind.available)
    func macSafariGetsAPageThatTellsAnIPadFromAMac(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create(Self.fullLink)["code"]?.stringValue)
            let response = try await client.open(code, userAgent: Agents.macSafari)
            #expect(response.status == .ok)
            let page = response.text
            #expect(page.contains(#"<div id="ios" hidden>"#))
            #expect(page.contains(#"id="get" href="https://apps.apple.com/app/id123">Get the app</a>"#))
            #expect(page.contains("navigator.maxTouchPoints>1"))
            #expect(page.contains(#"var web="https:\u002f\u002fshop.example.com\u002fproduct\u002f42""#))
            #expect(!page.contains("shop://"))
        }
        var routes = Harness.routes
        routes.apps.ios = []
        try await Harness.live(kind, configuration: Harness.configuration(routes: routes)) { client, _ in
            let code = try #require(try await client.create(Self.fullLink)["code"]?.stringValue)
            let response = try await client.open(code, userAgent: Agents.macSafari)
            #expect(response.status == .found, "no iOS app: nothing to choose")
            #expect(response.headers[.location] == "https://shop.example.com/product/42")
        }
    }

    @Test(arguments: [(Agents.macSafari, true), (Agents.desktop, false), (Agents.iPhone, false),
                      ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0", false)])
    func macSafariIsToldApart(agent: String, expected: Bool) {
        #expect(UserAgent.isMacSafari(agent) == expected)
    }

    @Test(arguments: Agents.crawlers)
    func crawlersGetOpenGraphTagsAndNoRedirect(agent: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let code = try #require(try await client.create(Self.fullLink)["code"]?.stringValue)
            let response = try await client.open(code, userAgent: agent)
            #expect(response.status == .ok)
            #expect(response.headers[.location] == nil)
            let page = response.text
            #expect(page.contains(#"<meta property="og:title" content="Red shoes">"#))
            #expect(page.contains(#"<meta property="og:description" content="Size 42">"#))
            #expect(page.contains(#"<meta property="og:image" content="https://cdn.example.org/shoes.png">"#))
            #expect(page.contains("<meta property=\"og:url\" content=\"https://go.example.com/\(code)\">"))
            #expect(!page.contains("<script"))
            #expect(!page.contains("http-equiv"))
        }
    }

    @Test(arguments: StoreKind.available)
    func unknownCodesAre404PagesAndExpiredLinks410(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let unknown = try await client.open("NoSuchCode", userAgent: Agents.iPhone)
            #expect(unknown.status == .notFound)
            #expect(unknown.headers[.contentType] == "text/html; charset=utf-8")
            #expect(unknown.text.contains("Link not found"))
            let expires = harness.clock.now.addingTimeInterval(60).formatted(.iso8601)
            let code = try #require(try await client.create(#"{"route": "about/team", "expiresAt": "\#(expires)"}"#)["code"]?.stringValue)
            #expect(try await client.open(code, userAgent: Agents.desktop).status == .ok)
            harness.clock.advance(by: 61)
            for agent in [Agents.desktop, Agents.iPhone, Agents.android, Agents.crawlers[0]] {
                let gone = try await client.open(code, userAgent: agent)
                #expect(gone.status == .gone)
                #expect(gone.text.contains("This link has expired"))
                #expect(gone.headers[.location] == nil)
            }
            let inspect = try await client.send(.get, "/api/v1/links/\(code)")
            #expect(try inspect.json()["expired"] == true)
        }
    }

    @Test(arguments: StoreKind.available)
    func everyOpenRecordsAClickWithPlatformAndReferrer(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let code = try #require(try await client.create(Self.fullLink)["code"]?.stringValue)
            for _ in 0..<3 {
                _ = try await client.open(code, userAgent: Agents.android, headers: [.referer: "https://news.example.net/"])
            }
            _ = try await client.open(code, userAgent: nil)
            await harness.recorder.flush()
            let counts = try await harness.store.clickCounts(code: code)
            #expect(counts == [.android: 3, .other: 1])
            let unknown = try await client.open("zzzzzzzz", userAgent: Agents.android)
            #expect(unknown.status == .notFound)
            await harness.recorder.flush()
            #expect(try await harness.store.clickCounts(code: "zzzzzzzz").isEmpty)
        }
    }
}
