import SwitchyardRules

/// The checks every pattern file and value passes.
extension BotPatterns {
    /// User agents of people's browsers, in-app browsers and the Switchyard SDK's own HTTP clients
    /// (the service sorts app-side requests elsewhere): no pattern may match one, so that a pattern
    /// too broad (`mozilla`, `google`, `okhttp`) is refused when it is read rather than found
    /// later in the reports. A bare `bot` would fail on the Cubot phone; `bing` on the Bing app.
    static let ordinaryUserAgents: [(name: String, userAgent: String)] = [
        ("iPhone Safari", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"),
        ("iPad Safari", "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"),
        ("Android Chrome", "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"),
        ("Android Chrome on a Cubot phone", "Mozilla/5.0 (Linux; Android 11; CUBOT_X50 Build/RP1A.200720.011) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 Mobile Safari/537.36"),
        ("Samsung Internet", "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36"),
        ("Windows Chrome", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"),
        ("Windows Edge", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67"),
        ("Mac Safari", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15"),
        ("Firefox", "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0"),
        ("Linux Firefox", "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0"),
        ("Facebook in-app browser", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.38.108;FBBV/594386412;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]"),
        ("Instagram in-app browser", "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240405.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 329.0.0.41.93 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 8; shiba; shiba; en_US; 593008110)"),
        ("Pinterest in-app browser", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]"),
        ("LinkedIn in-app browser", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.1426"),
        ("TikTok in-app browser", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US BytedanceWebview/d8a21c6"),
        ("Snapchat in-app browser", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.85.0.35 (like Safari/8617.2.4.10.8, panda)"),
        ("Google app", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/312.1.624026395 Mobile/15E148 Safari/604.1"),
        ("Bing app", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1 BingWeb/6.9.8.1"),
        ("WeChat in-app browser", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN"),
        ("Baidu app", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 SP-engine/2.80.0 main%2F1.0 baiduboxapp/13.52.0.10 (Baidu; P2 17.4) NABar/1.0"),
        ("Yandex Browser", "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 YaBrowser/24.4.1.99.00 SA/3 Mobile Safari/537.36"),
        ("Switchyard SDK on iOS (URLSession)", "Shop/1.2 CFNetwork/1494.0.7 Darwin/23.4.0"),
        ("Switchyard SDK on Android (OkHttp)", "okhttp/4.12.0"),
        ("Android app HTTP client (Dalvik)", "Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/AP1A.240405.002)"),
    ]

    /// The widest ranges a file may list: an IPv4 /8, an IPv6 /16 (wider ones hold people).
    static let widestPrefix = (ipv4: 8, ipv6: 16)

    static func validate(sources: [Source], userAgents: [UserAgentPattern], referrers: [ReferrerPattern],
                         addressRanges: [AddressPattern], in file: String?) throws(BotPatternsError) {
        let total = userAgents.count + referrers.count + addressRanges.count
        guard total <= maximumPatterns else {
            throw BotPatternsError(.tooManyPatterns, in: file, at: nil, "has \(total) patterns; a file holds \(maximumPatterns) at most")
        }
        let checker = try Checker(file: file, sources: sources)
        try checker.check(userAgents)
        try checker.check(referrers)
        try checker.check(addressRanges)
    }
}

/// Checks one file's entries, naming each problem's place.
private struct Checker {
    let file: String?
    /// The index of each declared source.
    let sourceAt: [String: Int]

    init(file: String?, sources: [BotPatterns.Source]) throws(BotPatternsError) {
        self.file = file
        var sourceAt: [String: Int] = [:]
        for (index, source) in sources.enumerated() {
            let path = "sources[\(index)]"
            guard !source.id.isEmpty, source.id.utf8.count <= BotPatterns.maximumPatternLength,
                  source.id.utf8.allSatisfy({ $0.isLowercaseLetterOrDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") })
            else {
                throw BotPatternsError(.invalidSource, in: file, at: path + ".id",
                                       "'\(source.id.prefix(40))' is not a source id (lowercase letters, digits, '-', '_' and '.', up to \(BotPatterns.maximumPatternLength))")
            }
            if let first = sourceAt[source.id] {
                throw BotPatternsError(.invalidSource, in: file, at: path + ".id", "'\(source.id)' is declared twice (first at sources[\(first)])")
            }
            sourceAt[source.id] = index
            guard !source.name.allSatisfy(\.isWhitespace) else { throw BotPatternsError(.invalidSource, in: file, at: path + ".name", "is empty") }
            guard !source.url.allSatisfy(\.isWhitespace) else { throw BotPatternsError(.invalidSource, in: file, at: path + ".url", "is empty") }
        }
        self.sourceAt = sourceAt
    }

    func check(_ userAgents: [BotPatterns.UserAgentPattern]) throws(BotPatternsError) {
        var patternAt: [String: Int] = [:]
        for (index, entry) in userAgents.enumerated() {
            let path = "userAgents[\(index)]"
            try checkText(entry.pattern, at: path + ".pattern")
            if let first = patternAt[entry.pattern] {
                throw BotPatternsError(.invalidPattern, in: file, at: path + ".pattern", "'\(entry.pattern)' is listed twice (first at userAgents[\(first)])")
            }
            patternAt[entry.pattern] = index
            try checkSource(entry.source, at: path)
        }
        let automaton = SubstringAutomaton(userAgents.map { Array($0.pattern.utf8) })
        for (name, userAgent) in BotPatterns.ordinaryUserAgents {
            if let index = automaton.firstMatch(in: userAgent) {
                throw BotPatternsError(.invalidPattern, in: file, at: "userAgents[\(index)].pattern",
                                       "'\(userAgents[index].pattern)' matches an ordinary user agent (\(name): \(userAgent)); it would count people as bots")
            }
        }
    }

    func check(_ referrers: [BotPatterns.ReferrerPattern]) throws(BotPatternsError) {
        var hostAt: [String: Int] = [:]
        for (index, entry) in referrers.enumerated() {
            let path = "referrers[\(index)]"
            try checkText(entry.host, at: path + ".host")
            let labels = entry.host.split(separator: ".", omittingEmptySubsequences: false)
            guard labels.count >= 2, labels.allSatisfy({ label in
                !label.isEmpty && label.utf8.allSatisfy { $0.isLowercaseLetterOrDigit || $0 == UInt8(ascii: "-") }
            }) else {
                throw BotPatternsError(.invalidPattern, in: file, at: path + ".host",
                                       "'\(entry.host)' is not a host name (dot-separated labels of lowercase letters, digits and '-', like scan.example.net)")
            }
            if let first = hostAt[entry.host] {
                throw BotPatternsError(.invalidPattern, in: file, at: path + ".host", "'\(entry.host)' is listed twice (first at referrers[\(first)])")
            }
            hostAt[entry.host] = index
            try checkSource(entry.source, at: path)
        }
    }

    func check(_ addressRanges: [BotPatterns.AddressPattern]) throws(BotPatternsError) {
        var rangeAt: [String: Int] = [:]
        for (index, entry) in addressRanges.enumerated() {
            let path = "addressRanges[\(index)]"
            let widest = entry.range.network.count == 4 ? BotPatterns.widestPrefix.ipv4 : BotPatterns.widestPrefix.ipv6
            guard entry.range.prefixLength >= widest else {
                throw BotPatternsError(.invalidRange, in: file, at: path + ".range",
                                       "'\(entry.range)' is wider than a /\(widest); a range that wide holds people, not only robots")
            }
            let key = entry.range.canonical
            if let first = rangeAt[key] {
                throw BotPatternsError(.invalidRange, in: file, at: path + ".range", "'\(entry.range)' is listed twice (first at addressRanges[\(first)])")
            }
            rangeAt[key] = index
            try checkSource(entry.source, at: path)
        }
    }

    private func checkSource(_ id: String, at path: String) throws(BotPatternsError) {
        guard sourceAt[id] == nil else { return }
        throw BotPatternsError(.unknownSource, in: file, at: path + ".source",
                               "'\(id.prefix(40))' is not one of the sources; declare it in \"sources\" with its name and URL")
    }

    /// The checks a user-agent pattern and a referrer host share.
    private func checkText(_ text: String, at path: String) throws(BotPatternsError) {
        let bytes = text.utf8
        guard !bytes.isEmpty else { throw BotPatternsError(.invalidPattern, in: file, at: path, "is empty") }
        guard bytes.count <= BotPatterns.maximumPatternLength else {
            throw BotPatternsError(.invalidPattern, in: file, at: path,
                                   "'\(text.prefix(40))...' is \(bytes.count) characters; a pattern has \(BotPatterns.maximumPatternLength) at most")
        }
        guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw BotPatternsError(.invalidPattern, in: file, at: path, "'\(text)' has a character outside printable ASCII (user agents and host names are ASCII)")
        }
        guard bytes.first != UInt8(ascii: " "), bytes.last != UInt8(ascii: " ") else {
            throw BotPatternsError(.invalidPattern, in: file, at: path, "'\(text)' begins or ends with a space")
        }
        guard !bytes.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            throw BotPatternsError(.invalidPattern, in: file, at: path,
                                   "'\(text)' has capital letters; patterns match ignoring case, so write '\(text.lowercased())'")
        }
    }
}

extension UInt8 {
    fileprivate var isLowercaseLetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
