import Foundation
import Synchronization
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardRules
import Testing

/// Each condition true and false on real user agents, rule order, the explanation, and every
/// refusal of the JSON reader (issue 54).
@Suite struct RuleMatcherTests {
    enum Agents {
        static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1"
        static let iPad = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1"
        static let chromeOnIPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1"
        static let androidChrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36"
        static let androidTablet = "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
        static let samsung = "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36"
        static let macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"
        static let windowsEdge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70"
        static let linuxFirefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
        static let chromebook = "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
        static let opera = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0"
    }

    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    static func condition(_ json: String, countryDatabase: Bool = true) throws -> RuleCondition {
        try RuleCondition(from: try JSONValue.parse(json), at: "c", countryDatabase: countryDatabase)
    }

    static func holds(_ json: String, _ request: RuleRequest) throws -> Bool {
        let rule = RedirectRule(conditions: [try condition(json)], target: .url("https://example.com/"))
        let first = RuleMatcher.firstMatch([rule], for: request)
        let explained = RuleMatcher.explain([rule], for: request)
        #expect(explained.fired == first, "the explanation agrees with the decision")
        return first == 0
    }

    static func request(_ agent: String? = nil, platform: RulePlatform = .other, language: String? = nil,
                        query: [(name: String, value: String)] = [], address: String? = nil, country: String? = nil,
                        release: AppRelease? = nil, now: Date = now) -> RuleRequest {
        RuleRequest(platform: platform, userAgent: agent, acceptLanguage: language, query: query,
                    address: address.flatMap { IPAddress($0) }, now: now, appRelease: release,
                    hasCountryDatabase: true, country: { country })
    }

    @Test(arguments: [
        (Agents.iPhone, OperatingSystem.ios, "17.4.1", Browser.safari, DeviceClass.phone),
        (Agents.iPad, .ios, "16.6", .safari, .tablet),
        (Agents.chromeOnIPhone, .ios, "18.1", .chrome, .phone),
        (Agents.androidChrome, .android, "14", .chrome, .phone),
        (Agents.androidTablet, .android, "13", .chrome, .tablet),
        (Agents.samsung, .android, "14", .samsung, .phone),
        (Agents.macSafari, .macos, "10.15.7", .safari, .desktop),
        (Agents.windowsEdge, .windows, "10.0", .edge, .desktop),
        (Agents.linuxFirefox, .linux, nil, .firefox, .desktop),
        (Agents.chromebook, .chromeos, nil, .chrome, .desktop),
        (Agents.opera, .windows, "10.0", .opera, .desktop),
    ] as [(String, OperatingSystem, String?, Browser, DeviceClass)])
    func userAgentsAreReadForOSBrowserAndDevice(agent: String, system: OperatingSystem, version: String?, browser: Browser, device: DeviceClass) {
        let details = UserAgentDetails(agent)
        #expect(details.system == system)
        #expect(details.systemVersion?.description == version)
        #expect(details.browser == browser)
        #expect(details.device == device)
    }

