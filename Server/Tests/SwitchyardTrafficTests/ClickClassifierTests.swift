import SwitchyardRules
import SwitchyardTraffic
import Testing

/// The robot test, one row per documented behaviour.
@Suite struct ClickClassifierTests {
    /// Built once: compiling the patterns is the costly part, and debug builds are slow at it.
    static let classifier = ClickClassifier()
    var classifier: ClickClassifier { Self.classifier }

    func verdict(_ method: String = "GET", userAgent: String?, referrer: String? = nil,
                 headers: [String: String] = [:], address: String? = nil) -> String? {
        classifier.classify(method: method, userAgent: userAgent, referrer: referrer,
                            headers: { name in headers.first { $0.key.lowercased() == name.lowercased() }?.value },
                            address: address.flatMap { IPAddress($0) })?.description
    }

    @Test(arguments: [
        UserAgents.iPhoneSafari, UserAgents.androidChrome, UserAgents.samsungInternet, UserAgents.windowsChrome,
        UserAgents.facebookInApp,
    ] + UserAgents.sdkClients)
    func peopleAndTheAppsOwnClientsAreNotBots(userAgent: String) {
        #expect(verdict(userAgent: userAgent, address: "198.51.100.7") == nil)
    }

    @Test(arguments: [
        ("curl/8.7.1", "user-agent pattern 'curl/' (crawler-user-agents)"),
        ("Wget/1.21.4", "user-agent pattern 'wget/' (crawler-user-agents)"),
        ("python-requests/2.32.3", "user-agent pattern 'python-requests' (crawler-user-agents)"),
        ("Go-http-client/2.0", "user-agent pattern 'go-http-client' (crawler-user-agents)"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36",
         "user-agent pattern 'headlesschrome' (crawler-user-agents)"),
        ("Mozilla/5.0 (compatible; Barracuda Sentinel (EE))", "user-agent pattern 'barracuda' (matomo-bots)"),
        ("Microsoft Office Existence Discovery", "user-agent pattern 'microsoft office' (office-existence-discovery)"),
        ("Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", "user-agent pattern 'uptimerobot' (matomo-bots)"),
        ("Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)", "user-agent pattern 'pingdom' (matomo-bots)"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 DatadogSynthetics", "user-agent pattern 'datadogsynthetics' (crawler-user-agents)"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
         "user-agent pattern 'gptbot' (openai-crawlers)"),
        ("Mozilla/5.0 (compatible; SomeNewCrawler/0.1; +https://example.com/crawler)", "user-agent pattern 'crawler' (matomo-bots)"),
        ("WhatsApp/2.23.20.0 A", "user-agent pattern 'whatsapp' (crawler-user-agents)"),
    ])
    func aListedUserAgentIsABot(userAgent: String, expected: String) {
        #expect(verdict(userAgent: userAgent) == expected)
    }

    @Test func matchingIgnoresCase() {
        #expect(verdict(userAgent: "CURL/8.0") == "user-agent pattern 'curl/' (crawler-user-agents)")
        #expect(verdict(userAgent: "FaceBookExternalHit/1.1") == "user-agent pattern 'facebookexternalhit' (meta-crawlers)")
    }

    @Test func headIsABotWhateverItsUserAgent() {
        #expect(verdict("HEAD", userAgent: UserAgents.iPhoneSafari) == "head")
        #expect(verdict("head", userAgent: UserAgents.iPhoneSafari) == "head")
    }

    @Test(arguments: [
        ("Sec-Purpose", "prefetch", "prefetch (Sec-Purpose: prefetch)"),
        ("Sec-Purpose", "prefetch;prerender", "prefetch (Sec-Purpose: prefetch;prerender)"),
        ("Purpose", "prefetch", "prefetch (Purpose: prefetch)"),
        ("X-Purpose", "preview", "prefetch (X-Purpose: preview)"),
        ("X-Moz", "prefetch", "prefetch (X-Moz: prefetch)"),
        ("sec-purpose", "Prefetch", "prefetch (Sec-Purpose: Prefetch)"),
    ])
    func aPrefetchHeaderIsABot(header: String, value: String, expected: String) {
        #expect(verdict(userAgent: UserAgents.androidChrome, headers: [header: value]) == expected)
    }

    @Test func otherPurposesAreNotPrefetches() {
        #expect(verdict(userAgent: UserAgents.androidChrome, headers: ["Sec-Purpose": "", "X-Moz": "livebookmarks"]) == nil)
    }

    @Test(arguments: [nil, "", "   "])
    func noUserAgentIsABot(userAgent: String?) {
        #expect(verdict(userAgent: userAgent, address: "198.51.100.7") == "no user agent")
    }

