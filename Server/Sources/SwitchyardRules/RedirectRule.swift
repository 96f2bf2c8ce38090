public import Foundation
public import Switchyard

/// One of a link's redirect rules: conditions that must all hold, and where the visitor goes
/// when they do. A link's rules are tried in order; the first whose conditions all hold fires.
///
/// ```json
/// {"name": "French iPhones", "conditions": [{"type": "platform", "value": "ios"}, {"type": "language", "value": "fr"}],
///  "target": {"url": "https://shop.example.com/fr"}}
/// ```
public struct RedirectRule: Sendable, Hashable {
    /// What people call the rule (shown by explain and the dashboard); nil for none.
    public var name: String?
    /// The conditions, all required (one at least).
    public var conditions: [RuleCondition]
    /// Where the visitor goes when every condition holds.
    public var target: RuleTarget

    /// Creates a rule.
    public init(name: String? = nil, conditions: [RuleCondition], target: RuleTarget) {
        self.name = name
        self.conditions = conditions
        self.target = target
    }
}

/// Where a rule (or an A/B variant) sends a visitor.
public enum RuleTarget: Sendable, Hashable {
    /// A redirect to this URL (`{"url": "https://..."}`), on every platform.
    case url(String)
    /// The link opened with another route of the table and its parameters (`{"route": "product",
    /// "parameters": {"id": "42"}}`): the app open path, fallbacks and deferred link stay the
    /// link's, with this route in place of its own.
    case route(String, parameters: [String: String])
}

/// The platforms a rule names: the service's own sorting of user agents.
public enum RulePlatform: String, Sendable, Hashable, CaseIterable {
    case ios, android, desktop, other
    /// A link-preview crawler (the `crawler` condition names it; `platform` never holds for it).
    case crawler
}

/// A device class, from the user agent.
public enum DeviceClass: String, Sendable, Hashable, CaseIterable {
    case phone, tablet, desktop
}

/// An operating system, from the user agent (iPadOS is `ios`).
public enum OperatingSystem: String, Sendable, Hashable, CaseIterable {
    case ios, android, macos, windows, linux, chromeos
}

/// A browser family, from the user agent (Chrome, Firefox and Edge on iOS count as themselves).
public enum Browser: String, Sendable, Hashable, CaseIterable {
    case safari, chrome, firefox, edge, opera, samsung, other
}

/// How a query condition tests its parameter.
public enum QueryMatch: Sendable, Hashable {
    /// The parameter is there, with any value.
    case present
    /// The parameter is there with exactly this value (as decoded).
    case equals(String)
    /// The parameter is not there.
    case absent
}

/// One condition of a rule. Each reads one thing of the request; see ``RuleRequest``.
public enum RuleCondition: Sendable, Hashable {
    /// `{"type": "platform", "value": "ios"}`: the service's platform (a crawler is none of them).
    case platform(RulePlatform)
    /// `{"type": "device", "value": "tablet"}`.
    case device(DeviceClass)
    /// `{"type": "os", "value": "ios", "minVersion": "17.0", "maxVersion": "18.9"}`: bounds inclusive,
    /// optional; a version the user agent does not give fails a condition with bounds.
    case os(OperatingSystem, minVersion: RuleVersion?, maxVersion: RuleVersion?)
    /// `{"type": "browser", "value": "chrome"}`.
    case browser(Browser)
    /// `{"type": "language", "value": "fr"}`: `Accept-Language` accepts it with a quality above 0.
    /// A bare language (`fr`) holds for each of its regions (`fr-CA`); `fr-CA` only for itself.
    case language(String)
    /// `{"type": "query", "name": "ref", "match": "equals", "value": "mail"}` (or `present`, `absent`).
    case query(name: String, match: QueryMatch)
    /// `{"type": "address", "value": "203.0.113.0/24"}`: the client address is in the range.
    case address(AddressRange)
    /// `{"type": "country", "value": "FR"}`: the client address's country, from the service's
    /// GeoIP database (ISO 3166-1 alpha-2).
    case country(String)
    /// `{"type": "before", "value": "2026-12-24T00:00:00Z"}`: holds while it is earlier.
    case before(Date)
    /// `{"type": "after", "value": "2026-12-24T00:00:00Z"}`: holds from that instant on.
    case after(Date)
    /// `{"type": "appVersion", "minVersion": "2.0", "maxVersion": "3.1"}`: the request says its app
    /// version (`Switchyard-App-Version`) and it is within the bounds (inclusive); an Android
    /// versionCode compares as a one-number version.
    case appVersion(minVersion: RuleVersion?, maxVersion: RuleVersion?)
    /// `{"type": "crawler"}`: a link-preview crawler asking for the preview.
    case crawler

    /// The name of the condition's type, as the JSON writes it.
    public var type: String {
        switch self {
        case .platform: "platform"
        case .device: "device"
        case .os: "os"
        case .browser: "browser"
        case .language: "language"
        case .query: "query"
        case .address: "address"
        case .country: "country"
        case .before: "before"
        case .after: "after"
        case .appVersion: "appVersion"
        case .crawler: "crawler"
        }
    }

    /// Every type's name, in the order the documentation lists them.
    public static let types = ["platform", "device", "os", "browser", "language", "query", "address", "country",
                               "before", "after", "appVersion", "crawler"]
}

/// A version bound of a rule: dotted numbers (`17`, `17.4`, `2.3.1`), compared number by
/// number with missing ones as 0 (`17` is `17.0.0`).
public struct RuleVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numbers, as written.
    public let numbers: [Int]

    /// Reads `1` to 4 dot-separated numbers of at most 9 digits each; nil otherwise.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...9).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        self.numbers = numbers
    }

    /// A version of these numbers (at least one).
    public init(numbers: [Int]) {
        precondition(!numbers.isEmpty, "a version has a number at least")
        self.numbers = numbers
    }

    public var description: String { numbers.map(String.init).joined(separator: ".") }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        for index in 0..<max(lhs.numbers.count, rhs.numbers.count) {
            let left = index < lhs.numbers.count ? lhs.numbers[index] : 0
            let right = index < rhs.numbers.count ? rhs.numbers[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = numbers
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    /// Whether it is within the bounds (inclusive; nil is open).
    func isWithin(_ minimum: RuleVersion?, _ maximum: RuleVersion?) -> Bool {
        if let minimum, self < minimum { return false }
        if let maximum, maximum < self { return false }
        return true
    }
}

/// A rule, target or condition that does not read, with where it is (`rules[2].conditions[0].value`).
public struct RuleError: CodedError, Sendable, Hashable {
    /// ``ErrorCode/invalidRule``.
    public var code: Code { .invalidRule }
    /// What is wrong, starting with where.
    public let message: String

    /// An error at `path`.
    public init(_ path: String, _ problem: String) {
        message = "\(path): \(problem)"
    }
}

extension ErrorCode<RuleError> {
    /// A redirect rule, an A/B variant or one of their conditions or targets is not one the service takes.
    public static var invalidRule: Self { Self(rawValue: "invalid_rule") }
}