    @Test func eachConditionHoldsAndFails() throws {
        // platform and crawler
        #expect(try Self.holds(#"{"type": "platform", "value": "ios"}"#, Self.request(platform: .ios)))
        #expect(try !Self.holds(#"{"type": "platform", "value": "ios"}"#, Self.request(platform: .android)))
        #expect(try Self.holds(#"{"type": "crawler"}"#, Self.request(platform: .crawler)))
        #expect(try !Self.holds(#"{"type": "crawler"}"#, Self.request(platform: .desktop)))
        // device, os with bounds, browser
        #expect(try Self.holds(#"{"type": "device", "value": "tablet"}"#, Self.request(Agents.iPad)))
        #expect(try !Self.holds(#"{"type": "device", "value": "tablet"}"#, Self.request(Agents.iPhone)))
        #expect(try Self.holds(#"{"type": "os", "value": "ios", "minVersion": "17"}"#, Self.request(Agents.iPhone)))
        #expect(try !Self.holds(#"{"type": "os", "value": "ios", "minVersion": "17"}"#, Self.request(Agents.iPad)))
        #expect(try Self.holds(#"{"type": "os", "value": "ios", "maxVersion": "17.4.1"}"#, Self.request(Agents.iPhone)), "bounds are inclusive")
        #expect(try !Self.holds(#"{"type": "os", "value": "android"}"#, Self.request(Agents.iPhone)))
        #expect(try !Self.holds(#"{"type": "os", "value": "linux", "minVersion": "1"}"#, Self.request(Agents.linuxFirefox)),
                "no version to compare: a bounded condition fails")
        #expect(try Self.holds(#"{"type": "browser", "value": "chrome"}"#, Self.request(Agents.chromeOnIPhone)))
        #expect(try !Self.holds(#"{"type": "browser", "value": "safari"}"#, Self.request(Agents.chromeOnIPhone)))
        // language with quality values
        #expect(try Self.holds(#"{"type": "language", "value": "fr"}"#, Self.request(language: "fr-CH, fr;q=0.9, en;q=0.8")))
        #expect(try Self.holds(#"{"type": "language", "value": "de"}"#, Self.request(language: "fr-CH, de;q=0.1")))
        #expect(try !Self.holds(#"{"type": "language", "value": "de"}"#, Self.request(language: "fr-CH, de;q=0")), "q=0: not acceptable")
        #expect(try !Self.holds(#"{"type": "language", "value": "de"}"#, Self.request(language: "fr, *;q=0.5")), "* names no language")
        #expect(try !Self.holds(#"{"type": "language", "value": "de"}"#, Self.request(language: "de;q=high")), "an unreadable quality drops the item")
        #expect(try Self.holds(#"{"type": "language", "value": "fr-ca"}"#, Self.request(language: "en, FR-CA;q=0.4")))
        #expect(try !Self.holds(#"{"type": "language", "value": "fr-CA"}"#, Self.request(language: "fr-FR, fr")))
        #expect(try !Self.holds(#"{"type": "language", "value": "fr"}"#, Self.request(language: "fra")), "fr is not a prefix of fra")
        #expect(try !Self.holds(#"{"type": "language", "value": "fr"}"#, Self.request()))
        // query parameters
        let query = [(name: "ref", value: "mail"), (name: "utm", value: "")]
        #expect(try Self.holds(#"{"type": "query", "name": "ref", "match": "equals", "value": "mail"}"#, Self.request(query: query)))
        #expect(try !Self.holds(#"{"type": "query", "name": "ref", "match": "equals", "value": "Mail"}"#, Self.request(query: query)))
        #expect(try Self.holds(#"{"type": "query", "name": "utm", "match": "present"}"#, Self.request(query: query)))
        #expect(try !Self.holds(#"{"type": "query", "name": "x", "match": "present"}"#, Self.request(query: query)))
        #expect(try Self.holds(#"{"type": "query", "name": "x", "match": "absent"}"#, Self.request(query: query)))
        #expect(try !Self.holds(#"{"type": "query", "name": "ref", "match": "absent"}"#, Self.request(query: query)))
        // address ranges, IPv4 and IPv6
        #expect(try Self.holds(#"{"type": "address", "value": "203.0.113.0/24"}"#, Self.request(address: "203.0.113.77")))
        #expect(try !Self.holds(#"{"type": "address", "value": "203.0.113.0/24"}"#, Self.request(address: "203.0.114.1")))
        #expect(try Self.holds(#"{"type": "address", "value": "2001:db8::/32"}"#, Self.request(address: "2001:db8:1::5")))
        #expect(try !Self.holds(#"{"type": "address", "value": "2001:db8::/32"}"#, Self.request()))
        // country
        #expect(try Self.holds(#"{"type": "country", "value": "fr"}"#, Self.request(country: "FR")))
        #expect(try !Self.holds(#"{"type": "country", "value": "FR"}"#, Self.request(country: "DE")))
        #expect(try !Self.holds(#"{"type": "country", "value": "FR"}"#, Self.request(country: nil)))
        // before and after, at the instant
        let instant = #""2030-03-17T17:46:40Z""#
        let at = Date(timeIntervalSince1970: 1_900_000_000)
        #expect(try !Self.holds(#"{"type": "before", "value": \#(instant)}"#, Self.request(now: at)), "before: not at the instant")
        #expect(try Self.holds(#"{"type": "before", "value": \#(instant)}"#, Self.request(now: at.addingTimeInterval(-0.001))))
        #expect(try Self.holds(#"{"type": "after", "value": \#(instant)}"#, Self.request(now: at)), "after: from the instant")
        #expect(try !Self.holds(#"{"type": "after", "value": \#(instant)}"#, Self.request(now: at.addingTimeInterval(-0.001))))
        // app version
        let bounded = #"{"type": "appVersion", "minVersion": "2.0", "maxVersion": "3.1"}"#
        #expect(try Self.holds(bounded, Self.request(release: .ios(DottedVersion("2.5")!))))
        #expect(try !Self.holds(bounded, Self.request(release: .ios(DottedVersion("3.2")!))))
        #expect(try !Self.holds(bounded, Self.request()), "no version: it does not hold")
        #expect(try Self.holds(#"{"type": "appVersion", "minVersion": "230"}"#, Self.request(release: .android(versionCode: 231))))
        #expect(try !Self.holds(#"{"type": "appVersion", "minVersion": "230"}"#, Self.request(release: .android(versionCode: 229))))
    }

    static let twoRules = #"""
        [{"name": "French iPhones", "conditions": [{"type": "platform", "value": "ios"}, {"type": "language", "value": "fr"}],
          "target": {"url": "https://shop.example.com/fr"}},
         {"name": "iPhones", "conditions": [{"type": "platform", "value": "ios"}], "target": {"route": "product", "parameters": {"id": "7"}}},
         {"name": "Spring", "conditions": [{"type": "query", "name": "c", "match": "equals", "value": "spring"}],
          "target": {"url": "https://shop.example.com/spring"}}]
        """#

    @Test func theFirstRuleWhoseConditionsAllHoldFiresAndTheEarlierOnesAreExplained() throws {
        let rules = try RedirectRule.rules(from: JSONValue.parse(Self.twoRules), countryDatabase: false)
        let french = Self.request(Agents.iPhone, platform: .ios, language: "fr-FR", query: [(name: "c", value: "spring")])
        #expect(RuleMatcher.firstMatch(rules, for: french) == 0, "two rules hold: the first fires")
        let english = Self.request(Agents.iPhone, platform: .ios, language: "en-US,en;q=0.9", query: [(name: "c", value: "spring")])
        #expect(RuleMatcher.firstMatch(rules, for: english) == 1)
        let explained = RuleMatcher.explain(rules, for: english)
        #expect(explained.fired == 1)
        #expect(explained.rules.count == 2, "the rules after the one that fires are not tried")
        #expect(explained.rules[0].failed == RuleExplanation.FailedCondition(condition: 1, type: "language", summary: "language is fr",
                                                   reason: "Accept-Language 'en-US,en;q=0.9' does not accept fr"))
        let desktop = Self.request(Agents.macSafari, platform: .desktop)
        #expect(RuleMatcher.firstMatch(rules, for: desktop) == nil)
        let none = RuleMatcher.explain(rules, for: desktop)
        #expect(none.fired == nil && none.rules.count == 3)
        #expect(none.rules[2].failed?.reason == "query c is absent")
        #expect(none.rules[0].failed?.reason == "the request is from desktop, not ios")
        #expect(rules[1].target == RuleTarget.route("product", parameters: ["id": "7"]))
    }

    @Test func theCountryIsLookedUpOnceAndOnlyWhenAConditionReachesIt() throws {
        let rules = try RedirectRule.rules(from: JSONValue.parse(#"""
            [{"conditions": [{"type": "platform", "value": "ios"}, {"type": "country", "value": "FR"}], "target": {"url": "https://a.example/"}},
             {"conditions": [{"type": "country", "value": "DE"}], "target": {"url": "https://b.example/"}},
             {"conditions": [{"type": "country", "value": "GB"}], "target": {"url": "https://c.example/"}}]
            """#), countryDatabase: true)
        let lookups = Counter()
        let desktop = RuleRequest(platform: .desktop, now: Self.now, hasCountryDatabase: true) { lookups.add(); return "GB" }
        #expect(RuleMatcher.firstMatch(rules, for: desktop) == 2)
        #expect(lookups.value == 1, "read once for two country conditions")
        let plain = try RedirectRule.rules(from: JSONValue.parse(#"[{"conditions": [{"type": "platform", "value": "ios"}], "target": {"url": "https://a.example/"}}]"#), countryDatabase: false)
        #expect(RuleMatcher.firstMatch(plain, for: desktop) == nil)
        #expect(lookups.value == 1, "no country condition: no lookup")
        let withoutDatabase = RuleRequest(platform: .desktop, now: Self.now) { lookups.add(); return "GB" }
        #expect(RuleMatcher.explain(rules, for: withoutDatabase).rules[1].failed?.reason == "no country database: start the service with --geoip FILE")
    }

    @Test func theDecisionAndTheExplanationAgreeOnManyRequests() throws {
        let rules = try RedirectRule.rules(from: JSONValue.parse(Self.twoRules), countryDatabase: false)
        let agents = [Agents.iPhone, Agents.iPad, Agents.androidChrome, Agents.macSafari, Agents.windowsEdge, "curl/8.5"]
        let languages = [nil, "fr", "en-US,en;q=0.9", "fr;q=0", "de-DE, fr;q=0.2"]
        let platforms: [RulePlatform] = [.ios, .android, .desktop, .other, .crawler]
        for agent in agents {
            for language in languages {
                for platform in platforms {
                    for query in [[], [(name: "c", value: "spring")], [(name: "c", value: "fall")]] {
                        let request = Self.request(agent, platform: platform, language: language, query: query)
                        #expect(RuleMatcher.firstMatch(rules, for: request) == RuleMatcher.explain(rules, for: request).fired)
                    }
                }
            }
        }
    }

    @Test(arguments: [
        (#"{"rules": []}"#, "rules: must be an array of rules, got an object"),
        (#"[{"conditions": [], "target": {"url": "https://a.example/"}}]"#, "rules[0].conditions: is empty; a rule needs one condition at least"),
        (#"[{"conditions": [{"type": "crawler"}]}]"#, #"rules[0]: needs a 'target': {"url": ...} or {"route": ..., "parameters": {...}}"#),
        (#"[{"conditions": [{"type": "moon"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0].type: 'moon' is not a condition type (platform, device, os, browser, language, query, address, country, before, after, appVersion, crawler)"),
        (#"[{"conditions": [{"type": "country", "value": "XYZ"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0].value: 'XYZ' is not a country code (two letters, ISO 3166-1 alpha-2, like FR)"),
        (#"[{"conditions": [{"type": "country", "value": "FR"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0]: a country condition needs a country database: start the service with --geoip FILE (GeoLite2 Country or DB-IP Lite)"),
        (#"[{"conditions": [{"type": "platform", "value": "crawler"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0].value: 'crawler' is not a platform (ios, android, desktop, other)"),
        (#"[{"conditions": [{"type": "os", "value": "ios", "minVersion": "18", "maxVersion": "17"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0]: 'minVersion' 18 is above 'maxVersion' 17"),
        (#"[{"conditions": [{"type": "appVersion"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0]: needs 'minVersion', 'maxVersion' or both"),
        (#"[{"conditions": [{"type": "language", "value": "french!"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0].value: 'french!' is not a language tag (a language of 2 or 3 letters, then optional -subtags: fr, fr-CA, zh-Hant)"),
        (#"[{"conditions": [{"type": "query", "name": "a", "match": "like"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0].match: 'like' is not a match (present, equals, absent)"),
        (#"[{"conditions": [{"type": "query", "name": "a", "match": "present", "value": "x"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0].value: goes with match 'equals' only"),
        (#"[{"conditions": [{"type": "address", "value": "10.0.0.0/33"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0].value: '10.0.0.0/33' is not an address range: an IPv4 prefix is 0 to 32 bits"),
        (#"[{"conditions": [{"type": "before", "value": "tomorrow"}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0].value: 'tomorrow' is not an ISO 8601 instant with a time zone (2026-12-24T00:00:00Z)"),
        (#"[{"conditions": [{"type": "crawler", "value": 1}], "target": {"url": "https://a.example/"}}]"#,
         "rules[0].conditions[0]: has an unknown member 'value' (known: type)"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "javascript:alert(1)"}}]"#,
         "rules[0].target.url: 'javascript:alert(1)' is not an absolute http or https URL"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "https://a.example/", "route": "x"}}]"#,
         "rules[0].target: has both 'url' and 'route'; give one"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "https://a.example/", "parameters": {}}}]"#,
         "rules[0].target.parameters: goes with a route, not a URL"),
    ])
    func refusalsNameThePathAndTheProblem(json: String, message: String) throws {
        #expect(throws: RuleError.self) { try RedirectRule.rules(from: JSONValue.parse(json), countryDatabase: false) }
        do {
            _ = try RedirectRule.rules(from: JSONValue.parse(json), countryDatabase: false)
        } catch let error as RuleError {
            #expect(error.message == message)
        }
    }

    @Test func limitsBoundTheRulesAndTheirConditions() throws {
        let condition = #"{"type": "crawler"}"#
        let rule = #"{"conditions": [\#(condition)], "target": {"url": "https://a.example/"}}"#
        let tooMany = "[" + Array(repeating: rule, count: 21).joined(separator: ",") + "]"
        #expect(throws: RuleError("rules", "has 21 rules; a link has 20 at most")) {
            try RedirectRule.rules(from: JSONValue.parse(tooMany), countryDatabase: false)
        }
        let crowded = #"[{"conditions": [\#(Array(repeating: condition, count: 11).joined(separator: ","))], "target": {"url": "https://a.example/"}}]"#
        #expect(throws: RuleError("rules[0].conditions", "has 11 conditions; a rule has 10 at most")) {
            try RedirectRule.rules(from: JSONValue.parse(crowded), countryDatabase: false)
        }
        let long = #"[{"name": "\#(String(repeating: "n", count: 201))", "conditions": [\#(condition)], "target": {"url": "https://a.example/"}}]"#
        #expect(throws: RuleError("rules[0].name", "is over 200 characters")) {
            try RedirectRule.rules(from: JSONValue.parse(long), countryDatabase: false)
        }
    }

    @Test func rulesRoundTripThroughTheirStoredText() throws {
        let text = #"""
            [{"name": "all", "conditions": [{"type": "platform", "value": "ios"}, {"type": "device", "value": "phone"},
              {"type": "os", "value": "ios", "minVersion": "17", "maxVersion": "18.2"}, {"type": "browser", "value": "safari"},
              {"type": "language", "value": "FR-ca"}, {"type": "query", "name": "a", "match": "equals", "value": "b"},
              {"type": "address", "value": "2001:db8::/32"}, {"type": "country", "value": "fr"},
              {"type": "before", "value": "2030-01-01T00:00:00.250Z"}, {"type": "after", "value": "2029-01-01T01:00:00+01:00"}],
              "target": {"route": "product", "parameters": {"id": "9"}}},
             {"conditions": [{"type": "appVersion", "minVersion": "2"}, {"type": "crawler"}], "target": {"url": "https://a.example/x?y=1"}}]
            """#
        let rules = try RedirectRule.rules(from: JSONValue.parse(text), countryDatabase: true)
        let stored = RedirectRule.storedText(rules)
        #expect(try RedirectRule.stored(stored) == rules)
        #expect(stored.contains(#""value":"fr-ca""#) && stored.contains(#""value":"FR""#), "language lowercased, country uppercased")
        #expect(stored.contains("2030-01-01T00:00:00.250Z") && stored.contains("2029-01-01T00:00:00Z"))
    }
}

final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
