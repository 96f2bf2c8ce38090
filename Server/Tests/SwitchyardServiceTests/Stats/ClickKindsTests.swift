import CommandTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import SwitchyardGeoIP
import HummingbirdTesting
@testable import SwitchyardStore
import Testing
@testable import SwitchyardService

/// Which clicks count (issue 55), over a real socket on every store: a replay of a campaign's
/// first minutes — mail scanners, a HEAD probe, a preview crawler, one person tapping three
/// times, two other people — gives the raw, human and unique figures it should, in the link's
/// stats, the team's, and the raw rows.
@Suite struct ClickKindsTests {
    static let windowsChrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"

    /// One request of the replay: who sends it, from where, and how it should count.
    struct Open {
        var method: HTTPRequest.Method = .get
        var userAgent: String
        var address: String
        var expected: Click.Kind
    }

    static let replay: [Open] = [
        // The mail goes out: scanners open the link within seconds, by user agent and by address range.
        Open(userAgent: "Mozilla/5.0 (compatible; Barracuda Sentinel (EE))", address: "209.222.82.10", expected: .bot),
        Open(userAgent: windowsChrome, address: "40.107.5.9", expected: .bot),
        // A link checker's HEAD.
        Open(method: .head, userAgent: windowsChrome, address: "192.0.2.200", expected: .bot),
        // A chat's preview crawler.
        Open(userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", address: "3.90.1.1", expected: .bot),
        // Alice taps three times.
        Open(userAgent: Agents.iPhone, address: "198.51.100.10", expected: .human),
        Open(userAgent: Agents.iPhone, address: "198.51.100.10", expected: .duplicate),
        Open(userAgent: Agents.iPhone, address: "198.51.100.10", expected: .duplicate),
        // Bob on Android; Carol on IPv6.
        Open(userAgent: Agents.android, address: "203.0.113.20", expected: .human),
        Open(userAgent: Agents.iPhone, address: "2001:db8:1:2::abcd", expected: .human),
    ]

    @Test(arguments: StoreKind.available)
    func aReplayedCampaignCountsRawHumanAndUniqueClicks(kind: StoreKind) async throws {
        var configuration = Harness.configuration()
        configuration.trustedProxies = ["127.0.0.1", "::1"]
        // A generated MaxMind database: Alice's network in GB, Bob's in FR, the others in none.
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("GeoLite2-Country.mmdb").path
        try GeoIPFixture.write(to: path, ["198.51.100.0/24": "GB", "203.0.113.0/24": "FR"])
        configuration.countryLookup = try GeoIPDatabase(path: path)
        try await Harness.live(kind, configuration: configuration) { client, harness in
            let code = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/"}}"#)["code"]?.stringValue)
            for open in Self.replay {
                let answer = try await client.executeRequest(uri: "/\(code)", method: open.method,
                                                             headers: [.userAgent: open.userAgent, .xForwardedFor: open.address], body: nil)
                #expect(answer.status.code < 400, "\(open.method) from \(open.address): \(answer.status)")
            }
            await harness.recorder.flush()

            let raw = Self.replay.count
            let human = Self.replay.count { $0.expected != .bot }
            let unique = Self.replay.count { $0.expected == .human }
            #expect((raw, human, unique) == (9, 5, 3))
            let totals = try #require(try await client.send(.get, "/api/v1/links/\(code)/stats?days=1").json()["totals"])
            #expect(totals["clicks"]?["total"]?.intValue == raw)
            #expect(totals["humanClicks"]?.intValue == human)
            #expect(totals["uniqueClicks"]?.intValue == unique)
            let team = try await client.send(.get, "/api/v1/stats?days=1").json()
            #expect(team["totals"]?["humanClicks"]?.intValue == human)
            let link = try #require(team["links"]?.arrayValue?.first { $0["code"]?.stringValue == code })
            #expect(link["clicks"]?.intValue == raw && link["humanClicks"]?.intValue == human && link["uniqueClicks"]?.intValue == unique)
            // By country: the address is looked up once and only its country kept.
            let countries = try await client.send(.get, "/api/v1/links/\(code)/stats?days=1").json()["countries"]
            #expect(countries == [["country": "unknown", "clicks": 5, "humanClicks": 1, "uniqueClicks": 1],
                                  ["country": "GB", "clicks": 3, "humanClicks": 3, "uniqueClicks": 1],
                                  ["country": "FR", "clicks": 1, "humanClicks": 1, "uniqueClicks": 1]])
            if let memory = harness.store as? InMemoryLinkStore {
                let kinds = await memory.clicks[code]?.map(\.kind)
                #expect(kinds == Self.replay.map(\.expected), "each raw click keeps its kind, in order")
                let kept = await memory.clicks[code]?.map(\.country)
                #expect(kept == [nil, nil, nil, nil, "GB", "GB", "GB", "FR", nil])
            }
        }
    }

    /// Without a country database every click is of unknown country: a figure, never an error.
    @Test func withoutACountryDatabaseEveryClickIsUnknown() async throws {
        try await Harness.live(.memory) { client, harness in
            let code = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/"}}"#)["code"]?.stringValue)
            _ = try await client.open(code, userAgent: Agents.iPhone)
            _ = try await client.open(code, userAgent: Agents.android)
            await harness.recorder.flush()
            let stats = try await client.send(.get, "/api/v1/links/\(code)/stats?days=1")
            #expect(stats.status == .ok)
            #expect(try stats.json()["countries"] == [["country": "unknown", "clicks": 2, "humanClicks": 2, "uniqueClicks": 2]])
        }
    }
}
