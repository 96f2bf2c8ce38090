import Foundation
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardRules
import Testing

/// The API's JSON: every refusal's message and path, the limits, `validate` for rules built in
/// Swift, `Codable`, and round trips through the stored text.
@Suite struct RuleReaderTests {
    static let target = #""target": {"url": "https://a.example/"}"#

    /// A rule list of one rule with the one condition `condition`.
    static func one(_ condition: String) -> String {
        #"[{"conditions": [\#(condition)], \#(target)}]"#
    }

    static func message(_ json: String, countryDatabase: Bool = false) -> String? {
        do {
            _ = try RedirectRule.rules(from: JSONValue.parse(json), countryDatabase: countryDatabase)
            return nil
        } catch let error as RuleError {
            #expect(error.code == .invalidRule)
            return error.message
        } catch {
            return "not a RuleError: \(error)"
        }
    }

    static let types = "platform, device, os, browser, language, query, address, country, before, after, appVersion, crawler"

    @Test(arguments: [
        // the list and its rules
        (#"{"rules": []}"#, "rules: must be an array of rules, got an object"),
        ("[3]", "rules[0]: must be an object, got a number"),
        (#"[{"conditions": [{"type": "crawler"}], \#(target), "priority": 1}]"#, "rules[0]: has an unknown member 'priority' (known: conditions, name, target)"),
        (#"[{\#(target)}]"#, "rules[0]: needs 'conditions', a list of one condition at least"),
        (#"[{"conditions": {"type": "crawler"}, \#(target)}]"#, "rules[0].conditions: must be an array of conditions, got an object"),
        (#"[{"conditions": [], \#(target)}]"#, "rules[0].conditions: is empty; a rule needs one condition at least"),
        (#"[{"name": 3, "conditions": [{"type": "crawler"}], \#(target)}]"#, "rules[0].name: must be a string, got a number"),
        (#"[{"name": "", "conditions": [{"type": "crawler"}], \#(target)}]"#, "rules[0].name: is empty"),
        // targets
        (#"[{"conditions": [{"type": "crawler"}]}]"#, #"rules[0]: needs a 'target': {"url": ...} or {"route": ..., "parameters": {...}}"#),
        (#"[{"conditions": [{"type": "crawler"}], "target": "https://a.example/"}]"#, "rules[0].target: must be an object, got a string"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {}}]"#, "rules[0].target: needs 'url' or 'route'"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "https://a.example/", "route": "x"}}]"#, "rules[0].target: has both 'url' and 'route'; give one"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "https://a.example/", "parameters": {}}}]"#, "rules[0].target.parameters: goes with a route, not a URL"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "javascript:alert(1)"}}]"#, "rules[0].target.url: 'javascript:alert(1)' is not an absolute http or https URL"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "ftp://a.example/x"}}]"#, "rules[0].target.url: 'ftp://a.example/x' is not an absolute http or https URL"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "/sale"}}]"#, "rules[0].target.url: '/sale' is not an absolute http or https URL"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "https:///sale"}}]"#, "rules[0].target.url: 'https:///sale' is not an absolute http or https URL"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"url": "https://a b.example/"}}]"#, "rules[0].target.url: 'https://a b.example/' is not an absolute http or https URL"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"route": ""}}]"#, "rules[0].target.route: is empty"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"route": 7}}]"#, "rules[0].target.route: must be a string, got a number"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"route": "p", "parameters": []}}]"#, "rules[0].target.parameters: must be an object of strings, got an array"),
        (#"[{"conditions": [{"type": "crawler"}], "target": {"route": "p", "parameters": {"id": 42}}}]"#, "rules[0].target.parameters.id: must be a string, got a number"),
        // conditions
        (one(#""crawler""#), "rules[0].conditions[0]: must be an object with a 'type', got a string"),
        (one(#"{"value": "ios"}"#), "rules[0].conditions[0]: needs a 'type' (\(types))"),
        (one(#"{"type": "moon"}"#), "rules[0].conditions[0].type: 'moon' is not a condition type (\(types))"),
        (one(#"{"type": "crawler", "value": 1}"#), "rules[0].conditions[0]: has an unknown member 'value' (known: type)"),
        (one(#"{"type": "platform"}"#), "rules[0].conditions[0].value: is required"),
        (one(#"{"type": "platform", "value": "crawler"}"#), "rules[0].conditions[0].value: 'crawler' is not a platform (ios, android, desktop, other)"),
        (one(#"{"type": "device", "value": "watch"}"#), "rules[0].conditions[0].value: 'watch' is not a device (phone, tablet, desktop)"),
        (one(#"{"type": "os", "value": "beos"}"#), "rules[0].conditions[0].value: 'beos' is not a os (ios, android, macos, windows, linux, chromeos)"),
        (one(#"{"type": "browser", "value": "netscape"}"#), "rules[0].conditions[0].value: 'netscape' is not a browser (safari, chrome, firefox, edge, opera, samsung, other)"),
        (one(#"{"type": "os", "value": "ios", "minVersion": "17.x"}"#), "rules[0].conditions[0].minVersion: '17.x' is not a version (1 to 4 dot-separated numbers, like 17.4)"),
        (one(#"{"type": "os", "value": "ios", "maxVersion": 18}"#), "rules[0].conditions[0].maxVersion: must be a string, got a number"),
        (one(#"{"type": "os", "value": "ios", "minVersion": "18", "maxVersion": "17.9"}"#), "rules[0].conditions[0]: 'minVersion' 18 is above 'maxVersion' 17.9"),
        (one(#"{"type": "appVersion"}"#), "rules[0].conditions[0]: needs 'minVersion', 'maxVersion' or both"),
        (one(#"{"type": "appVersion", "minVersion": "3.1", "maxVersion": "3.0.9"}"#), "rules[0].conditions[0]: 'minVersion' 3.1 is above 'maxVersion' 3.0.9"),
        (one(#"{"type": "appVersion", "minVersion": "1.2.3.4.5"}"#), "rules[0].conditions[0].minVersion: '1.2.3.4.5' is not a version (1 to 4 dot-separated numbers, like 17.4)"),
        (one(#"{"type": "language", "value": "french!"}"#), "rules[0].conditions[0].value: 'french!' is not a language tag (a language of 2 or 3 letters, then optional -subtags: fr, fr-CA, zh-Hant)"),
        (one(#"{"type": "language", "value": "f"}"#), "rules[0].conditions[0].value: 'f' is not a language tag (a language of 2 or 3 letters, then optional -subtags: fr, fr-CA, zh-Hant)"),
        (one(#"{"type": "language", "value": "fr_CA"}"#), "rules[0].conditions[0].value: 'fr_CA' is not a language tag (a language of 2 or 3 letters, then optional -subtags: fr, fr-CA, zh-Hant)"),
        (one(#"{"type": "language", "value": "fr-toolongtag"}"#), "rules[0].conditions[0].value: 'fr-toolongtag' is not a language tag (a language of 2 or 3 letters, then optional -subtags: fr, fr-CA, zh-Hant)"),
        (one(#"{"type": "language", "value": "*"}"#), "rules[0].conditions[0].value: '*' is not a language tag (a language of 2 or 3 letters, then optional -subtags: fr, fr-CA, zh-Hant)"),
        (one(#"{"type": "query", "name": "a", "match": "like"}"#), "rules[0].conditions[0].match: 'like' is not a match (present, equals, absent)"),
        (one(#"{"type": "query", "name": "a"}"#), "rules[0].conditions[0].match: is required"),
        (one(#"{"type": "query", "match": "present"}"#), "rules[0].conditions[0].name: is required"),
        (one(#"{"type": "query", "name": "a", "match": "present", "value": "x"}"#), "rules[0].conditions[0].value: goes with match 'equals' only"),
        (one(#"{"type": "query", "name": "a", "match": "equals"}"#), "rules[0].conditions[0].value: is required"),
        (one(#"{"type": "address", "value": "10.0.0.0/33"}"#), "rules[0].conditions[0].value: '10.0.0.0/33' is not an address range: an IPv4 prefix is 0 to 32 bits"),
        (one(#"{"type": "address", "value": "example.com"}"#), "rules[0].conditions[0].value: 'example.com' is not an address range: write an IPv4 or IPv6 address, optionally with /BITS (10.0.0.0/8, 2001:db8::/32)"),
        (one(#"{"type": "country", "value": "XX1"}"#), "rules[0].conditions[0].value: 'XX1' is not a country code (two letters, ISO 3166-1 alpha-2, like FR)"),
        (one(#"{"type": "country", "value": "F1"}"#), "rules[0].conditions[0].value: 'F1' is not a country code (two letters, ISO 3166-1 alpha-2, like FR)"),
        (one(#"{"type": "country", "value": "FR"}"#), "rules[0].conditions[0]: a country condition needs a country database: start the service with --geoip FILE (GeoLite2 Country or DB-IP Lite)"),
        (one(#"{"type": "before", "value": "tomorrow"}"#), "rules[0].conditions[0].value: 'tomorrow' is not an ISO 8601 instant with a time zone (2026-12-24T00:00:00Z)"),
        (one(#"{"type": "after", "value": "2026-12-24T00:00:00"}"#), "rules[0].conditions[0].value: '2026-12-24T00:00:00' is not an ISO 8601 instant with a time zone (2026-12-24T00:00:00Z)"),
        (#"[{"conditions": [{"type": "crawler"}], \#(target)}, {"conditions": [{"type": "crawler"}, {"type": "country", "value": "XX"}], \#(target)}]"#,
         "rules[1].conditions[1]: a country condition needs a country database: start the service with --geoip FILE (GeoLite2 Country or DB-IP Lite)"),
    ])
    func refusalsNameThePathAndTheProblem(json: String, message: String) {
        #expect(Self.message(json) == message)
    }

    @Test func aCountryCodeIsCheckedBeforeTheDatabase() {
        #expect(Self.message(Self.one(#"{"type": "country", "value": "XX"}"#), countryDatabase: true) == nil, "XX has the shape")
        #expect(Self.message(Self.one(#"{"type": "country", "value": "XYZ"}"#), countryDatabase: true)
                == "rules[0].conditions[0].value: 'XYZ' is not a country code (two letters, ISO 3166-1 alpha-2, like FR)")
    }

    @Test func limitsBoundTheRulesTheirConditionsAndTheirText() {
        let rule = #"{"conditions": [{"type": "crawler"}], \#(Self.target)}"#
        #expect(Self.message("[" + Array(repeating: rule, count: 20).joined(separator: ",") + "]") == nil)
        #expect(Self.message("[" + Array(repeating: rule, count: 21).joined(separator: ",") + "]") == "rules: has 21 rules; a link has 20 at most")
        let ten = Array(repeating: #"{"type": "crawler"}"#, count: 10)
        #expect(Self.message(#"[{"conditions": [\#(ten.joined(separator: ","))], \#(Self.target)}]"#) == nil)
        #expect(Self.message(#"[{"conditions": [\#((ten + [#"{"type": "crawler"}"#]).joined(separator: ","))], \#(Self.target)}]"#)
                == "rules[0].conditions: has 11 conditions; a rule has 10 at most")
        func named(_ length: Int) -> String { #"[{"name": "\#(String(repeating: "é", count: length))", "conditions": [{"type": "crawler"}], \#(Self.target)}]"# }
        #expect(Self.message(named(200)) == nil, "characters, not bytes")
        #expect(Self.message(named(201)) == "rules[0].name: is over 200 characters")
        func equals(_ name: Int, _ value: Int) -> String {
            Self.one(#"{"type": "query", "name": "\#(String(repeating: "n", count: name))", "match": "equals", "value": "\#(String(repeating: "v", count: value))"}"#)
        }
        #expect(Self.message(equals(100, 200)) == nil)
        #expect(Self.message(equals(101, 1)) == "rules[0].conditions[0].name: is over 100 characters")
        #expect(Self.message(equals(1, 201)) == "rules[0].conditions[0].value: is over 200 characters")
        func url(_ length: Int) -> String {
            let prefix = "https://a.example/"
            return #"[{"conditions": [{"type": "crawler"}], "target": {"url": "\#(prefix + String(repeating: "p", count: length - prefix.count))"}}]"#
        }
        #expect(Self.message(url(2048)) == nil)
        #expect(Self.message(url(2049)) == "rules[0].target.url: is over 2048 characters")
        let parameters = (0..<21).map { #""p\#($0)": "v""# }.joined(separator: ",")
        #expect(Self.message(#"[{"conditions": [{"type": "crawler"}], "target": {"route": "r", "parameters": {\#(parameters)}}}]"#)
                == "rules[0].target.parameters: has 21 parameters; 20 at most")
        #expect(Self.message(#"[{"conditions": [{"type": "crawler"}], "target": {"route": "\#(String(repeating: "r", count: 201))"}}]"#)
                == "rules[0].target.route: is over 200 characters")
    }

    @Test func validateChecksRulesBuiltInSwiftAsTheReaderDoes() throws {
        let valid = [
            RedirectRule(name: "French", conditions: [.language("fr"), .os(.ios, minVersion: DottedVersion("17"), maxVersion: nil)],
                         target: .route("product/:id", parameters: ["id": "42"])),
            RedirectRule(conditions: [.query(name: "ref", match: .equals("mail")), .address("10.0.0.0/8")], target: .url("https://a.example/")),
        ]
        try RedirectRule.validate(valid, countryDatabase: false)
        func refusal(_ rules: [RedirectRule], countryDatabase: Bool = false) -> String? {
            do {
                try RedirectRule.validate(rules, countryDatabase: countryDatabase)
                return nil
            } catch {
                return error.message
            }
        }
        let url = RuleTarget.url("https://a.example/")
        #expect(refusal(valid + [RedirectRule(conditions: [.crawler, .country("FR")], target: url)])
                == "rules[2].conditions[1]: a country condition needs a country database: start the service with --geoip FILE (GeoLite2 Country or DB-IP Lite)")
        #expect(refusal([RedirectRule(conditions: [.country("FR")], target: url)], countryDatabase: true) == nil)
        #expect(refusal([RedirectRule(conditions: [.country("France")], target: url)], countryDatabase: true)
                == "rules[0].conditions[0].value: 'France' is not a country code (two letters, ISO 3166-1 alpha-2, like FR)")
        #expect(refusal([RedirectRule(conditions: [], target: url)]) == "rules[0].conditions: is empty; a rule needs one condition at least")
        #expect(refusal([RedirectRule(conditions: [.language("english")], target: url)])
                == "rules[0].conditions[0].value: 'english' is not a language tag (a language of 2 or 3 letters, then optional -subtags: fr, fr-CA, zh-Hant)")
        #expect(refusal([RedirectRule(conditions: [.appVersion(minVersion: nil, maxVersion: nil)], target: url)])
                == "rules[0].conditions[0]: needs 'minVersion', 'maxVersion' or both")
        #expect(refusal([RedirectRule(conditions: [.os(.ios, minVersion: DottedVersion("18"), maxVersion: DottedVersion("17"))], target: url)])
                == "rules[0].conditions[0]: 'minVersion' 18 is above 'maxVersion' 17")
        #expect(refusal([RedirectRule(conditions: [.query(name: "", match: .present)], target: url)]) == "rules[0].conditions[0].name: is empty")
        #expect(refusal([RedirectRule(conditions: [.crawler], target: .url("mailto:a@b.example"))])
                == "rules[0].target.url: 'mailto:a@b.example' is not an absolute http or https URL")
        #expect(refusal([RedirectRule(conditions: [.crawler], target: .route("", parameters: [:]))]) == "rules[0].target.route: is empty")
        #expect(refusal(Array(repeating: valid[0], count: 21)) == "rules: has 21 rules; a link has 20 at most")
    }

    /// Every condition type, a name, both targets, versions as written and instants with offsets.
    static let everything = #"""
        [{"name": "all", "conditions": [{"type": "platform", "value": "ios"}, {"type": "device", "value": "phone"},
          {"type": "os", "value": "ios", "minVersion": "17.0", "maxVersion": "18.2"}, {"type": "browser", "value": "safari"},
          {"type": "language", "value": "FR-ca"}, {"type": "query", "name": "a", "match": "equals", "value": "b"},
          {"type": "address", "value": "2001:db8::/32"}, {"type": "country", "value": "fr"},
          {"type": "before", "value": "2030-01-01T00:00:00.250Z"}, {"type": "after", "value": "2029-01-01T01:00:00+01:00"}],
          "target": {"route": "product", "parameters": {"id": "9"}}},
         {"conditions": [{"type": "appVersion", "minVersion": "2"}, {"type": "crawler"}, {"type": "query", "name": "x", "match": "absent"},
                         {"type": "query", "name": "y", "match": "present"}], "target": {"url": "https://a.example/x?y=1"}},
         {"conditions": [{"type": "language", "value": "zh-hant-tw"}], "target": {"route": "home"}}]
        """#

    @Test func rulesRoundTripThroughTheirStoredText() throws {
        let rules = try Fixtures.rules(Self.everything)
        let stored = RedirectRule.storedText(rules)
        #expect(try RedirectRule.stored(stored) == rules)
        #expect(stored.contains(#""value":"fr-CA""#) && stored.contains(#""value":"zh-Hant-TW""#), "language tags in their usual case")
        #expect(stored.contains(#""value":"FR""#), "country codes uppercase")
        #expect(stored.contains(#""minVersion":"17.0""#), "versions as written")
        #expect(stored.contains("2030-01-01T00:00:00.250Z") && stored.contains("2029-01-01T00:00:00Z"), "instants in UTC")
        #expect(rules[2].target == .route("home", parameters: [:]), "parameters are optional")
        #expect(throws: RuleError("rules", "the stored rules are not JSON: unexpected end of input, expected a value at line 1, column 2")) {
            try RedirectRule.stored("[")
        }
    }

    @Test func rulesRoundTripThroughCodable() throws {
        let rules = try Fixtures.rules(Self.everything)
        let data = try JSONEncoder().encode(rules)
        #expect(try JSONDecoder().decode([RedirectRule].self, from: data) == rules)
        #expect(try Fixtures.rules(String(decoding: data, as: UTF8.self)) == rules, "the encoder writes the API's shape")
        let condition = try JSONDecoder().decode(RuleCondition.self, from: Data(#"{"type": "query", "name": "ref", "match": "present"}"#.utf8))
        #expect(condition == .query(name: "ref", match: .present))
        #expect(try JSONDecoder().decode(RuleTarget.self, from: JSONEncoder().encode(RuleTarget.url("https://a.example/"))) == .url("https://a.example/"))
    }

    struct Body: Decodable {
        var rules: [RedirectRule]
    }

    static func decodingMessage<T: Decodable>(_ type: T.Type, _ json: String) -> String? {
        do {
            _ = try JSONDecoder().decode(type, from: Data(json.utf8))
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {
            return "another error: \(error)"
        }
    }

    @Test func decodingErrorsGiveTheReadersMessageAtTheirPath() {
        #expect(Self.decodingMessage(Body.self, #"{"rules": [{"conditions": [{"type": "crawler"}], \#(Self.target)}, {"conditions": [{"type": "moon"}], \#(Self.target)}]}"#)
                == "rules[1].conditions[0].type: 'moon' is not a condition type (\(Self.types))")
        #expect(Self.decodingMessage([RedirectRule].self, #"[{"conditions": [{"type": "crawler"}], "target": {"url": "https://a.example/", "route": "x"}}]"#)
                == "rules[0].target: has both 'url' and 'route'; give one")
        #expect(Self.decodingMessage(RedirectRule.self, #"{"conditions": [{"type": "os", "value": "ios", "minVersion": "x"}], \#(Self.target)}"#)
                == "rule.conditions[0].minVersion: 'x' is not a version (1 to 4 dot-separated numbers, like 17.4)")
        #expect(Self.decodingMessage(RuleCondition.self, #"{"type": "sun"}"#) == "condition.type: 'sun' is not a condition type (\(Self.types))")
        #expect(Self.decodingMessage(RuleTarget.self, #"{"route": "p", "url": "https://a.example/"}"#) == "target: has both 'url' and 'route'; give one")
        #expect(Self.decodingMessage(RuleTarget.self, #"{}"#) == "target: needs 'url' or 'route'")
        #expect(Self.decodingMessage(RedirectRule.self, #"{"conditions": [{"type": "country", "value": "GB"}], \#(Self.target)}"#) == nil,
                "decoding takes country conditions (validate refuses them without a database)")
    }
}
