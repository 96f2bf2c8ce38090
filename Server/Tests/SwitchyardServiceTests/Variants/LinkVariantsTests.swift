import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
import SwitchyardRules
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// A/B variants over a real socket (issue 54): weights over 10,000 visitors, a browser kept on its
/// variant by its cookie and an install by its id, the click's variant carried through a deferred
/// link, per-variant figures, the winner decided at the end (audit log included), explained, and
/// refused by name.
@Suite struct LinkVariantsTests {
    static let urlTest = #"""
        {"route": "about/team", "fallbacks": {"web": "https://shop.example.com/team"},
         "variants": {"targets": [{"url": "https://shop.example.com/a", "weight": 50}, {"url": "https://shop.example.com/b", "weight": 30},
                                  {"url": "https://shop.example.com/c", "weight": 20}]}}
        """#
    static let routeTest = #"""
        {"route": "about/team", "deferredMatch": "any", "fallbacks": {"web": "https://shop.example.com/team",
         "android": "https://play.google.com/store/apps/details?id=com.example.shop"},
         "variants": {"targets": [{"route": "product", "parameters": {"product_id": "1"}, "weight": 50},
                                  {"route": "product", "parameters": {"product_id": "2"}, "weight": 50}]}}
        """#

    static func configuration() -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.trustedProxies = ["127.0.0.1", "::1"]
        configuration.deferredWindow = .seconds(3600)
        configuration.limits.expirySweepInterval = .milliseconds(50)
        return configuration
    }

    static func cookie(_ response: TestResponse) -> String? {
        response.headers[.setCookie].map { String($0.prefix { $0 != ";" }) }
    }

    @Test func weightsHoldOverTenThousandVisitors() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, harness in
            let code = try #require(try await client.create(Self.urlTest)["code"]?.stringValue)
            let visitors = 10_000
            var counts: [String: Int] = [:]
            var cookies = 0
            for _ in 0..<visitors {
                let response = try await client.open(code, userAgent: Agents.desktop)
                counts[response.headers[.location] ?? "none", default: 0] += 1
                if let set = response.headers[.setCookie], set.contains("Max-Age=604800"), set.contains("Path=/\(code)") { cookies += 1 }
            }
            #expect(cookies == visitors, "every new visitor gets a cookie that keeps its variant for 7 days")
            // Each count is binomial(n, p): within 5 standard deviations (a false alarm about once in 3.5 million runs).
            for (url, weight) in [("https://shop.example.com/a", 0.5), ("https://shop.example.com/b", 0.3), ("https://shop.example.com/c", 0.2)] {
                let expected = Double(visitors) * weight
                let bound = 5 * (Double(visitors) * weight * (1 - weight)).squareRoot()
                let got = Double(counts[url] ?? 0)
                #expect(abs(got - expected) <= bound, "\(url): \(got) visitors, expected \(expected) ± \(bound)")
            }
            #expect(counts.values.reduce(0, +) == visitors && counts["none"] == nil)
            // The figures count each variant's clicks as the visitors got them.
            await harness.recorder.flush()
            let stats = try await client.send(.get, "/api/v1/links/\(code)/stats").json()
            let figures = try #require(stats["variants"]?.arrayValue)
            #expect(figures.map { $0["weight"]?.intValue } == [50, 30, 20])
            #expect(figures.map { $0["clicks"]?.intValue } == ["a", "b", "c"].map { counts["https://shop.example.com/\($0)"] })
            #expect(stats["totals"]?["clicks"]?["total"]?.intValue == visitors)
        }
    }

    @Test(arguments: StoreKind.available)
    func aBrowserKeepsItsVariantUntilTheTestChanges(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(Self.urlTest)["code"]?.stringValue)
            let first = try await client.open(code, userAgent: Agents.desktop)
            let cookie = try #require(Self.cookie(first))
            let chosen = try #require(first.headers[.location])
            var headers = HTTPFields()
            headers[.cookie] = "other=1; " + cookie
            for _ in 0..<20 {
                let again = try await client.open(code, userAgent: Agents.desktop, headers: headers)
                #expect(again.headers[.location] == chosen)
                #expect(again.headers[.setCookie] == nil, "a kept variant sets no new cookie")
            }
            // A forged index out of range is no variant: chosen again.
            var forged = HTTPFields()
            forged[.cookie] = "\(cookie.prefix { $0 != "=" })=9-\(cookie.split(separator: "-").last ?? "")"
            #expect(try await client.open(code, userAgent: Agents.desktop, headers: forged).headers[.setCookie] != nil)
            // A new test (PATCH) chooses again: the old cookie names another test.
            let patched = try await client.send(.patch, "/api/v1/links/\(code)", json: #"""
                {"variants": {"targets": [{"url": "https://shop.example.com/x", "weight": 50}, {"url": "https://shop.example.com/y", "weight": 50}]}}
                """#)
            #expect(patched.status == .ok, "\(patched.text)")
            let after = try await client.open(code, userAgent: Agents.desktop, headers: headers)
            #expect(after.headers[.setCookie] != nil)
            #expect(["https://shop.example.com/x", "https://shop.example.com/y"].contains(after.headers[.location] ?? ""))
            // Removed: the link's own answer.
            _ = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"variants": null}"#)
            #expect(try await client.open(code, userAgent: Agents.desktop).headers[.location] == "https://shop.example.com/team")
            let audit = try await client.send(.get, "/api/v1/audit").text
            #expect(audit.contains(#""detail":"variants""#) && audit.contains(#""detail":"variants=removed""#))
        }
    }

    @Test func anInstallKeepsItsVariant() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(Self.routeTest)["code"]?.stringValue)
            var seen: Set<String> = []
            for install in 0..<40 {
                var headers = HTTPFields()
                headers[.userAgent] = "Shop/1.2 CFNetwork/1494 Darwin/23.4"
                headers[InstallProofCheck.installHeader] = "install-\(install)"
                var answers: Set<String> = []
                for _ in 0..<3 {
                    let resolved = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: headers).json()
                    let variant = try #require(resolved["variant"]?.intValue)
                    #expect(resolved["url"]?.stringValue == "https://shop.example.com/product/\(variant + 1)", "the variant's route")
                    answers.insert("\(variant)")
                }
                #expect(answers.count == 1, "install-\(install) got \(answers)")
                seen.formUnion(answers)
            }
            #expect(seen == ["0", "1"], "40 installs fall on both halves")
        }
    }

    @Test(arguments: StoreKind.available)
    func aDeferredLinkOpensTheVariantItsClickChose(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let code = try #require(try await client.create(Self.routeTest)["code"]?.stringValue)
            // iOS: the heuristic claim answers the route the click's variant had.
            let page = try await client.open(code, userAgent: Agents.iPhone, headers: DeferredClaimTests.english)
            #expect(page.status == .ok)
            let product = try #require(["1", "2"].first { page.text.contains("https://shop.example.com/product/\($0)") })
            let claimed = try await DeferredClaimTests.claim(client)
            #expect(claimed.status == .ok, "\(claimed.text)")
            let body = try claimed.json()
            #expect(body["url"]?.stringValue == "https://shop.example.com/product/\(product)")
            #expect(body["variant"]?.intValue == Int(product)! - 1)
            // Android: the install referrer names the variant (code~vN), and the exact claim opens it.
            let android = try await client.open(code, userAgent: Agents.android)
            let location = try #require(android.headers[.location])
            // Read as an Android app reads it: the intent's fallback, its `referrer`, and that as a
            // URL's query (Uri.parse("https://x/?" + referrer).getQueryParameter): a `#` would cut it.
            let fallbackText = try #require(location.split(separator: ";").first { $0.hasPrefix("S.browser_fallback_url=") }?
                .dropFirst("S.browser_fallback_url=".count).removingPercentEncoding, "\(location)")
            let referrer = try #require(URLComponents(string: fallbackText)?.queryItems?.first { $0.name == "referrer" }?.value)
            let carried = try #require(URLComponents(string: "https://x/?" + referrer)?.queryItems?
                .first { $0.name == LinkOpener.referrerKey }?.value, "\(referrer)")
            let marker = try #require(["0", "1"].first { carried == "\(code)~v\($0)" }, "\(carried)")
            let exact = try await DeferredClaimTests.claim(client, #"{"platform": "android", "osVersion": "14", "code": "\#(code)~v\#(marker)"}"#)
            #expect(exact.status == .ok, "\(exact.text)")
            #expect(try exact.json()["url"]?.stringValue == "https://shop.example.com/product/\(Int(marker)! + 1)")
            #expect(try exact.json()["variant"]?.intValue == Int(marker))
            // The first opens count for their variants.
            await harness.recorder.flush()
            let figures = try #require(try await client.send(.get, "/api/v1/links/\(code)/stats").json()["variants"]?.arrayValue)
            let firstOpens = figures.map { $0["firstOpens"]?.intValue ?? 0 }
            #expect(firstOpens.reduce(0, +) == 2)
            #expect(firstOpens[Int(product)! - 1] >= 1 && firstOpens[Int(marker)!] >= 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func theVariantWithTheMostAppOpensWinsAtTheEnd(kind: StoreKind) async throws {
        let receiver = try WebhookReceiver(failFirst: 0)
        defer { receiver.stop() }
        var configuration = WebhookTests.configuration()
        configuration.limits.expirySweepInterval = .milliseconds(50)
        try await Harness.live(kind, configuration: configuration) { client, harness in
            _ = try await WebhookTests.subscribe(client, receiver, events: #"["link.variant_decided"]"#)
            let end = APIDates.text(harness.clock.now.addingTimeInterval(3600))
            let body = Self.routeTest.replacingOccurrences(of: #""weight": 50}]}"#, with: #""weight": 50}], "endsAt": "\#(end)"}"#)
            let created = try await client.create(body)
            let code = try #require(created["code"]?.stringValue)
            #expect(created["variants"]?["endsAt"]?.stringValue?.prefix(19) == end.prefix(19) && created["variants"]?["decideBy"] == "appOpens")
            let test = try #require(try await harness.store.link(code: code)?.content.variants)
            // Three installs of variant 1 open the app, one of variant 0.
            let installs = (0..<200).map { "install-\($0)" }
            let ones = installs.filter { VariantChoice.installVariant(test, key: code, install: $0) == 1 }.prefix(3)
            let zeros = installs.filter { VariantChoice.installVariant(test, key: code, install: $0) == 0 }.prefix(1)
            for install in ones + zeros {
                var headers = HTTPFields()
                headers[InstallProofCheck.installHeader] = install
                #expect(try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: headers).status == .ok)
            }
            await harness.recorder.flush()
            try await harness.waitForPasses(.variantDecision, 2)
            #expect(try await harness.store.link(code: code)?.content.variants?.winner == nil, "not before its end")
            harness.clock.advance(by: 3601)
            try await harness.waitForPasses(.variantDecision, 2)
            let link = try await client.send(.get, "/api/v1/links/\(code)").json()
            #expect(link["variants"]?["winner"] == 1)
            #expect(link["routeParameters"]?["product_id"] == "2", "the winner's route is the link's")
            let figures = try #require(try await client.send(.get, "/api/v1/links/\(code)/stats").json()["variants"]?.arrayValue)
            #expect(figures.map { $0["appOpens"]?.intValue } == [1, 3])
            #expect(figures.map { $0["winner"]?.boolValue } == [false, true])
            let audit = try await client.send(.get, "/api/v1/audit").text
            #expect(audit.contains(#""action":"link.variant_decided""#))
            #expect(audit.contains("variant 1 of 2 by appOpens: 1, 3"))
            // The webhook says who won, by what counts, and where the link goes now.
            try await eventually("link.variant_decided verified", step: { harness.clock.advance(by: 2) }) {
                try receiver.verifiedEvents().contains { $0["type"] == "link.variant_decided" }
            }
            let event = try #require(try receiver.verifiedEvents().first { $0["type"] == "link.variant_decided" })
            #expect(event["data"] == ["code": .string(code), "domain": "go.example.com", "winner": 1, "decideBy": "appOpens",
                                      "counts": [1, 3], "target": ["route": "product", "parameters": ["product_id": "2"]]])
            #expect(try receiver.verifiedEvents().filter { $0["type"] == "link.variant_decided" }.count == 1, "decided once")
            // Everyone opens the winner now, and no cookie is set.
            let iPhone = try await client.open(code, userAgent: Agents.iPhone)
            #expect(iPhone.text.contains("https://shop.example.com/product/2") && iPhone.headers[.setCookie] == nil)
            var headers = HTTPFields()
            headers[InstallProofCheck.installHeader] = zeros.first!
            let resolved = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: headers).json()
            #expect(resolved["variant"] == 1 && resolved["url"] == "https://shop.example.com/product/2")
        }
    }

    @Test(arguments: [
        ("abc~v1", "abc", OpenChoice.variant(1)), ("go.example.com/abc~r12", "go.example.com/abc", .rule(12)),
        ("abc#r2", "abc", .rule(2)), // as the previous release remembered a rule's choice
        ("abc", "abc", nil), ("abc~x1", "abc~x1", nil), ("abc~v", "abc~v", nil), ("abc~v100", "abc~v100", nil), ("abc~v1~v2", "abc~v1", .variant(2)),
    ])
    func aRememberedCodeSplitsIntoItsKeyAndChoice(code: String, key: String, choice: OpenChoice?) {
        let split = OpenChoice.split(code)
        #expect(split.key == key && split.choice == choice)
    }

    @Test func explainAndTheDebugPageListTheVariants() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(Self.urlTest)["code"]?.stringValue)
            let explained = try await client.send(.get, "/api/v1/links/\(code)/explain").json()
            #expect(explained["variants"]?.arrayValue?.map { $0["target"]?.stringValue } == [
                "https://shop.example.com/a", "https://shop.example.com/b", "https://shop.example.com/c"])
            #expect(explained["variantTest"] == "runs until changed")
            let page = try await client.open(code + "?d=1", userAgent: Agents.desktop)
            #expect(page.text.contains("variant 1: 30% → https://shop.example.com/b"))
            #expect(page.text.contains("you: none yet, your next open gets one by weight"))
        }
    }

    @Test(arguments: [
        (#"{"targets": [{"url": "https://shop.example.com/a", "weight": 5}, {"url": "https://shop.example.com/b", "weight": 95}]}"#,
         "variants.targets[0].weight: is 5; a variant has 10 at least"),
        (#"{"targets": [{"url": "https://shop.example.com/a", "weight": 50}, {"url": "https://shop.example.com/b", "weight": 40}]}"#,
         "variants.targets: weights sum to 90; they must sum to 100"),
        (#"{"targets": [{"url": "https://shop.example.com/a", "weight": 100}]}"#, "variants.targets: has 1 variants; a test has 2 to 4"),
        (#"{"targets": [{"route": "nowhere", "weight": 50}, {"url": "https://shop.example.com/b", "weight": 50}]}"#,
         "variants.targets[0].route: no route named or patterned 'nowhere' in the route table"),
        (#"{"targets": [{"url": "https://evil.example.net/", "weight": 50}, {"url": "https://shop.example.com/b", "weight": 50}]}"#,
         "variants.targets[0].url: "),
        (#"{"targets": [{"url": "https://shop.example.com/a", "weight": 50.5}, {"url": "https://shop.example.com/b", "weight": 49.5}]}"#,
         "variants.targets[0].weight: must be a whole number of percent (10 to 100), got 50.5"),
        (#"{"targets": [{"url": "https://shop.example.com/a", "weight": 50}, {"url": "https://shop.example.com/b", "weight": 50}], "winner": 1}"#,
         "variants: has an unknown member 'winner'"),
        (#"{"targets": [{"url": "https://shop.example.com/a", "weight": 50}, {"url": "https://shop.example.com/b", "weight": 50}], "endsAt": "2020-01-01T00:00:00Z"}"#,
         "variants.endsAt: 2020-01-01T00:00:00"),
        (#"{"targets": [{"url": "https://shop.example.com/a", "weight": 50}, {"url": "https://shop.example.com/b", "weight": 50}], "decideBy": "clicks"}"#,
         "variants.decideBy: must be one of appOpens, redeems"),
    ])
    func refusedTestsNameTheirPath(variants: String, message: String) async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let response = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "variants": \#(variants)}"#)
            #expect(response.status == .badRequest)
            let problem = try response.json()
            #expect(problem["type"]?.stringValue?.hasSuffix("/invalid-rule") == true)
            #expect(problem["detail"]?.stringValue?.hasPrefix(message) == true, "\(problem["detail"]?.stringValue ?? "")")
            let byApp = try await client.send(.post, "/api/v1/links", key: Keys.app,
                                              json: #"{"route": "about/team", "install": "i-1", "variants": {"targets": []}}"#)
            #expect(byApp.status == .forbidden, "the app key sets no test")
        }
    }
}
