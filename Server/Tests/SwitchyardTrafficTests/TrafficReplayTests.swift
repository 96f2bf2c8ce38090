import Foundation
import SwitchyardRules
import SwitchyardTraffic
import Testing

/// A morning of clicks on one campaign link, replayed through the façade.
@Suite struct TrafficReplayTests {
    struct Click {
        var seconds: Double
        var link = "spring-sale"
        var method = "GET"
        var userAgent: String?
        var referrer: String?
        var headers: [String: String] = [:]
        var address: String?
        /// What the click should count as, and the robot test's reason code.
        var expected: ClickClass
        var reason: String? = nil
    }

    static let sent = 0.0  // the campaign mail goes out
    static let alice = (address: "198.51.100.10", userAgent: UserAgents.iPhoneSafari)
    static let bob = (address: "203.0.113.20", userAgent: UserAgents.androidChrome)

    static let stream: [Click] = [
        // Mail scanners open every link within seconds of sending.
        Click(seconds: 1, userAgent: "Mozilla/5.0 (compatible; Barracuda Sentinel (EE))", address: "209.222.82.10", expected: .bot, reason: "user_agent"),
        Click(seconds: 2, userAgent: "Microsoft Office Existence Discovery", address: "52.112.49.104", expected: .bot, reason: "user_agent"),
        Click(seconds: 2, userAgent: UserAgents.windowsChrome, address: "40.107.5.9", expected: .bot, reason: "address"),
        Click(seconds: 3, userAgent: UserAgents.windowsChrome, address: "148.163.150.20", expected: .bot, reason: "address"),
        Click(seconds: 3, userAgent: UserAgents.windowsChrome, address: "205.139.110.44", expected: .bot, reason: "address"),
        Click(seconds: 4, userAgent: UserAgents.windowsChrome, referrer: "https://security-za.m.mimecastprotect.com/s/abc",
              address: "196.22.1.9", expected: .bot, reason: "referrer"),
        // A link checker's HEAD probe.
        Click(seconds: 5, method: "HEAD", userAgent: UserAgents.windowsChrome, address: "192.0.2.200", expected: .bot, reason: "head"),
        // The link is shared in chats: the preview crawlers fetch it.
        Click(seconds: 60, userAgent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", address: "31.13.103.1", expected: .bot, reason: "user_agent"),
        Click(seconds: 61, userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", address: "3.90.1.1", expected: .bot, reason: "user_agent"),
        Click(seconds: 62, userAgent: "WhatsApp/2.23.20.0 A", address: "157.240.1.1", expected: .bot, reason: "user_agent"),
        // An uptime monitor, every five minutes.
        Click(seconds: 120, userAgent: "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", address: "216.144.250.150", expected: .bot, reason: "user_agent"),
        Click(seconds: 420, userAgent: "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", address: "216.144.250.150", expected: .bot, reason: "user_agent"),
        // Alice taps three times within a minute.
        Click(seconds: 300, userAgent: alice.userAgent, address: alice.address, expected: .human),
        Click(seconds: 320, userAgent: alice.userAgent, address: alice.address, expected: .duplicate),
        Click(seconds: 340, userAgent: alice.userAgent, address: alice.address, expected: .duplicate),
        // Bob's Chrome prefetches the link from a search page, then he taps it: the prefetch is a
        // robot's request and does not make his tap a duplicate.
        Click(seconds: 590, userAgent: bob.userAgent, headers: ["Sec-Purpose": "prefetch"], address: bob.address, expected: .bot, reason: "prefetch"),
        Click(seconds: 600, userAgent: bob.userAgent, address: bob.address, expected: .human),
        // Erin shares Bob's home address (one NAT) with an iPhone: another person.
        Click(seconds: 610, userAgent: UserAgents.iPhoneSafari, address: bob.address, expected: .human),
        // Carol on IPv6; her phone moves to another address in the same /64.
        Click(seconds: 720, userAgent: UserAgents.iPhoneSafari, address: "2001:db8:1:2::abcd", expected: .human),
        Click(seconds: 780, userAgent: UserAgents.iPhoneSafari, address: "2001:db8:1:2:8d3c:11ff:fe00:1", expected: .duplicate),
        // Dave in Facebook's in-app browser; Frank on Samsung Internet.
        Click(seconds: 1_200, userAgent: UserAgents.facebookInApp, address: "192.0.2.33", expected: .human),
        Click(seconds: 1_500, userAgent: UserAgents.samsungInternet, address: "203.0.113.77", expected: .human),
        // Alice opens another link of the campaign: its own count.
        Click(seconds: 1_800, link: "summer-preview", userAgent: alice.userAgent, address: alice.address, expected: .human),
        // Alice again, 61 minutes after her first tap.
        Click(seconds: 300 + 61 * 60, userAgent: alice.userAgent, address: alice.address, expected: .human),
    ]

    @Test func theMorningIsCountedAsPeopleWouldBe() throws {
        let traffic = TrafficClassifier()
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        var classes: [ClickClass] = []
        for click in Self.stream {
            let result = traffic.classification(
                link: click.link, method: click.method, userAgent: click.userAgent, referrer: click.referrer,
                headers: { name in click.headers.first { $0.key.lowercased() == name.lowercased() }?.value },
                address: click.address.flatMap { IPAddress($0) }, at: start + Self.sent + click.seconds
            )
            #expect(result.clickClass == click.expected, "\(click.seconds) s: \(click.userAgent ?? "-") from \(click.address ?? "-")")
            #expect(result.bot?.code == click.reason, "\(click.seconds) s: \(String(describing: result.bot))")
            classes.append(result.clickClass)
        }
        let onSale = zip(Self.stream, classes).filter { $0.0.link == "spring-sale" }
        let raw = onSale.count
        let humans = onSale.filter { $0.1 == .human }.count
        let duplicates = onSale.filter { $0.1 == .duplicate }.count
        let bots = onSale.filter { $0.1 == .bot }.count
        // Unique visitors: the people behind human and duplicate clicks, by address (an IPv6
        // subscriber's /64) and user agent.
        let unique = Set(onSale.filter { $0.1 != .bot }.map { click, _ in
            "\(try! #require(IPAddress(click.address!)).clientKey) \(click.userAgent!)"
        }).count
        #expect(raw == 23)
        #expect(bots == 13)
        #expect(duplicates == 3)
        #expect(humans == 7)   // Alice twice (an hour apart), Bob, Erin, Carol, Dave, Frank
        #expect(unique == 6)
        #expect(raw == bots + duplicates + humans)
    }

    @Test func aClickWithoutAnAddressIsNeverADuplicate() {
        let traffic = TrafficClassifier()
        let now = Date()
        #expect(traffic.classify(link: "l", method: "GET", userAgent: UserAgents.iPhoneSafari, referrer: nil, address: nil, at: now) == .human)
        #expect(traffic.classify(link: "l", method: "GET", userAgent: UserAgents.iPhoneSafari, referrer: nil, address: nil, at: now) == .human)
    }

    @Test func aBotNeverEntersTheWindow() {
        let window = DuplicateWindow()
        let traffic = TrafficClassifier(duplicates: window)
        let address = IPAddress("198.51.100.9")
        let now = Date()
        #expect(traffic.classify(link: "l", method: "HEAD", userAgent: UserAgents.iPhoneSafari, referrer: nil, address: address, at: now) == .bot)
        #expect(traffic.classify(link: "l", method: "GET", userAgent: "curl/8", referrer: nil, address: address, at: now) == .bot)
        #expect(window.count == 0)
        #expect(traffic.classify(link: "l", method: "GET", userAgent: UserAgents.iPhoneSafari, referrer: nil, address: address, at: now) == .human)
        #expect(window.count == 1)
    }
}
