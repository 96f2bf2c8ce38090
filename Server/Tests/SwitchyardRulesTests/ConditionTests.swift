import Foundation
import Switchyard
@testable import SwitchyardRules
import Testing

/// Each condition type holding and failing, on real requests, with the reason explain gives.
@Suite struct ConditionTests {
    typealias Agents = Fixtures.Agents
    @Test func platformAndCrawler() throws {
        #expect(try Fixtures.holds(#"{"type": "platform", "value": "ios"}"#, Fixtures.request(platform: .ios)))
        #expect(try !Fixtures.holds(#"{"type": "platform", "value": "ios"}"#, Fixtures.request(platform: .android)))
        #expect(try !Fixtures.holds(#"{"type": "platform", "value": "desktop"}"#, Fixtures.request(platform: .crawler)),
                "a crawler is no platform")
        #expect(try Fixtures.holds(#"{"type": "crawler"}"#, Fixtures.request(platform: .crawler)))
        #expect(try !Fixtures.holds(#"{"type": "crawler"}"#, Fixtures.request(platform: .desktop)))
    }

    @Test(arguments: [
        (#"{"type": "device", "value": "tablet"}"#, Agents.iPad, true), (#"{"type": "device", "value": "tablet"}"#, Agents.iPhone, false),
        (#"{"type": "device", "value": "tablet"}"#, Agents.androidTablet, true), (#"{"type": "device", "value": "phone"}"#, Agents.samsung, true),
        (#"{"type": "device", "value": "desktop"}"#, Agents.macSafari, true), (#"{"type": "device", "value": "phone"}"#, Agents.windowsEdge, false),
        (#"{"type": "os", "value": "ios"}"#, Agents.iPad, true), (#"{"type": "os", "value": "android"}"#, Agents.iPhone, false),
        (#"{"type": "os", "value": "ios", "minVersion": "17"}"#, Agents.iPhone17, true),
        (#"{"type": "os", "value": "ios", "minVersion": "17"}"#, Agents.iPad, false),
        (#"{"type": "os", "value": "ios", "minVersion": "26"}"#, Agents.iPhone, true),
        (#"{"type": "os", "value": "ios", "maxVersion": "17.4.1"}"#, Agents.iPhone17, true),
        (#"{"type": "os", "value": "ios", "maxVersion": "17.4"}"#, Agents.iPhone17, false),
        (#"{"type": "os", "value": "ios", "minVersion": "17.4.1", "maxVersion": "17.4.1"}"#, Agents.iPhone17, true),
        (#"{"type": "os", "value": "android", "minVersion": "14"}"#, Agents.androidChrome, true),
        (#"{"type": "os", "value": "android", "minVersion": "14"}"#, Agents.androidTablet, false),
        (#"{"type": "os", "value": "macos"}"#, Agents.macChrome, true), (#"{"type": "os", "value": "windows"}"#, Agents.opera, true),
        (#"{"type": "os", "value": "linux"}"#, Agents.linuxFirefox, true), (#"{"type": "os", "value": "linux"}"#, Agents.androidChrome, false),
        (#"{"type": "os", "value": "linux", "minVersion": "1"}"#, Agents.linuxFirefox, false),
        (#"{"type": "os", "value": "chromeos"}"#, Agents.chromebook, true),
        (#"{"type": "browser", "value": "safari"}"#, Agents.iPhone, true), (#"{"type": "browser", "value": "safari"}"#, Agents.chromeOnIPhone, false),
        (#"{"type": "browser", "value": "chrome"}"#, Agents.chromeOnIPhone, true), (#"{"type": "browser", "value": "chrome"}"#, Agents.samsung, false),
        (#"{"type": "browser", "value": "samsung"}"#, Agents.samsung, true), (#"{"type": "browser", "value": "firefox"}"#, Agents.firefoxOnIPhone, true),
        (#"{"type": "browser", "value": "edge"}"#, Agents.windowsEdge, true), (#"{"type": "browser", "value": "chrome"}"#, Agents.windowsEdge, false),
        (#"{"type": "browser", "value": "safari"}"#, Agents.macSafari, true), (#"{"type": "browser", "value": "safari"}"#, Agents.androidStock, false),
        (#"{"type": "browser", "value": "other"}"#, Agents.curl, true), (#"{"type": "browser", "value": "opera"}"#, Agents.opera, true),
    ])
    func userAgentConditions(condition: String, agent: String, expected: Bool) throws {
        #expect(try Fixtures.holds(condition, Fixtures.request(agent)) == expected)
    }

    @Test func language() throws {
        let french = #"{"type": "language", "value": "fr"}"#
        #expect(try Fixtures.holds(french, Fixtures.request(language: "fr-CH, fr;q=0.9, en;q=0.8")))
        #expect(try !Fixtures.holds(french, Fixtures.request(language: "en-US,en;q=0.9")))
        #expect(try !Fixtures.holds(french, Fixtures.request()))
        #expect(try Fixtures.holds(#"{"type": "language", "value": "fr-CA"}"#, Fixtures.request(language: "en, fr-ca;q=0.4")))
        #expect(try !Fixtures.holds(#"{"type": "language", "value": "fr-CA"}"#, Fixtures.request(language: "fr-FR, fr")))
    }

    @Test func query() throws {
        let query = [(name: "ref", value: "mail"), (name: "utm", value: ""), (name: "ref", value: "spring")]
        #expect(try Fixtures.holds(#"{"type": "query", "name": "ref", "match": "equals", "value": "mail"}"#, Fixtures.request(query: query)))
        #expect(try Fixtures.holds(#"{"type": "query", "name": "ref", "match": "equals", "value": "spring"}"#, Fixtures.request(query: query)),
                "any of a repeated parameter's values")
        #expect(try !Fixtures.holds(#"{"type": "query", "name": "ref", "match": "equals", "value": "Mail"}"#, Fixtures.request(query: query)))
        #expect(try !Fixtures.holds(#"{"type": "query", "name": "Ref", "match": "present"}"#, Fixtures.request(query: query)), "names are exact")
        #expect(try Fixtures.holds(#"{"type": "query", "name": "utm", "match": "present"}"#, Fixtures.request(query: query)), "empty is present")
        #expect(try !Fixtures.holds(#"{"type": "query", "name": "x", "match": "present"}"#, Fixtures.request(query: query)))
        #expect(try Fixtures.holds(#"{"type": "query", "name": "x", "match": "absent"}"#, Fixtures.request(query: query)))
        #expect(try !Fixtures.holds(#"{"type": "query", "name": "ref", "match": "absent"}"#, Fixtures.request(query: query)))
        #expect(try Fixtures.holds(#"{"type": "query", "name": "x", "match": "absent"}"#, Fixtures.request()))
    }

    @Test(arguments: [
        ("203.0.113.0/24", "203.0.113.77", true), ("203.0.113.0/24", "203.0.114.1", false), ("203.0.113.7", "203.0.113.7", true),
        ("203.0.113.0/24", "::ffff:203.0.113.9", true), ("203.0.113.0/24", "2001:db8::1", false),
        ("2001:db8::/32", "2001:db8:1::5", true), ("2001:db8::/32", "2001:db9::5", false), ("2001:db8::/32", "203.0.113.1", false),
        ("2001:db8:0:1::/64", "2001:db8:0:1:ffff::1", true), ("2001:db8:0:1::/64", "2001:db8:0:2::1", false),
    ])
    func address(range: String, address: String, expected: Bool) throws {
        #expect(try Fixtures.holds(#"{"type": "address", "value": "\#(range)"}"#, Fixtures.request(address: address)) == expected)
    }

    @Test func anUnknownAddressIsInNoRange() throws {
        #expect(try !Fixtures.holds(#"{"type": "address", "value": "0.0.0.0/0"}"#, Fixtures.request()))
    }

    @Test func country() throws {
        #expect(try Fixtures.holds(#"{"type": "country", "value": "fr"}"#, Fixtures.request(country: "FR")))
        #expect(try Fixtures.holds(#"{"type": "country", "value": "FR"}"#, Fixtures.request(country: "fr")), "either case")
        #expect(try !Fixtures.holds(#"{"type": "country", "value": "FR"}"#, Fixtures.request(country: "DE")))
        #expect(try !Fixtures.holds(#"{"type": "country", "value": "FR"}"#, Fixtures.request(country: nil)))
        let noDatabase = RuleRequest(platform: .ios, now: Fixtures.now, country: { "FR" })
        #expect(try !Fixtures.holds(#"{"type": "country", "value": "FR"}"#, noDatabase), "without a database, no country")
    }

    @Test func beforeAndAfterAtTheInstant() throws {
        let instant = Fixtures.now
        let before = #"{"type": "before", "value": "2030-03-17T17:46:40Z"}"#, after = #"{"type": "after", "value": "2030-03-17T17:46:40Z"}"#
        #expect(try !Fixtures.holds(before, Fixtures.request(now: instant)), "before: not at the instant")
        #expect(try Fixtures.holds(before, Fixtures.request(now: instant.addingTimeInterval(-0.001))))
        #expect(try Fixtures.holds(after, Fixtures.request(now: instant)), "after: from the instant")
        #expect(try !Fixtures.holds(after, Fixtures.request(now: instant.addingTimeInterval(-0.001))))
        let offset = #"{"type": "after", "value": "2030-03-17T18:46:40.500+01:00"}"#
        #expect(try !Fixtures.holds(offset, Fixtures.request(now: instant)), "an offset and fractional seconds")
        #expect(try Fixtures.holds(offset, Fixtures.request(now: instant.addingTimeInterval(0.5))))
    }

    @Test func appVersion() throws {
        let bounded = #"{"type": "appVersion", "minVersion": "2.0", "maxVersion": "3.1"}"#
        #expect(try Fixtures.holds(bounded, Fixtures.request(release: .ios(DottedVersion("2.5")!))))
        #expect(try Fixtures.holds(bounded, Fixtures.request(release: .ios(DottedVersion("2")!))), "inclusive, 2 is 2.0")
        #expect(try Fixtures.holds(bounded, Fixtures.request(release: .ios(DottedVersion("3.1.0")!))), "inclusive, 3.1.0 is 3.1")
        #expect(try !Fixtures.holds(bounded, Fixtures.request(release: .ios(DottedVersion("3.1.1")!))))
        #expect(try !Fixtures.holds(bounded, Fixtures.request(release: .ios(DottedVersion("1.9.9")!))))
        #expect(try !Fixtures.holds(bounded, Fixtures.request()), "no release: it does not hold")
        let android = #"{"type": "appVersion", "minVersion": "230", "maxVersion": "300"}"#
        #expect(try Fixtures.holds(android, Fixtures.request(release: .android(versionCode: 230))))
        #expect(try Fixtures.holds(android, Fixtures.request(release: .android(versionCode: 300))))
        #expect(try !Fixtures.holds(android, Fixtures.request(release: .android(versionCode: 229))))
        #expect(try !Fixtures.holds(#"{"type": "appVersion", "maxVersion": "300.1"}"#, Fixtures.request(release: .android(versionCode: 301))))
        #expect(try Fixtures.holds(#"{"type": "appVersion", "maxVersion": "300.1"}"#, Fixtures.request(release: .android(versionCode: 300))))
        #expect(try Fixtures.holds(#"{"type": "appVersion", "minVersion": "230"}"#, Fixtures.request(release: .android(versionCode: 2_000_000_000))),
               "a ten-digit versionCode")
    }

    static let iOS16 = Fixtures.request(Agents.iPad, platform: .ios, language: "en-US,en;q=0.9", address: "198.51.100.4", country: "DE",
                                        now: Date(timeIntervalSince1970: 1_798_156_800))  // 2026-12-25T00:00:00Z

    @Test(arguments: [
        (#"{"type": "platform", "value": "android"}"#, "the request is from ios, not android"),
        (#"{"type": "device", "value": "phone"}"#, "the user agent ('\(Agents.iPad.prefix(120))') is a tablet, not a phone"),
        (#"{"type": "os", "value": "ios", "minVersion": "17.0"}"#, "iOS 16.6 is below 17.0"),
        (#"{"type": "os", "value": "ios", "maxVersion": "16.5"}"#, "iOS 16.6 is above 16.5"),
        (#"{"type": "os", "value": "android"}"#, "the user agent ('\(Agents.iPad.prefix(120))') runs iOS, not Android"),
        (#"{"type": "browser", "value": "chrome"}"#, "the browser is safari, not chrome"),
        (#"{"type": "language", "value": "fr"}"#, "Accept-Language 'en-US,en;q=0.9' does not accept fr"),
        (#"{"type": "query", "name": "ref", "match": "present"}"#, "query ref is absent"),
        (#"{"type": "query", "name": "ref", "match": "equals", "value": "spring"}"#, "query ref is absent"),
        (#"{"type": "address", "value": "203.0.113.0/24"}"#, "the client address 198.51.100.4 is not in 203.0.113.0/24"),
        (#"{"type": "country", "value": "FR"}"#, "the client address's country is DE, not FR"),
        (#"{"type": "before", "value": "2026-12-24T00:00:00Z"}"#, "2026-12-24T00:00:00Z has passed (it is 2026-12-25T00:00:00Z)"),
        (#"{"type": "after", "value": "2026-12-26T00:00:00Z"}"#, "2026-12-26T00:00:00Z has not come (it is 2026-12-25T00:00:00Z)"),
        (#"{"type": "appVersion", "minVersion": "2"}"#, "the request does not say its app version (Switchyard-App-Version)"),
        (#"{"type": "crawler"}"#, "the request is not a link-preview crawler's"),
    ])
    func reasonsSayWhatTheRequestHas(condition: String, reason: String) throws {
        #expect(try Fixtures.reason(condition, Self.iOS16) == reason)
    }

    @Test func moreReasons() throws {
        let query = Fixtures.request(query: [(name: "ref", value: "mail"), (name: "ref", value: "fall")])
        #expect(try Fixtures.reason(#"{"type": "query", "name": "ref", "match": "equals", "value": "spring"}"#, query)
                == "query ref is 'mail', 'fall', not 'spring'")
        #expect(try Fixtures.reason(#"{"type": "query", "name": "ref", "match": "absent"}"#, query) == "query ref is present")
        #expect(try Fixtures.reason(#"{"type": "language", "value": "fr"}"#, Fixtures.request()) == "the request has no Accept-Language")
        #expect(try Fixtures.reason(#"{"type": "platform", "value": "ios"}"#, Fixtures.request(platform: .crawler))
                == "the request is from a link-preview crawler, not ios")
        #expect(try Fixtures.reason(#"{"type": "os", "value": "linux", "minVersion": "5"}"#, Fixtures.request(Agents.linuxFirefox))
                == "the user agent gives no Linux version to compare")
        #expect(try Fixtures.reason(#"{"type": "os", "value": "ios"}"#, Fixtures.request()) == "the user agent (no user agent) runs no OS it names, not iOS")
        #expect(try Fixtures.reason(#"{"type": "address", "value": "::/0"}"#, Fixtures.request()) == "the client's address is unknown")
        #expect(try Fixtures.reason(#"{"type": "country", "value": "FR"}"#, Fixtures.request()) == "the client address's country is unknown")
        #expect(try Fixtures.reason(#"{"type": "country", "value": "FR"}"#, RuleRequest(platform: .ios, now: Fixtures.now))
                == "no country database: start the service with --geoip FILE")
        #expect(try Fixtures.reason(#"{"type": "appVersion", "minVersion": "230"}"#, Fixtures.request(release: .android(versionCode: 229)))
                == "app version 229 is below 230")
        #expect(try Fixtures.reason(#"{"type": "appVersion", "maxVersion": "3.1"}"#, Fixtures.request(release: .ios(DottedVersion("3.2.0")!)))
                == "app version 3.2.0 is above 3.1")
        #expect(try Fixtures.reason(#"{"type": "before", "value": "2030-03-17T17:46:40.250Z"}"#, Fixtures.request(now: Fixtures.now.addingTimeInterval(1)))
                == "2030-03-17T17:46:40.250Z has passed (it is 2030-03-17T17:46:41Z)")
    }

    @Test(arguments: [
        (#"{"type": "platform", "value": "ios"}"#, "platform is ios"), (#"{"type": "device", "value": "tablet"}"#, "device is a tablet"),
        (#"{"type": "os", "value": "ios", "minVersion": "17"}"#, "OS is iOS 17 or later"),
        (#"{"type": "os", "value": "android", "minVersion": "12", "maxVersion": "14"}"#, "OS is Android 12 to 14"),
        (#"{"type": "os", "value": "macos"}"#, "OS is macOS"), (#"{"type": "browser", "value": "edge"}"#, "browser is edge"),
        (#"{"type": "language", "value": "fr"}"#, "language is fr"), (#"{"type": "language", "value": "FR-ca"}"#, "language is fr-CA"),
        (#"{"type": "query", "name": "ref", "match": "equals", "value": "spring"}"#, "query ref equals spring"),
        (#"{"type": "query", "name": "ref", "match": "present"}"#, "query ref is present"),
        (#"{"type": "query", "name": "ref", "match": "absent"}"#, "query ref is absent"),
        (#"{"type": "address", "value": "10.0.0.0/8"}"#, "address in 10.0.0.0/8"), (#"{"type": "country", "value": "fr"}"#, "country is FR"),
        (#"{"type": "before", "value": "2026-12-24T00:00:00Z"}"#, "before 2026-12-24T00:00:00Z"),
        (#"{"type": "after", "value": "2026-12-24T01:00:00+01:00"}"#, "from 2026-12-24T00:00:00Z"),
        (#"{"type": "appVersion", "maxVersion": "3.1"}"#, "app version 3.1 or earlier"), (#"{"type": "crawler"}"#, "a link-preview crawler"),
    ])
    func summariesSayTheConditionInWords(condition: String, summary: String) throws {
        let read = try Fixtures.condition(condition)
        #expect(read.summary == summary)
        #expect(read.description == summary)
    }
}