    @Test(arguments: [
        ("https://url.emailprotection.link/?abc", "referrer 'url.emailprotection.link' (dub-bots)"),
        ("https://whysecurity.urlsand.com/scan", "referrer 'urlsand.com' (dub-bots)"),
        ("https://STATICS.teams.cdn.office.net/evergreen-assets/", "referrer 'statics.teams.cdn.office.net' (dub-bots)"),
        ("https://www.google.com/", nil),
        ("https://urlsand.com.example.org/", nil),
        ("https://notstatics.teams.cdn.office.net/", nil),
        ("not a url", nil),
    ])
    func aListedReferrerHostIsABot(referrer: String, expected: String?) {
        #expect(verdict(userAgent: UserAgents.windowsChrome, referrer: referrer) == expected)
    }

    @Test(arguments: [
        ("40.107.5.9", "address range 40.107.0.0/16 (microsoft-365-endpoints)"),
        ("2a01:111:f400:7e1b::5", "address range 2a01:111:f400::/48 (microsoft-365-endpoints)"),
        ("52.112.49.104", "address range 52.112.0.0/14 (microsoft-365-endpoints)"),
        ("209.222.82.10", "address range 209.222.80.0/21 (barracuda-ess)"),
        ("148.163.150.20", "address range 148.163.128.0/19 (proofpoint-support)"),
        ("205.139.110.44", "address range 205.139.110.0/24 (mimecast-data-centers)"),
        ("::ffff:40.92.1.1", "address range 40.92.0.0/15 (microsoft-365-endpoints)"),
        ("40.106.255.255", nil),
        ("198.51.100.7", nil),
        ("2a01:111:f401::1", nil),
    ])
    func aListedAddressRangeIsABot(address: String, expected: String?) {
        #expect(verdict(userAgent: UserAgents.windowsChrome, address: address) == expected)
    }

    @Test func theFirstTestThatHoldsAnswers() {
        // HEAD before the prefetch header, before the user agent, before referrer and address.
        #expect(verdict("HEAD", userAgent: "curl/8", headers: ["Sec-Purpose": "prefetch"], address: "40.107.1.1") == "head")
        #expect(verdict(userAgent: nil, headers: ["Sec-Purpose": "prefetch"]) == "prefetch (Sec-Purpose: prefetch)")
        #expect(verdict(userAgent: "curl/8", referrer: "https://urlsand.com/", address: "40.107.1.1")
            == "user-agent pattern 'curl/' (crawler-user-agents)")
        #expect(verdict(userAgent: UserAgents.windowsChrome, referrer: "https://urlsand.com/", address: "40.107.1.1")
            == "referrer 'urlsand.com' (dub-bots)")
    }

    @Test func fiveHundredMorePatternsAreEachFoundAndStillSparePeople() throws {
        // The automaton's cost per click does not grow with the list (measured in release: about
        // 1 µs a click with the built-in list and with 500 more); here, that each is still found.
        let extra = (0..<500).map { BotPatterns.UserAgentPattern("scanner-\($0)-\(String($0 * 7_919, radix: 36))/", source: "ops") }
        let patterns = BotPatterns.builtIn.merging(try BotPatterns(sources: [.init(id: "ops", name: "Ops", url: "https://ops.example.com")],
                                                                   userAgents: extra))
        let classifier = ClickClassifier(patterns: patterns)
        for entry in extra {
            let verdict = classifier.classify(method: "GET", userAgent: "Mozilla/5.0 (compatible; \(entry.pattern.uppercased())1.0)",
                                              referrer: nil, address: nil)
            #expect(verdict == .userAgent(pattern: entry.pattern, kind: .other, source: "ops"))
        }
        for userAgent in [UserAgents.iPhoneSafari, UserAgents.androidChrome, UserAgents.facebookInApp] + UserAgents.sdkClients {
            #expect(classifier.classify(method: "GET", userAgent: userAgent, referrer: nil, address: nil) == nil)
        }
    }

    @Test func verdictsHaveStableCodes() {
        let codes = [
            classifier.classify(method: "HEAD", userAgent: nil, referrer: nil, address: nil),
            classifier.classify(method: "GET", userAgent: "x", referrer: nil, headers: { $0 == "X-Moz" ? "prefetch" : nil }, address: nil),
            classifier.classify(method: "GET", userAgent: nil, referrer: nil, address: nil),
            classifier.classify(method: "GET", userAgent: "curl/8", referrer: nil, address: nil),
            classifier.classify(method: "GET", userAgent: "x", referrer: "https://urlsand.com", address: nil),
            classifier.classify(method: "GET", userAgent: "x", referrer: nil, address: IPAddress("40.107.1.1")),
        ].map { $0?.code }
        #expect(codes == ["head", "prefetch", "no_user_agent", "user_agent", "referrer", "address"])
    }
}
