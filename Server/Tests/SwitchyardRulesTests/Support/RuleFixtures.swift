import Foundation
import Synchronization
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardRules
import Testing

/// Real user agents, requests and rules the suites share.
enum Fixtures {
    /// User agents as the browsers send them.
    enum Agents {
        /// Safari on iOS 26: the OS version frozen at 18.6, the system's in `Version/`.
        static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1"
        static let iPhone17 = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1"
        static let iPad = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1"
        static let chromeOnIPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1"
        static let firefoxOnIPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15"
        static let edgeOnIPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/123.0.2420.56 Mobile/15E148 Safari/604.1"
        static let androidChrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36"
        static let androidTablet = "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
        static let samsung = "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36"
        static let androidFirefox = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"
        static let androidStock = "Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebkit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30"
        static let macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"
        static let macChrome = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
        static let macFirefox = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0"
        static let windowsChrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
        static let windowsFirefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
        static let windowsEdge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70"
        static let opera = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0"
        static let linuxFirefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
        static let chromebook = "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
        static let curl = "curl/8.5.0"

        static let all = [iPhone, iPhone17, iPad, chromeOnIPhone, firefoxOnIPhone, edgeOnIPhone, androidChrome, androidTablet, samsung,
                          androidFirefox, androidStock, macSafari, macChrome, macFirefox, windowsChrome, windowsFirefox, windowsEdge,
                          opera, linuxFirefox, chromebook, curl]
    }

    /// 2030-03-17T17:46:40Z.
    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    /// A condition read from its JSON.
    static func condition(_ json: String, countryDatabase: Bool = true) throws -> RuleCondition {
        try RuleCondition(from: try JSONValue.parse(json), at: "c", countryDatabase: countryDatabase)
    }

    /// Rules read from their JSON array.
    static func rules(_ json: String, countryDatabase: Bool = true) throws -> [RedirectRule] {
        try RedirectRule.rules(from: try JSONValue.parse(json), countryDatabase: countryDatabase)
    }

    /// A request with a country database whose answer is `country`.
    static func request(_ agent: String? = nil, platform: RulePlatform = .other, language: String? = nil,
                        query: [(name: String, value: String)] = [], address: String? = nil, country: String? = nil,
                        release: AppRelease? = nil, now: Date = now) -> RuleRequest {
        RuleRequest(platform: platform, userAgent: agent, acceptLanguage: language, query: query,
                    address: address.flatMap { IPAddress($0) }, now: now, appRelease: release,
                    hasCountryDatabase: true, country: { country })
    }

    /// Whether a rule of the one condition `json` fires for `request`, checking that the decision
    /// and the explanation agree.
    static func holds(_ json: String, _ request: RuleRequest) throws -> Bool {
        let rule = RedirectRule(conditions: [try condition(json)], target: .url("https://example.com/"))
        let first = RuleMatcher.firstMatch([rule], for: request)
        let explained = RuleMatcher.explain([rule], for: request)
        #expect(explained.fired == first, "the explanation agrees with the decision")
        return first == 0
    }

    /// The reason the one condition `json` gives for `request`; nil when it holds.
    static func reason(_ json: String, _ request: RuleRequest) throws -> String? {
        let rule = RedirectRule(conditions: [try condition(json)], target: .url("https://example.com/"))
        return RuleMatcher.explain([rule], for: request).rules.first?.failed?.reason
    }
}

/// Counts calls from any task.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A seeded generator (SplitMix64), so that a generated case that fails fails again.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
