import Switchyard
@testable import SwitchyardRules
import Testing

/// The OS, version, browser and device class read from real user agents.
@Suite struct UserAgentDetailsTests {
    typealias Agents = Fixtures.Agents

    @Test(arguments: [
        (Agents.iPhone, OperatingSystem.ios, "26.0", Browser.safari, DeviceClass.phone),
        (Agents.iPhone17, .ios, "17.4.1", .safari, .phone),
        (Agents.iPad, .ios, "16.6", .safari, .tablet),
        (Agents.chromeOnIPhone, .ios, "18.1", .chrome, .phone),
        (Agents.firefoxOnIPhone, .ios, "17.4", .firefox, .phone),
        (Agents.edgeOnIPhone, .ios, "17.4", .edge, .phone),
        (Agents.androidChrome, .android, "14", .chrome, .phone),
        (Agents.androidTablet, .android, "13", .chrome, .tablet),
        (Agents.samsung, .android, "14", .samsung, .phone),
        (Agents.androidFirefox, .android, "14", .firefox, .phone),
        (Agents.androidStock, .android, "4.0.3", .other, .phone),
        (Agents.macSafari, .macos, "10.15.7", .safari, .desktop),
        (Agents.macChrome, .macos, "10.15.7", .chrome, .desktop),
        (Agents.macFirefox, .macos, "10.15", .firefox, .desktop),
        (Agents.windowsChrome, .windows, "10.0", .chrome, .desktop),
        (Agents.windowsFirefox, .windows, "10.0", .firefox, .desktop),
        (Agents.windowsEdge, .windows, "10.0", .edge, .desktop),
        (Agents.opera, .windows, "10.0", .opera, .desktop),
        (Agents.linuxFirefox, .linux, nil, .firefox, .desktop),
        (Agents.chromebook, .chromeos, nil, .chrome, .desktop),
    ] as [(String, OperatingSystem, String?, Browser, DeviceClass)])
    func realUserAgentsAreRead(agent: String, system: OperatingSystem, version: String?, browser: Browser, device: DeviceClass) {
        let details = UserAgentDetails(agent)
        #expect(details.system == system)
        #expect(details.systemVersion?.description == version)
        #expect(details.browser == browser)
        #expect(details.device == device)
    }

    @Test(arguments: [nil, "", Fixtures.Agents.curl, "Mozilla/5.0"])
    func anUnknownAgentIsAnOtherBrowserOnADesktop(agent: String?) {
        let details = UserAgentDetails(agent)
        #expect(details.system == nil && details.systemVersion == nil)
        #expect(details.browser == .other && details.device == .desktop)
    }

    @Test(arguments: [
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_ like Mac OS X)", "17.4"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1_2_9 like Mac OS X)", "17.4.1.2"),
        ("Mozilla/5.0 (Linux; Android 1234567890; X)", "123456789"),
        ("Mozilla/5.0 (Linux; Android ; X)", nil),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) Version/17.0 Mobile Safari/604.1", "18.6"),
        ("MOZILLA/5.0 (IPHONE; CPU IPHONE OS 17_2 LIKE MAC OS X)", "17.2"),
    ] as [(String, String?)])
    func versionsReadAsFarAsTheyAreWellFormed(agent: String, version: String?) {
        #expect(UserAgentDetails(agent).systemVersion?.description == version)
    }

    @Test func onlyTheFirstKilobyteIsRead() {
        let padded = String(repeating: "x", count: 1024) + " (iPhone; CPU iPhone OS 17_4 like Mac OS X)"
        #expect(UserAgentDetails(padded).system == nil)
    }
}

