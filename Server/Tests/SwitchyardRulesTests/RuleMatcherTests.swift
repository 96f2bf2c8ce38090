import Foundation
import Switchyard
@testable import SwitchyardRules
import Testing

/// Rule order, the explanation, the lazy country, and the decision against a naive reference on
/// generated rules and requests.
@Suite struct RuleMatcherTests {
    typealias Agents = Fixtures.Agents

    static let threeRules = #"""
        [{"name": "French iPhones", "conditions": [{"type": "platform", "value": "ios"}, {"type": "language", "value": "fr"}],
          "target": {"url": "https://shop.example.com/fr"}},
         {"name": "iPhones", "conditions": [{"type": "platform", "value": "ios"}], "target": {"route": "product", "parameters": {"id": "7"}}},
         {"name": "Spring", "conditions": [{"type": "query", "name": "c", "match": "equals", "value": "spring"}],
          "target": {"url": "https://shop.example.com/spring"}}]
        """#

    @Test func theFirstRuleWhoseConditionsAllHoldFires() throws {
        let rules = try Fixtures.rules(Self.threeRules)
        let french = Fixtures.request(Agents.iPhone, platform: .ios, language: "fr-FR", query: [(name: "c", value: "spring")])
        #expect(RuleMatcher.firstMatch(rules, for: french) == 0, "three rules hold: the first fires")
        #expect(RuleMatcher.explain(rules, for: french) == RuleExplanation(rules: [.init(index: 0, name: "French iPhones", fired: true)], fired: 0))
        let english = Fixtures.request(Agents.iPhone, platform: .ios, language: "en-US,en;q=0.9", query: [(name: "c", value: "spring")])
        #expect(RuleMatcher.firstMatch(rules, for: english) == 1)
        #expect(RuleMatcher.firstMatch([], for: english) == nil)
    }

    @Test func theExplanationNamesEachEarlierRulesFirstFailedCondition() throws {
        let rules = try Fixtures.rules(Self.threeRules)
        let english = Fixtures.request(Agents.iPhone, platform: .ios, language: "en-US,en;q=0.9", query: [(name: "c", value: "spring")])
        let explained = RuleMatcher.explain(rules, for: english)
        #expect(explained == RuleExplanation(rules: [
            .init(index: 0, name: "French iPhones", fired: false,
                  failed: .init(condition: 1, type: "language", summary: "language is fr", reason: "Accept-Language 'en-US,en;q=0.9' does not accept fr")),
            .init(index: 1, name: "iPhones", fired: true),
        ], fired: 1), "the rules after the one that fires are not tried")

        let desktop = Fixtures.request(Agents.macSafari, platform: .desktop)
        #expect(RuleMatcher.firstMatch(rules, for: desktop) == nil)
        let none = RuleMatcher.explain(rules, for: desktop)
        #expect(none.fired == nil && none.rules.count == 3 && none.rules.allSatisfy { !$0.fired })
        #expect(none.rules.map { $0.failed?.condition } == [0, 0, 0], "the first condition that fails, as written")
        #expect(none.rules.map { $0.failed?.reason } == ["the request is from desktop, not ios", "the request is from desktop, not ios", "query c is absent"])
    }

    @Test func theExplanationEncodesWithStableNames() throws {
        let rules = try Fixtures.rules(Self.threeRules)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let explained = RuleMatcher.explain(rules, for: Fixtures.request(platform: .ios, language: "de"))
        let text = String(decoding: try encoder.encode(explained), as: UTF8.self)
        #expect(text == #"{"fired":1,"rules":[{"failed":{"condition":1,"reason":"Accept-Language 'de' does not accept fr","summary":"language is fr","type":"language"},"fired":false,"index":0,"name":"French iPhones"},{"fired":true,"index":1,"name":"iPhones"}]}"#)
        #expect(try JSONDecoder().decode(RuleExplanation.self, from: Data(text.utf8)) == explained)
    }

    static let countryRules = #"""
        [{"conditions": [{"type": "country", "value": "FR"}, {"type": "platform", "value": "ios"}], "target": {"url": "https://a.example/"}},
         {"conditions": [{"type": "country", "value": "DE"}], "target": {"url": "https://b.example/"}},
         {"conditions": [{"type": "country", "value": "GB"}], "target": {"url": "https://c.example/"}}]
        """#

    @Test func theCountryIsLookedUpOnceForManyConditions() throws {
        let rules = try Fixtures.rules(Self.countryRules)
        let lookups = Counter()
        let british = RuleRequest(platform: .ios, now: Fixtures.now, hasCountryDatabase: true) { lookups.add(); return "GB" }
        #expect(RuleMatcher.firstMatch(rules, for: british) == 2)
        #expect(lookups.value == 1, "three country conditions, one lookup")
        #expect(RuleMatcher.explain(rules, for: british).fired == 2)
        #expect(lookups.value == 2, "and one for the explanation")
    }

    @Test func theCountryIsNotLookedUpWhenNoCountryConditionIsReached() throws {
        let lookups = Counter()
        let desktop = RuleRequest(platform: .desktop, now: Fixtures.now, hasCountryDatabase: true) { lookups.add(); return "FR" }
        let plain = try Fixtures.rules(#"[{"conditions": [{"type": "platform", "value": "desktop"}], "target": {"url": "https://a.example/"}}]"#)
        #expect(RuleMatcher.firstMatch(plain, for: desktop) == 0)
        #expect(RuleMatcher.explain(plain, for: desktop).fired == 0)
        let later = try Fixtures.rules(#"""
            [{"conditions": [{"type": "crawler"}], "target": {"url": "https://a.example/"}},
             {"conditions": [{"type": "platform", "value": "desktop"}], "target": {"url": "https://b.example/"}},
             {"conditions": [{"type": "country", "value": "FR"}], "target": {"url": "https://c.example/"}}]
            """#)
        #expect(RuleMatcher.firstMatch(later, for: desktop) == 1, "an earlier rule fires")
        #expect(RuleMatcher.explain(later, for: desktop).fired == 1)
        // The decision tests a rule's cheap conditions first: the platform fails, the country is not needed.
        let countryFirst = try Fixtures.rules(Self.countryRules).prefix(1)
        #expect(RuleMatcher.firstMatch(Array(countryFirst), for: desktop) == nil)
        #expect(lookups.value == 0)
        let noDatabase = RuleRequest(platform: .ios, now: Fixtures.now) { lookups.add(); return "FR" }
        #expect(RuleMatcher.firstMatch(try Fixtures.rules(Self.countryRules), for: noDatabase) == nil)
        #expect(RuleMatcher.explain(try Fixtures.rules(Self.countryRules), for: noDatabase).rules[0].failed?.reason
                == "no country database: start the service with --geoip FILE")
        #expect(lookups.value == 0, "without a database the lookup is never called")
    }

    @Test func theReadsOfRulesNameWhatTheServiceFillsIn() throws {
        #expect(RuleReads(reading: []) == [])
        let headersOnly = try Fixtures.rules(#"""
            [{"conditions": [{"type": "platform", "value": "ios"}, {"type": "language", "value": "fr"}, {"type": "browser", "value": "safari"},
                             {"type": "after", "value": "2026-01-01T00:00:00Z"}, {"type": "crawler"}], "target": {"url": "https://a.example/"}}]
            """#)
        #expect(RuleReads(reading: headersOnly) == [], "no address parsed, no query copied, no app version read")
        let all = try Fixtures.rules(#"""
            [{"conditions": [{"type": "platform", "value": "ios"}], "target": {"url": "https://a.example/"}},
             {"conditions": [{"type": "query", "name": "c", "match": "present"}], "target": {"url": "https://b.example/"}},
             {"conditions": [{"type": "appVersion", "minVersion": "2.0"}], "target": {"url": "https://c.example/"}}]
            """#)
        #expect(RuleReads(reading: all) == [.query, .appRelease])
        #expect(RuleReads(reading: try Fixtures.rules(Self.countryRules)) == [.address, .country], "a country needs the address")
        let range = try Fixtures.rules(#"[{"conditions": [{"type": "address", "value": "10.0.0.0/8"}], "target": {"url": "https://a.example/"}}]"#)
        #expect(RuleReads(reading: range) == [.address])
    }

    @Test func headersAreParsedOnlyWhenAConditionReachesThem() throws {
        // An unreadable user agent would read as "other": the platform fails first, so its value does not matter.
        let rules = try Fixtures.rules(#"[{"conditions": [{"type": "browser", "value": "other"}, {"type": "platform", "value": "ios"}], "target": {"url": "https://a.example/"}}]"#)
        #expect(RuleMatcher.firstMatch(rules, for: Fixtures.request(Agents.curl, platform: .ios)) == 0)
        #expect(RuleMatcher.firstMatch(rules, for: Fixtures.request(Agents.curl, platform: .android)) == nil)
    }

    // MARK: Against a naive reference

    /// Every condition of the generated rules: each type, holding for some requests and not others.
    static let conditionPool = [
        #"{"type": "platform", "value": "ios"}"#, #"{"type": "platform", "value": "android"}"#, #"{"type": "platform", "value": "desktop"}"#,
        #"{"type": "device", "value": "phone"}"#, #"{"type": "device", "value": "tablet"}"#, #"{"type": "device", "value": "desktop"}"#,
        #"{"type": "os", "value": "ios", "minVersion": "17"}"#, #"{"type": "os", "value": "ios", "maxVersion": "17.4"}"#,
        #"{"type": "os", "value": "android", "minVersion": "14", "maxVersion": "14"}"#, #"{"type": "os", "value": "macos"}"#,
        #"{"type": "os", "value": "windows", "minVersion": "10"}"#, #"{"type": "os", "value": "linux"}"#,
        #"{"type": "browser", "value": "safari"}"#, #"{"type": "browser", "value": "chrome"}"#, #"{"type": "browser", "value": "firefox"}"#,
        #"{"type": "browser", "value": "samsung"}"#, #"{"type": "browser", "value": "other"}"#,
        #"{"type": "language", "value": "fr"}"#, #"{"type": "language", "value": "fr-CA"}"#, #"{"type": "language", "value": "en"}"#,
        #"{"type": "query", "name": "c", "match": "equals", "value": "spring"}"#, #"{"type": "query", "name": "c", "match": "present"}"#,
        #"{"type": "query", "name": "ref", "match": "absent"}"#,
        #"{"type": "address", "value": "203.0.113.0/24"}"#, #"{"type": "address", "value": "2001:db8::/32"}"#,
        #"{"type": "country", "value": "FR"}"#, #"{"type": "country", "value": "DE"}"#,
        #"{"type": "before", "value": "2030-03-17T17:46:40Z"}"#, #"{"type": "after", "value": "2030-03-17T17:46:40Z"}"#,
        #"{"type": "appVersion", "minVersion": "2.0", "maxVersion": "3.1"}"#, #"{"type": "appVersion", "minVersion": "230"}"#,
        #"{"type": "crawler"}"#,
    ]

    /// The first condition of each rule that fails, each tested on a fresh reading (no header or
    /// country kept between conditions), in the order written; nil for the rule that fires.
    static func reference(_ rules: [RedirectRule], _ request: RuleRequest) -> (fired: Int?, failed: [Int?]) {
        var failed: [Int?] = []
        for rule in rules {
            let first = rule.conditions.firstIndex { condition in
                var fresh = RuleReading(request)
                return !fresh.holds(condition)
            }
            failed.append(first)
            if first == nil { return (failed.count - 1, failed) }
        }
        return (nil, failed)
    }

    @Test func theDecisionTheExplanationAndTheReferenceAgreeOnGeneratedCases() throws {
        let pool = try Self.conditionPool.map { try Fixtures.condition($0) }
        let languages = [nil, "fr", "fr-CA", "en-US,en;q=0.9", "fr;q=0", "de-DE, fr;q=0.2", "*"]
        let queries: [[(name: String, value: String)]] = [[], [(name: "c", value: "spring")], [(name: "c", value: "fall"), (name: "ref", value: "x")]]
        let addresses = [nil, "203.0.113.9", "198.51.100.1", "2001:db8::7"]
        let countries = [nil, "FR", "DE", "GB"]
        let releases: [AppRelease?] = [nil, .ios(DottedVersion("2.4")!), .ios(DottedVersion("3.2")!), .android(versionCode: 231), .android(versionCode: 12)]
        let times = [Fixtures.now, Fixtures.now.addingTimeInterval(-1), Fixtures.now.addingTimeInterval(1)]
        var generator = SeededGenerator(seed: 42)
        var fired = 0, tried = 0
        for _ in 0..<200 {
            let rules = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                RedirectRule(conditions: (0..<Int.random(in: 1...4, using: &generator)).map { _ in pool.randomElement(using: &generator)! },
                             target: .url("https://example.com/"))
            }
            for _ in 0..<15 {
                let lookups = Counter()
                let country = countries.randomElement(using: &generator)!
                let request = RuleRequest(
                    platform: RulePlatform.allCases.randomElement(using: &generator)!, userAgent: (Agents.all + [nil]).randomElement(using: &generator)!,
                    acceptLanguage: languages.randomElement(using: &generator)!, query: queries.randomElement(using: &generator)!,
                    address: addresses.randomElement(using: &generator)!.flatMap { IPAddress($0) }, now: times.randomElement(using: &generator)!,
                    appRelease: releases.randomElement(using: &generator)!, hasCountryDatabase: Bool.random(using: &generator),
                    country: { lookups.add(); return country })
                let decision = RuleMatcher.firstMatch(rules, for: request)
                #expect(lookups.value <= 1, "one lookup at most per decision")
                let explained = RuleMatcher.explain(rules, for: request)
                #expect(lookups.value <= 2, "and one per explanation")
                let expected = Self.reference(rules, request)
                #expect(decision == expected.fired)
                #expect(explained.fired == expected.fired)
                #expect(explained.rules.map { $0.failed?.condition } == expected.failed)
                #expect(explained.rules.map(\.index) == Array(0..<expected.failed.count))
                tried += 1
                if decision != nil { fired += 1 }
            }
        }
        #expect(fired > tried / 10 && fired < tried * 9 / 10, "the generated cases fire sometimes, not always: \(fired) of \(tried)")
    }
}
