import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// The long-link parser, on the examples of Firebase's "Manually constructing a Dynamic Link URL"
/// page (their `example.page.link` and `www.example.com` moved to the test table's host).
@Suite struct FirebaseLongLinkTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let url: String
        let link: String
        let android: FirebaseLongLink.Android
        let ios: FirebaseLongLink.IOS
        var other: String? = nil
        var social = FirebaseLongLink.Social()
        var analytics: [String: String] = [:]
        var forcedRedirect = false
        var testDescription: String { url }
    }

    static let examples: [Example] = [
        // The minimal form: a deep link and the two apps.
        Example(url: "https://example.page.link/?link=https://shop.example.com/&apn=com.example.android&ibi=com.example.ios",
                link: "https://shop.example.com/", android: .init(package: "com.example.android"),
                ios: .init(bundleID: "com.example.ios")),
        // Minimum versions, App Store ID and custom scheme.
        Example(url: "https://example.page.link/?link=https://shop.example.com/someresource&apn=com.example.android&amv=3"
                    + "&ibi=com.example.ios&isi=1234567&ius=exampleapp",
                link: "https://shop.example.com/someresource", android: .init(package: "com.example.android", minimumVersion: "3"),
                ios: .init(bundleID: "com.example.ios", customScheme: "exampleapp", appStoreID: "1234567")),
        // Fallbacks for every platform, URL-encoded as the documentation asks.
        Example(url: "https://example.page.link/?link=https%3A%2F%2Fshop.example.com%2Fproduct%2F42%3Fref%3Dmail"
                    + "&apn=com.example.android&afl=https%3A%2F%2Fshop.example.com%2Fandroid&ibi=com.example.ios"
                    + "&ifl=https%3A%2F%2Fshop.example.com%2Fios&ipfl=https%3A%2F%2Fshop.example.com%2Fipad&ipbi=com.example.ipad"
                    + "&ofl=https%3A%2F%2Fshop.example.com%2Fdesktop&efr=1",
                link: "https://shop.example.com/product/42?ref=mail",
                android: .init(package: "com.example.android", fallback: "https://shop.example.com/android"),
                ios: .init(bundleID: "com.example.ios", fallback: "https://shop.example.com/ios",
                           iPadFallback: "https://shop.example.com/ipad", iPadBundleID: "com.example.ipad"),
                other: "https://shop.example.com/desktop", forcedRedirect: true),
        // Social meta tags and analytics.
        Example(url: "https://example.page.link/?link=https://shop.example.com/&apn=com.example.android&ibi=com.example.ios"
                    + "&st=Example+of+a+Dynamic+Link&sd=This+link+works+whether+the+app+is+installed+or+not!"
                    + "&si=https://www.example.com/images/image.jpg"
                    + "&utm_source=google&utm_medium=cpc&utm_campaign=spring-summer&at=1010lc&ct=promo&mt=8&pt=123456",
                link: "https://shop.example.com/", android: .init(package: "com.example.android"),
                ios: .init(bundleID: "com.example.ios"),
                social: .init(title: "Example of a Dynamic Link", description: "This link works whether the app is installed or not!",
                              image: "https://www.example.com/images/image.jpg"),
                analytics: ["utm_source": "google", "utm_medium": "cpc", "utm_campaign": "spring-summer", "at": "1010lc",
                            "ct": "promo", "mt": "8", "pt": "123456"]),
    ]

    @Test(arguments: examples)
    func documentedExamplesRead(example: Example) throws {
        let long = try FirebaseLongLink(url: example.url)
        #expect(long.link == example.link)
        #expect(long.android == example.android)
        #expect(long.ios == example.ios)
        #expect(long.otherFallback == example.other)
        #expect(long.social == example.social)
        #expect(long.analytics == example.analytics)
        #expect(long.forcedRedirect == example.forcedRedirect)
        #expect(long.unrecognized.isEmpty)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let query: String
        let code: FirebaseLinkError.Code
        let message: String
        var testDescription: String { query }
    }

    static let bad: [Bad] = [
        Bad(query: "apn=com.example.android", code: .missingLink, message: "the long link has no 'link' parameter (the deep link)"),
        Bad(query: "link=https://shop.example.com/a&link=https://shop.example.com/b", code: .repeatedParameter,
            message: "'link' appears more than once"),
        Bad(query: "link=https://shop.example.com/&apn=a.b&apn=a.b", code: .repeatedParameter, message: "'apn' appears more than once"),
        Bad(query: "link=", code: .notAURL, message: "'link' is empty; it must be the deep link, an absolute http or https URL"),
        Bad(query: "link=shop.example.com/product/1", code: .notAURL,
            message: "'link' must be an absolute http or https URL, got 'shop.example.com/product/1'"),
        Bad(query: "link=ftp://shop.example.com/x", code: .notAURL, message: "'link' must be an absolute http or https URL, got 'ftp://shop.example.com/x'"),
        Bad(query: "link=javascript:alert(1)", code: .forbiddenScheme, message: "'link' carries a javascript: URL, which is never followed"),
        Bad(query: "link=%20JavaScript%3Aalert(1)", code: .forbiddenScheme, message: "'link' carries a javascript: URL, which is never followed"),
        Bad(query: "link=java%09script:alert(1)", code: .forbiddenScheme, message: "'link' carries a javascript: URL, which is never followed"),
        Bad(query: "link=https://shop.example.com/&ifl=data:text/html;base64,PHNjcmlwdD4=", code: .forbiddenScheme,
            message: "'ifl' carries a data: URL, which is never followed"),
        Bad(query: "link=https://shop.example.com/?next=javascript:alert(1)", code: .forbiddenScheme,
            message: "'link' carries a javascript: URL, which is never followed"),
        Bad(query: "link=https://shop.example.com/&st=javascript%3Aalert(1)", code: .forbiddenScheme,
            message: "'st' carries a javascript: URL, which is never followed"),
        Bad(query: "link=https://shop.example.com/&utm_source=data:x", code: .forbiddenScheme,
            message: "'utm_source' carries a data: URL, which is never followed"),
        Bad(query: "link=https%3A%2F%2Fshop.example.com%2F%zz", code: .invalidPercentEncoding,
            message: "'link' has broken percent-encoding or is not UTF-8"),
        Bad(query: "link=https://shop.example.com/%FF", code: .invalidPercentEncoding,
            message: "'link' has broken percent-encoding or is not UTF-8"),
        Bad(query: "link=https://shop.example.com/&isi=id1234", code: .invalidValue, message: "'isi' must be a numeric App Store ID, got 'id1234'"),
        Bad(query: "link=https://shop.example.com/&apn=example", code: .invalidValue,
            message: "'apn' must be an Android package name such as com.example.app, got 'example'"),
        Bad(query: "link=https://shop.example.com/&efr=yes", code: .invalidValue, message: "'efr' must be 0 or 1, got 'yes'"),
        Bad(query: "link=https://shop.example.com/&afl=https://user@evil.com/", code: .notAURL,
            message: "'afl' must be an absolute http or https URL, got 'https://user@evil.com/'"),
        Bad(query: "link=https://shop.example.com/&st=" + String(repeating: "a", count: 8200), code: .queryTooLong,
            message: "the long link's query is 8234 bytes; at most 8192 are read"),
    ]

    @Test(arguments: bad)
    func badLongLinksGetSpecificErrors(bad: Bad) {
        #expect {
            _ = try FirebaseLongLink(query: Substring(bad.query))
        } throws: { error in
            guard let error = error as? FirebaseLinkError else { return false }
            return error.code == bad.code && error.message == bad.message
        }
    }

    @Test func aURLWithoutAQueryIsNotALongLink() {
        #expect(throws: FirebaseLinkError.self) { try FirebaseLongLink(url: "https://example.page.link/m9Mm") }
        do {
            _ = try FirebaseLongLink(url: "https://example.page.link/m9Mm")
        } catch {
            #expect(error.code == .notALongLink)
            #expect(error.message == "'https://example.page.link/m9Mm' is not a long link: it has no query string (?link=...)")
        }
    }

    @Test func unknownParametersAreKeptByNameAndEmptyOnesAreAbsent() throws {
        let long = try FirebaseLongLink(query: "fbclid=abc&link=https://shop.example.com/&d=1&apn=&isi=&fbclid=def")
        #expect(long.unrecognized == ["fbclid", "d"])
        #expect(long.android.package == nil)
        #expect(long.ios.appStoreID == nil)
    }

    @Test func theClickKeyIsOnePerRoute() throws {
        let plain = try FirebaseLongLink(query: "link=https://shop.example.com/product/1&apn=com.example.shop")
        let reordered = try FirebaseLongLink(query: "apn=com.example.shop&utm_source=mail&link=https%3A%2F%2Fshop.example.com%2Fproduct%2F1")
        #expect(plain.canonical == reordered.canonical, "the analytics parameters and the order do not count")
        let key = FirebaseLongLink.clickKey(route: "product/:product_id")
        #expect(key == FirebaseLongLink.clickKey(route: "product/:product_id"))
        #expect(key != FirebaseLongLink.clickKey(route: "order/:id<int>"))
        #expect(key.hasPrefix("fdl:"))
        #expect(key.count == 24)
        #expect(!LinkCodes.isPlausible(key), "a key can never be a stored link's code")
    }

    // MARK: Against the route table

    static let rules = LinkRules(
        builder: DeepLinkBuilder(table: try! RouteTable(Harness.routes)),
        fallbacks: FallbackPolicy(tableHosts: Harness.routes.hosts, extra: ["example.org"]))

    @Test func aLongLinkBecomesTheLinkItsRouteOpens() throws {
        let long = try FirebaseLongLink(url: "https://example.page.link/?link=https%3A%2F%2Fshop.example.com%2Fproduct%2F42%3Fref%3Dmail"
            + "&apn=com.example.shop&isi=1234567&st=Red+shoes&sd=Size+42&si=https://cdn.example.org/shoes.png")
        let link = try Self.rules.link(try long.draft(table: Self.rules.builder.table), code: "m9Mm", team: "shop", now: .init())
        #expect(link.route == "product/:product_id")
        #expect(link.routeName == "product")
        #expect(link.routeParameters == ["product_id": "42"])
        #expect(link.queryParameters == ["ref": "mail"])
        #expect(link.fallbacks == .init(ios: "https://apps.apple.com/app/id1234567",
                                        android: "https://play.google.com/store/apps/details?id=com.example.shop",
                                        web: "https://shop.example.com/product/42?ref=mail",
                                        appStore: "https://apps.apple.com/app/id1234567"))
        #expect(link.preview == .init(title: "Red shoes", description: "Size 42", image: "https://cdn.example.org/shoes.png"))
    }

    @Test func explicitFallbacksWinOverTheStores() throws {
        let long = try FirebaseLongLink(query: "link=https://shop.example.com/about/team&apn=com.example.shop&isi=1"
            + "&ifl=https://shop.example.com/ios&afl=https://shop.example.com/android&ofl=https://www.example.org/")
        let draft = try long.draft(table: Self.rules.builder.table)
        #expect(draft.fallbacks == .init(ios: "https://shop.example.com/ios", android: "https://shop.example.com/android",
                                         web: "https://www.example.org/", appStore: "https://apps.apple.com/app/id1"),
                "isi is kept beside ifl for the iPhone page's \"Get the app\"")
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let query: String
        let kind: String
        let detail: String
        var testDescription: String { query }
    }

    static let refusals: [Refusal] = [
        Refusal(query: "link=https://evil.example.net/product/1", kind: "foreign-host",
                detail: "'link' (https://evil.example.net/product/1) is not on a host of this service's route table (shop.example.com)"),
        Refusal(query: "link=https://shop.example.com/nowhere/at/all", kind: "unknown-route",
                detail: "no route in the route table matches 'link' (https://shop.example.com/nowhere/at/all)"),
        Refusal(query: "link=https://shop.example.com/order/abc", kind: "unknown-route",
                detail: "no route in the route table matches 'link' (https://shop.example.com/order/abc)"),
        Refusal(query: "link=https://shop.example.com/about/team&ofl=https://evil.example.net/", kind: "fallback-refused",
                detail: "ofl: 'evil.example.net' is not an allowed fallback domain (allowed: shop.example.com, apps.apple.com, itunes.apple.com, play.google.com, example.org)"),
    ]

    @Test(arguments: refusals)
    func linksTheTableDoesNotOpenAreRefused(refusal: Refusal) throws {
        let long = try FirebaseLongLink(query: Substring(refusal.query))
        #expect {
            _ = try Self.rules.link(try long.draft(table: Self.rules.builder.table), code: "x", team: "t", now: .init())
        } throws: { error in
            guard let problem = Problem(answering: error) else { return false }
            return problem.kind == refusal.kind && problem.detail == refusal.detail && problem.status == .badRequest
        }
    }
}