/// The one-pass word reader against a reference that searches the lowercased text for each marker.
@Suite struct UserAgentReferenceTests {
    /// The details by substring search: a word marker must stand alone (no letter on either
    /// side), a product marker must be a whole word followed by `/`.
    static func reference(_ agent: String) -> (OperatingSystem?, String?, Browser, DeviceClass) {
        let text = Array(agent.lowercased().utf8.prefix(1024))
        func isLetter(_ index: Int) -> Bool { index >= 0 && index < text.count && text[index] >= 97 && text[index] <= 122 }
        func occurrences(_ marker: String) -> [Int] {
            let needle = Array(marker.utf8)
            guard text.count >= needle.count else { return [] }
            return (0...(text.count - needle.count)).filter { Array(text[$0..<($0 + needle.count)]) == needle }
        }
        /// Where the first whole-word `marker` ends, with `then` after it.
        func end(_ marker: String, then: String = "") -> Int? {
            let word = marker.utf8.count
            return occurrences(marker + then).first { !isLetter($0 - 1) && !isLetter($0 + word) }.map { $0 + word + then.utf8.count }
        }
        func word(_ marker: String) -> Bool { end(marker) != nil }
        /// The index after `then` when it is written at `index`.
        func after(_ index: Int, _ then: String) -> Int? {
            let then = Array(then.utf8)
            return text.count >= index + then.count && Array(text[index..<(index + then.count)]) == then ? index + then.count : nil
        }
        func product(_ marker: String) -> Bool { end(marker, then: "/") != nil }
        func version(at start: Int?) -> String? {
            guard let start else { return nil }
            var numbers: [String] = [], current = ""
            for byte in text[start...] {
                if byte >= 48, byte <= 57, current.count < 9 {
                    current.append(Character(UnicodeScalar(byte)))
                } else if byte == 46 || byte == 95, !current.isEmpty, numbers.count < 3 {
                    numbers.append(current)
                    current = ""
                } else {
                    break
                }
            }
            if !current.isEmpty { numbers.append(current) }
            return numbers.isEmpty ? nil : numbers.map { String(Int($0)!) }.joined(separator: ".")
        }
        var system: OperatingSystem?, systemVersion: String?
        let iPad = word("ipad"), iPhone = word("iphone") || word("ipod")
        if iPad || iPhone {
            system = .ios
            // The first `cpu` word, followed by ` iphone os ` or ` os `.
            systemVersion = version(at: end("cpu").flatMap { after($0, " iphone os ") ?? after($0, " os ") })
            if let safari = version(at: end("version", then: "/")), let major = Int(safari.split(separator: ".")[0]), major >= 26,
               systemVersion.map({ DottedVersion($0)! < DottedVersion(safari)! }) ?? true {
                systemVersion = safari
            }
        } else if word("android") {
            system = .android
            systemVersion = version(at: end("android").flatMap { after($0, " ") })
        } else if end("cros", then: " ") != nil {
            system = .chromeos
        } else if let start = end("windows", then: " nt ") {
            system = .windows
            systemVersion = version(at: start)
        } else if word("macintosh") || end("mac", then: " os x ") != nil {
            system = .macos
            systemVersion = version(at: end("mac", then: " os x "))
        } else if word("linux") {
            system = .linux
        }
        let browser: Browser
        if product("samsungbrowser") {
            browser = .samsung
        } else if ["edg", "edga", "edgios", "edge"].contains(where: product) {
            browser = .edge
        } else if ["opr", "opt", "opios"].contains(where: product) || word("opera") {
            browser = .opera
        } else if product("firefox") || product("fxios") {
            browser = .firefox
        } else if ["crios", "chrome", "chromium"].contains(where: product) {
            browser = .chrome
        } else if system == .ios || system == .macos, product("safari"), product("version") {
            browser = .safari
        } else {
            browser = .other
        }
        let device: DeviceClass = iPad ? .tablet : iPhone ? .phone : system == .android ? (word("mobile") ? .phone : .tablet) : .desktop
        return (system, systemVersion, browser, device)
    }

    static let pieces = [
        "Mozilla/5.0", "(iPhone;", "(iPad;", "(iPod touch;", "CPU iPhone OS 17_4_1 like Mac OS X)", "CPU OS 16_6 like Mac OS X)",
        "CPU iPhone OS 18_6", "(Linux; Android 14; Pixel 8)", "Android 13;", "(Android 14; Mobile; rv:133.0)", "Mobile", "Mobile/15E148",
        "(Macintosh; Intel Mac OS X 10_15_7)", "Mac OS X 10.15;", "(Windows NT 10.0; Win64; x64)", "Windows NT 6.1", "Windows 95",
        "(X11; Linux x86_64)", "(X11; CrOS x86_64 14541.0.0)", "AppleWebKit/605.1.15", "(KHTML, like Gecko)", "Version/17.4.1",
        "Version/26.0", "Version/4.0", "Safari/604.1", "Chrome/131.0.0.0", "HeadlessChrome/131.0", "Chromium/120", "CriOS/131.0",
        "FxiOS/124.0", "Firefox/133.0", "Edg/131.0", "EdgA/131.0", "EdgiOS/123.0", "Edge/18.1", "OPR/115.0", "OPT/5.0", "OPiOS/4",
        "Opera/9.80", "SamsungBrowser/26.0", "GSA/300.0", "edgy/1", "androidx", "ipadOS", "iPhoneX",
    ]

    @Test func theWordReaderAgreesWithTheReferenceOnGeneratedAgents() {
        var generator = SeededGenerator(seed: 2026)
        for agent in Fixtures.Agents.all {
            let details = UserAgentDetails(agent), expected = Self.reference(agent)
            #expect(details.system == expected.0 && details.systemVersion?.description == expected.1, "\(agent)")
            #expect(details.browser == expected.2 && details.device == expected.3, "\(agent)")
        }
        for _ in 0..<1500 {
            var agent = (0..<Int.random(in: 1...8, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined(separator: " ")
            if Bool.random(using: &generator) { agent = agent.uppercased() }
            let details = UserAgentDetails(agent), expected = Self.reference(agent)
            #expect(details.system == expected.0, "\(agent)")
            #expect(details.systemVersion?.description == expected.1, "\(agent)")
            #expect(details.browser == expected.2, "\(agent)")
            #expect(details.device == expected.3, "\(agent)")
        }
    }
}
