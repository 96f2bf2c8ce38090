public import Foundation
public import Switchyard

/// What a rule reads of one request. The service fills it from the request it answers; the user
/// agent and `Accept-Language` are read only when a condition asks, once each, and the country is
/// looked up only when a country condition is reached, once.
public struct RuleRequest: Sendable {
    /// The service's platform for the request (`crawler` for a link-preview crawler).
    public var platform: RulePlatform
    /// The `User-Agent` header.
    public var userAgent: String?
    /// The `Accept-Language` header.
    public var acceptLanguage: String?
    /// The short link's query parameters, decoded, in order.
    public var query: [(name: String, value: String)]
    /// The client's address (behind a trusted proxy, the one it names).
    public var address: IPAddress?
    /// The time of the request.
    public var now: Date
    /// The app release the request says it comes from (`Switchyard-App-Version`), if any.
    public var appRelease: AppRelease?
    /// The country of ``address`` (ISO 3166-1 alpha-2), looked up on demand; nil when unknown.
    public var country: @Sendable () -> String?
    /// Whether the service has a country database at all (explain says "no country database" otherwise).
    public var hasCountryDatabase: Bool

    /// A request; only the platform and the time are required.
    public init(platform: RulePlatform, userAgent: String? = nil, acceptLanguage: String? = nil,
                query: [(name: String, value: String)] = [], address: IPAddress? = nil, now: Date,
                appRelease: AppRelease? = nil, hasCountryDatabase: Bool = false, country: @escaping @Sendable () -> String? = { nil }) {
        self.platform = platform
        self.userAgent = userAgent
        self.acceptLanguage = acceptLanguage
        self.query = query
        self.address = address
        self.now = now
        self.appRelease = appRelease
        self.hasCountryDatabase = hasCountryDatabase
        self.country = country
    }
}

/// What the user agent says of the device: its OS and version, browser and class.
public struct UserAgentDetails: Sendable, Hashable {
    public var system: OperatingSystem?
    public var systemVersion: RuleVersion?
    public var browser: Browser
    public var device: DeviceClass

    /// Reads a `User-Agent` header (ASCII case-insensitively, on its bytes).
    public init(_ header: String?) {
        var bytes = Array((header ?? "").utf8.prefix(1024))
        for index in bytes.indices where bytes[index] &- 65 < 26 { bytes[index] |= 0x20 }
        let agent = LowerBytes(bytes: bytes)
        let iPad = agent.contains("ipad"), iPhone = agent.contains("iphone") || agent.contains("ipod")
        if iPad || iPhone {
            system = .ios
            systemVersion = agent.version(after: "cpu iphone os ") ?? agent.version(after: "cpu os ")
        } else if agent.contains("android") {
            system = .android
            systemVersion = agent.version(after: "android ")
        } else if agent.contains("cros ") {
            system = .chromeos
        } else if agent.contains("windows nt ") {
            system = .windows
            systemVersion = agent.version(after: "windows nt ")
        } else if agent.contains("macintosh") || agent.contains("mac os x") {
            system = .macos
            systemVersion = agent.version(after: "mac os x ")
        } else if agent.contains("linux") {
            system = .linux
        }
        if agent.contains("samsungbrowser/") {
            browser = .samsung
        } else if agent.contains("edg/") || agent.contains("edga/") || agent.contains("edgios/") {
            browser = .edge
        } else if agent.contains("opr/") || agent.contains("opt/") || agent.contains("opera") {
            browser = .opera
        } else if agent.contains("firefox/") || agent.contains("fxios/") {
            browser = .firefox
        } else if agent.contains("crios/") || agent.contains("chrome/") || agent.contains("chromium/") {
            browser = .chrome
        } else if agent.contains("safari/"), agent.contains("version/") {
            browser = .safari
        } else {
            browser = .other
        }
        if iPad {
            device = .tablet
        } else if iPhone {
            device = .phone
        } else if system == .android {
            device = agent.contains("mobile") ? .phone : .tablet
        } else {
            device = .desktop
        }
    }
}

