import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
import CommandTestSupport
import SwitchyardGeoIP
import SwitchyardRules
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// A stand-in country database: addresses by their first byte.
struct FirstByteCountries: CountryLookup {
    let countries: [UInt8: String]
    func country(of address: IPAddress) -> String? { address.bytes.first.flatMap { countries[$0] } }
}

/// Redirect rules over a real socket (issue 54): created, stored on every store, decided on open,
/// for the app's resolve and its deferred claim, explained, and refused by name.
@Suite struct RedirectRulesTests {
    static let rules = #"""
        [{"name": "French", "conditions": [{"type": "language", "value": "fr"}], "target": {"url": "https://shop.example.com/fr"}},
         {"name": "iPhones", "conditions": [{"type": "platform", "value": "ios"}, {"type": "device", "value": "phone"}],
          "target": {"route": "product", "parameters": {"product_id": "7"}}},
         {"name": "Spring", "conditions": [{"type": "query", "name": "c", "match": "equals", "value": "spring"}],
          "target": {"url": "https://shop.example.com/spring"}},
         {"name": "British", "conditions": [{"type": "country", "value": "GB"}], "target": {"url": "https://shop.example.com/uk"}}]
        """#
    static let body = #"{"route": "about/team", "deferredMatch": "any", "fallbacks": {"web": "https://shop.example.com/team"}, "rules": \#(rules)}"#

    static func configuration() -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.trustedProxies = ["127.0.0.1", "::1"]
        configuration.countryLookup = FirstByteCountries(countries: [81: "GB", 82: "FR"])
        configuration.deferredWindow = .seconds(3600)
        return configuration
    }

    static func open(_ client: any TestClientProtocol, _ path: String, agent: String, language: String? = nil,
                     address: String? = nil) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.userAgent] = agent
        if let language { headers[.acceptLanguage] = language }
        if let address { headers[.xForwardedFor] = address }
        return try await client.executeRequest(uri: path, method: .get, headers: headers, body: nil)
    }

    @Test(arguments: StoreKind.available)
    func theFirstRuleWhoseConditionsHoldDecidesEachOpen(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let created = try await client.create(Self.body)
            let code = try #require(created["code"]?.stringValue)
            #expect(created["rules"]?.arrayValue?.count == 4)
            #expect(created["rules"]?[1]?["target"]?["route"] == "product")
            let stored = try #require(try await harness.store.link(code: code))
            #expect(stored.content.rules?.count == 4, "the rules survive the store")

            let french = try await Self.open(client, "/\(code)", agent: Agents.iPhone, language: "fr-FR,fr;q=0.9")
            #expect(french.status == .found)
            #expect(french.headers[.location] == "https://shop.example.com/fr", "rule 1 fires before rule 2")
            let iPhone = try await Self.open(client, "/\(code)", agent: Agents.iPhone, language: "en-US")
            #expect(iPhone.status == .ok)
            #expect(iPhone.text.contains("https://shop.example.com/product/7"), "the route rule opens the app on its route")
            #expect(!iPhone.text.contains("about/team"))
            let desktop = try await Self.open(client, "/\(code)", agent: Agents.desktop, language: "en")
            #expect(desktop.headers[.location] == "https://shop.example.com/team", "no rule: the link's own answer")
            let spring = try await Self.open(client, "/\(code)?c=spring", agent: Agents.desktop)
            #expect(spring.headers[.location] == "https://shop.example.com/spring")
            let british = try await Self.open(client, "/\(code)", agent: Agents.desktop, address: "81.2.69.160")
            #expect(british.headers[.location] == "https://shop.example.com/uk")
            let french2 = try await Self.open(client, "/\(code)", agent: Agents.desktop, address: "82.1.1.1")
            #expect(french2.headers[.location] == "https://shop.example.com/team", "FR is no rule's country")
            // Every open was counted, rule or not.
            await harness.recorder.flush()
            let stats = try await client.send(.get, "/api/v1/links/\(code)/stats").json()
            #expect(stats["totals"]?["clicks"]?["total"]?.intValue == 6)
        }
    }

    @Test func theAppResolvesAndClaimsWhatTheRulesChoose() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(Self.body)["code"]?.stringValue)
            var french = HTTPFields()
            french[.userAgent] = "Shop/1.2 CFNetwork/1494 Darwin/23.4"
            french[.acceptLanguage] = "fr-FR"
            let redirected = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: french).json()
            #expect(redirected["rule"] == 0)
            #expect(redirected["redirect"] == "https://shop.example.com/fr")
            #expect(redirected["route"] == "about/team", "a URL rule leaves the route, and says where to go")
            var spring = HTTPFields()
            spring[.userAgent] = "Shop/1.2 CFNetwork/1494 Darwin/23.4"
            let plain = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: spring).json()
            #expect(plain["rule"]?.isNull == true && plain["redirect"]?.isNull == true, "the app's client is no iPhone browser: no rule")
            // The resolve's own query (?c=spring) is the API's, not the short link's: query conditions read none.
            let viaQuery = try await client.send(.get, "/api/v1/links/\(code)/resolve?c=spring", key: Keys.app, headers: spring).json()
            #expect(viaQuery["rule"]?.isNull == true)

            // A phone's open chose the route rule; its deferred claim gets that route.
            #expect(try await Self.open(client, "/\(code)", agent: Agents.iPhone, language: "en-US,en;q=0.9").status == .ok)
            let claimed = try await DeferredClaimTests.claim(client)
            #expect(claimed.status == .ok, "\(claimed.text)")
            let body = try claimed.json()
            #expect(body["rule"] == 1)
            #expect(body["url"] == "https://shop.example.com/product/7")
        }
    }

    @Test func explainNamesTheRuleThatFiresAndWhyTheEarlierOnesDidNot() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, harness in
            let code = try #require(try await client.create(Self.body)["code"]?.stringValue)
            let explained = try await client.send(.get, "/api/v1/links/\(code)/explain?language=en-US&query=c%3Dspring").json()
            #expect(explained["ruleInputs"]?["language"] == "en-US")
            let cases = try #require(explained["rules"]?.arrayValue)
            #expect(cases.map { $0["platform"]?.stringValue } == ["ios", "ipados", "android", "desktop", "crawler"])
            #expect(cases[0]["fired"] == 1)
            #expect(cases[0]["target"] == "route product {product_id: 7}")
            #expect(cases[0]["steps"]?[0]?["failed"]?["reason"] == "Accept-Language 'en-US' does not accept fr")
            #expect(cases[3]["fired"] == 2, "desktop: the spring rule")
            #expect(cases[3]["steps"]?[1]?["failed"]?["reason"] == "the request is from desktop, not ios")
            let british = try await client.send(.get, "/api/v1/links/\(code)/explain?country=gb").json()
            #expect(british["rules"]?[3]?["fired"] == 3)

            // ?d=1: the same, and this request's own case; no click.
            let page = try await Self.open(client, "/\(code)?d=1", agent: Agents.desktop, language: "fr")
            #expect(page.status == .ok)
            #expect(page.text.contains("you: rule 1 fires: https://shop.example.com/fr"))
            #expect(page.text.contains("desktop: no rule fires: the link&#39;s own answer")
                    || page.text.contains("desktop: no rule fires: the link's own answer"), "no language, query or country asked about")
            await harness.recorder.flush()
            #expect(try await client.send(.get, "/api/v1/links/\(code)/stats").json()["totals"]?["clicks"]?["total"] == 0)
        }
    }

    @Test func rulesAreReplacedAndRemovedByPatch() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(Self.body)["code"]?.stringValue)
            let replaced = try await client.send(.patch, "/api/v1/links/\(code)", json: #"""
                {"rules": [{"conditions": [{"type": "platform", "value": "desktop"}], "target": {"url": "https://shop.example.com/desk"}}]}
                """#)
            #expect(replaced.status == .ok, "\(replaced.text)")
            #expect(try await Self.open(client, "/\(code)", agent: Agents.desktop).headers[.location] == "https://shop.example.com/desk")
            let removed = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"rules": null}"#)
            #expect(try removed.json()["rules"]?.isNull == true)
            #expect(try await Self.open(client, "/\(code)", agent: Agents.desktop).headers[.location] == "https://shop.example.com/team")
            let audit = try await client.send(.get, "/api/v1/audit").text
            #expect(audit.contains(#""detail":"rules""#), "the replacement is recorded")
            #expect(audit.contains(#""detail":"rules=removed""#), "and the removal")
            let bad = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"rules": [{"conditions": [], "target": {"url": "https://shop.example.com/"}}]}"#)
            #expect(bad.status == .badRequest)
        }
    }

    @Test(arguments: [
        (#"[{"conditions": [{"type": "country", "value": "FR"}], "target": {"url": "https://shop.example.com/"}}]"#, false,
         "rules[0].conditions[0]: a country condition needs a country database: start the service with --geoip FILE (GeoLite2 Country or DB-IP Lite)"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"route": "nowhere"}}]"#, true,
         "rules[0].target.route: no route named or patterned 'nowhere' in the route table"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "https://evil.example.net/"}}]"#, true, "rules[0].target.url: "),
        (#"[{"conditions": [{"type": "os", "value": "beos"}], "target": {"url": "https://shop.example.com/"}}]"#, true,
         "rules[0].conditions[0].value: 'beos' is not a os (ios, android, macos, windows, linux, chromeos)"),
    ])
    func refusedRulesNameTheirPath(rules: String, withDatabase: Bool, message: String) async throws {
        var configuration = Self.configuration()
        if !withDatabase { configuration.countryLookup = nil }
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let response = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "rules": \#(rules)}"#)
            #expect(response.status == .badRequest)
            let problem = try response.json()
            #expect(problem["type"]?.stringValue?.hasSuffix("/invalid-rule") == true)
            #expect(problem["detail"]?.stringValue?.hasPrefix(message) == true, "\(problem["detail"]?.stringValue ?? "")")
            let byApp = try await client.send(.post, "/api/v1/links", key: Keys.app,
                                              json: #"{"route": "about/team", "install": "i-1", "rules": []}"#)
            #expect(byApp.status == .forbidden, "the app key sets no rules")
        }
    }

    @Test(arguments: StoreKind.available)
    func aCountryRuleReadsAGeneratedMaxMindDatabase(kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("GeoLite2-Country.mmdb").path
        try GeoIPFixture.write(to: path, ["81.2.69.0/24": "GB", "2a02:c7c::/32": "GB", "82.0.0.0/8": "FR"])
        var configuration = Self.configuration()
        configuration.countryLookup = try GeoIPDatabase(path: path)
        try await Harness.live(kind, configuration: configuration) { client, _ in
            let code = try #require(try await client.create(Self.body)["code"]?.stringValue)
            #expect(try await Self.open(client, "/\(code)", agent: Agents.desktop, address: "81.2.69.160").headers[.location]
                == "https://shop.example.com/uk")
            #expect(try await Self.open(client, "/\(code)", agent: Agents.desktop, address: "2a02:c7c:1:2::9").headers[.location]
                == "https://shop.example.com/uk", "an IPv6 client in GB")
            #expect(try await Self.open(client, "/\(code)", agent: Agents.desktop, address: "82.4.4.4").headers[.location]
                == "https://shop.example.com/team")
            #expect(try await Self.open(client, "/\(code)", agent: Agents.desktop, address: "192.0.2.1").headers[.location]
                == "https://shop.example.com/team", "an address in no network has no country")
        }
    }

    /// With no trusted proxy, the address and country rules read the connection's peer (from the
    /// socket's bytes: the test client is on loopback), and an `X-Forwarded-For` header changes nothing.
    @Test func withoutATrustedProxyTheRulesReadTheConnectionsPeer() async throws {
        var configuration = Harness.configuration()
        configuration.countryLookup = FirstByteCountries(countries: [127: "GB", 0: "GB"])
        let rules = #"""
            [{"conditions": [{"type": "address", "value": "10.0.0.0/8"}], "target": {"url": "https://shop.example.com/office"}},
             {"conditions": [{"type": "address", "value": "127.0.0.0/8"}], "target": {"url": "https://shop.example.com/loopback"}},
             {"conditions": [{"type": "address", "value": "::1/128"}], "target": {"url": "https://shop.example.com/loopback"}}]
            """#
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/team"}, "rules": \#(rules)}"#)["code"]?.stringValue)
            #expect(try await Self.open(client, "/\(code)", agent: Agents.desktop).headers[.location] == "https://shop.example.com/loopback")
            #expect(try await Self.open(client, "/\(code)", agent: Agents.desktop, address: "10.1.2.3").headers[.location]
                == "https://shop.example.com/loopback", "a forwarded address from an untrusted peer is not read")
            let british = #"[{"conditions": [{"type": "country", "value": "GB"}], "target": {"url": "https://shop.example.com/uk"}}]"#
            let country = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/team"}, "rules": \#(british)}"#)["code"]?.stringValue)
            #expect(try await Self.open(client, "/\(country)", agent: Agents.desktop).headers[.location] == "https://shop.example.com/uk",
                    "the peer's country is looked up")
        }
    }
}
