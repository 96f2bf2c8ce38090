public import Foundation
public import Switchyard

/// One condition of a rule. Each reads one thing of the request (``RuleRequest``); in JSON it is
/// an object with a `type` and the members that type takes.
///
/// ```swift
/// let french: RuleCondition = .language("fr")
/// let recentIOS: RuleCondition = .os(.ios, minVersion: DottedVersion("17"), maxVersion: nil)
/// ```
public enum RuleCondition: Sendable, Hashable {
    /// `{"type": "platform", "value": "ios"}`: the service's platform for the request (a crawler
    /// is none of `ios`, `android`, `desktop`, `other`; see ``crawler``).
    case platform(RulePlatform)
    /// `{"type": "device", "value": "tablet"}`: the device class the user agent names.
    case device(DeviceClass)
    /// `{"type": "os", "value": "ios", "minVersion": "17.0", "maxVersion": "18.9"}`: the OS the
    /// user agent names (iPadOS is `ios`), within the bounds (inclusive, each optional). A user
    /// agent that gives no version fails a condition with bounds.
    case os(OperatingSystem, minVersion: DottedVersion?, maxVersion: DottedVersion?)
    /// `{"type": "browser", "value": "chrome"}`: the browser family the user agent names.
    case browser(Browser)
    /// `{"type": "language", "value": "fr"}`: `Accept-Language` accepts the tag with a quality
    /// above 0. A bare language (`fr`) holds for each of its regions (`fr-CA`); `fr-CA` only for
    /// itself (and its own longer tags, `fr-CA-x`). Case does not matter.
    case language(String)
    /// `{"type": "query", "name": "ref", "match": "equals", "value": "mail"}` (or `present`,
    /// `absent`): the short link's query parameter, names and values compared exactly as decoded
    /// (case and spaces count; Swift string equality, so the two Unicode spellings of `é` are one).
    case query(name: String, match: QueryMatch)
    /// `{"type": "address", "value": "203.0.113.0/24"}`: the client address is in the range.
    case address(AddressRange)
    /// `{"type": "country", "value": "FR"}`: the client address's country (ISO 3166-1 alpha-2)
    /// in the service's GeoIP database.
    case country(String)
    /// `{"type": "before", "value": "2026-12-24T00:00:00Z"}`: holds while the request's time is
    /// earlier than the instant.
    case before(Date)
    /// `{"type": "after", "value": "2026-12-24T00:00:00Z"}`: holds from the instant on.
    case after(Date)
    /// `{"type": "appVersion", "minVersion": "2.0", "maxVersion": "3.1"}`: the request says its app
    /// release (`Switchyard-App-Version`) and its version is within the bounds (inclusive, one at
    /// least): an iOS version is dotted, an Android versionCode compares as a one-number version.
    case appVersion(minVersion: DottedVersion?, maxVersion: DottedVersion?)
    /// `{"type": "crawler"}`: a link-preview crawler asking for the preview.
    case crawler

    /// The name of the condition's type, as the JSON writes it (`appVersion`).
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

/// How a query condition tests its parameter.
public enum QueryMatch: Sendable, Hashable {
    /// The parameter is there, with any value (an empty one too).
    case present
    /// The parameter is there with exactly this value (as decoded); with the parameter given
    /// more than once, any of its values.
    case equals(String)
    /// The parameter is not there.
    case absent
}

/// The platforms a rule names: the service's own sorting of a request, which the caller maps
/// into this.
public enum RulePlatform: String, Sendable, Hashable, CaseIterable {
    case ios, android, desktop, other
    /// A link-preview crawler (the `crawler` condition names it; `platform` never holds for it).
    case crawler
}

/// A device class, from the user agent: an iPad, or an Android device without `Mobile`, is a
/// tablet; an iPhone, iPod or Android `Mobile` a phone; anything else a desktop (an iPad asking
/// for the desktop site sends a Mac's user agent, and is one).
public enum DeviceClass: String, Sendable, Hashable, CaseIterable {
    case phone, tablet, desktop
}

/// An operating system, from the user agent (iPadOS is `ios`).
public enum OperatingSystem: String, Sendable, Hashable, CaseIterable {
    case ios, android, macos, windows, linux, chromeos

    /// The name people write: `iOS`, `Android`, `macOS`, `Windows`, `Linux`, `ChromeOS`.
    public var displayName: String {
        switch self {
        case .ios: "iOS"
        case .android: "Android"
        case .macos: "macOS"
        case .windows: "Windows"
        case .linux: "Linux"
        case .chromeos: "ChromeOS"
        }
    }
}

/// A browser family, from the user agent. Chrome, Firefox and Edge on iOS (`CriOS`, `FxiOS`,
/// `EdgiOS`) count as themselves; browsers built on Chrome that do not name themselves (Brave,
/// Vivaldi) count as Chrome.
public enum Browser: String, Sendable, Hashable, CaseIterable {
    case safari, chrome, firefox, edge, opera, samsung, other
}