/// A header's bytes, ASCII-lowercased once, searched for lowercase markers without Foundation.
struct LowerBytes {
    let bytes: [UInt8]

    func contains(_ marker: StaticString) -> Bool { index(of: marker) != nil }

    /// Where `marker` starts, if it occurs.
    func index(of marker: StaticString) -> Int? {
        marker.withUTF8Buffer { needle -> Int? in
            guard let first = needle.first, bytes.count >= needle.count else { return nil }
            return bytes.withUnsafeBufferPointer { haystack -> Int? in
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    var matched = 1
                    while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return start }
                }
                return nil
            }
        }
    }

    /// The version written right after `marker`: digits separated by `.` or `_` (`17_4_1`, `10.0`).
    func version(after marker: StaticString) -> RuleVersion? {
        guard let start = index(of: marker) else { return nil }
        var numbers: [Int] = []
        var current = 0, digits = 0
        var position = start + marker.utf8CodeUnitCount
        while position < bytes.count, numbers.count < 4 {
            let byte = bytes[position]
            if byte >= 48, byte <= 57, digits < 9 {
                current = current * 10 + Int(byte - 48)
                digits += 1
            } else if (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")), digits > 0 {
                numbers.append(current)
                current = 0
                digits = 0
            } else {
                break
            }
            position += 1
        }
        if digits > 0, numbers.count < 4 { numbers.append(current) }
        return numbers.isEmpty ? nil : RuleVersion(numbers: numbers)
    }
}

/// `Accept-Language`, read: the tags it accepts with their quality.
public struct AcceptedLanguages: Sendable, Hashable {
    /// The tags (lowercased) with a quality above 0, in the header's order, at most 32.
    public let accepted: [String]

    /// Reads the header's first 1,024 bytes: `fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5`. An item whose
    /// quality does not read (`q=high`, `q=2`) is left out, as RFC 9110 has a recipient do with an
    /// invalid one; `q=0` means "not this one". `*` is kept as written and matches no named language.
    public init(_ header: String?) {
        var accepted: [String] = []
        let text = String(decoding: (header ?? "").utf8.prefix(1024), as: UTF8.self).lowercased()
        for item in text.split(separator: ",").prefix(32) {
            let parts = item.split(separator: ";")
            guard let first = parts.first else { continue }
            let tag = first.trimmingCharacters(in: .whitespaces)
            guard !tag.isEmpty else { continue }
            var quality = 1.0
            var readable = true
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingCharacters(in: .whitespaces)
                guard pair.hasPrefix("q=") else { continue }
                let number = pair.dropFirst(2)
                if number.utf8.count <= 5, let value = Double(number), value >= 0, value <= 1,
                   number.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }) {
                    quality = value
                } else {
                    readable = false
                }
            }
            if readable, quality > 0 { accepted.append(tag) }
        }
        self.accepted = accepted
    }

    /// Whether `tag` (lowercased) is accepted: a bare language (`fr`) by any of its tags (`fr`,
    /// `fr-ca`); a tag with subtags (`fr-ca`) by itself or a longer one (`fr-ca-x`).
    public func accepts(_ tag: String) -> Bool {
        accepted.contains { $0 == tag || ($0.hasPrefix(tag) && $0.utf8.dropFirst(tag.utf8.count).first == UInt8(ascii: "-")) }
    }
}

/// Language tags as rules take them (BCP 47's shape, loosely): 2 or 3 letters, then optional
/// `-` subtags of 1 to 8 letters or digits.
enum LanguageTag {
    static func isWellFormed(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.utf8.count),
              language.utf8.allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.utf8.count) && part.utf8.allSatisfy { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 || ($0 >= 48 && $0 <= 57) }
        }
    }
}

/// Where the service finds a client address's country: the GeoIP database the operator gives
/// (`--geoip FILE`), or a stand-in in tests.
public protocol CountryLookup: Sendable {
    /// The address's country (ISO 3166-1 alpha-2, uppercase); nil when the database has none.
    func country(of address: IPAddress) -> String?
}
