import Foundation
@_spi(SwitchyardService) import Switchyard

/// Firebase's REST `dynamicLinkInfo` object: its fields by section, read with Firebase's error
/// messages and written back as the long link's query string they stand for, so that one parser
/// (``FirebaseLongLink``) reads both forms. One table (``fields``) drives the decoding, the query
/// and the schema.
struct FirebaseLinkInfo: Codable, Sendable, Hashable {
    /// The Firebase domain the link was for; only warned about.
    var domainUriPrefix: String?
    /// The older name of that domain; only warned about.
    var dynamicLinkDomain: String?
    /// Each section's values by field name; the top level's `link` under "".
    var values: [String: [String: String]] = [:]
    /// `navigationInfo.enableForcedRedirect`.
    var enableForcedRedirect: Bool?

    /// Each section's fields and the long-link parameter each one becomes.
    static let fields: [String: [String: String]] = [
        "": ["link": "link"],
        "androidInfo": ["androidPackageName": "apn", "androidFallbackLink": "afl", "androidMinPackageVersionCode": "amv"],
        "iosInfo": ["iosBundleId": "ibi", "iosFallbackLink": "ifl", "iosCustomScheme": "ius", "iosIpadFallbackLink": "ipfl",
                    "iosIpadBundleId": "ipbi", "iosAppStoreId": "isi", "iosMinimumVersion": "imv"],
        "socialMetaTagInfo": ["socialTitle": "st", "socialDescription": "sd", "socialImageLink": "si"],
        "otherPlatformInfo": ["fallbackUrl": "ofl"],
        "desktopInfo": ["desktopFallbackLink": "ofl"],
        "googlePlayAnalytics": ["utmSource": "utm_source", "utmMedium": "utm_medium", "utmCampaign": "utm_campaign",
                                "utmTerm": "utm_term", "utmContent": "utm_content", "gclid": "gclid"],
        "itunesConnectAnalytics": ["at": "at", "ct": "ct", "mt": "mt", "pt": "pt"],
    ]

    /// The sections at the top level; `analyticsInfo` holds the two analytics sections.
    static let topSections = ["androidInfo", "iosInfo", "socialMetaTagInfo", "otherPlatformInfo", "desktopInfo"]
    static let analyticsSections = ["googlePlayAnalytics", "itunesConnectAnalytics"]

    /// The top level's own members.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case domainUriPrefix, dynamicLinkDomain, link, androidInfo, iosInfo, navigationInfo, socialMetaTagInfo,
             otherPlatformInfo, desktopInfo, analyticsInfo
    }

    typealias FieldKey = BodyFields.FieldKey

    /// Creates an empty object.
    init() {}

    /// Reads the object with Firebase's messages (`Invalid JSON payload received. Unknown name
    /// "iosBundleID" at 'dynamicLinkInfo.iosInfo': Cannot find field.`); a number is accepted
    /// for a text field as its integer.
    init(from decoder: any Decoder) throws {
        try read(decoder.container(keyedBy: FieldKey.self), section: "", path: "dynamicLinkInfo.")
    }

    private mutating func read(_ container: KeyedDecodingContainer<FieldKey>, section: String, path: String) throws {
        func unknown(_ key: String) -> Problem {
            FirebaseShortLinksAPI.invalid("Invalid JSON payload received. Unknown name \"\(key)\" at '\(String(path.dropLast()))': Cannot find field.")
        }
        let names = Self.fields[section] ?? [:]
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            let name = key.stringValue
            let value = try container.decode(JSONValue.self, forKey: key)
            if names[name] != nil {
                switch value {
                case .string(let text): values[section, default: [:]][name] = text
                case .number(let number) where number == number.rounded() && abs(number) < 1e15:
                    values[section, default: [:]][name] = String(Int64(number))
                case .null: continue
                default: throw FirebaseShortLinksAPI.invalid("'\(path)\(name)' must be a string.")
                }
                continue
            }
            switch (section, name, value) {
            case ("", "domainUriPrefix", .string(let prefix)): domainUriPrefix = prefix
            case ("", "dynamicLinkDomain", .string(let domain)): dynamicLinkDomain = domain
            case ("", _, .object) where Self.topSections.contains(name) || name == "analyticsInfo",
                 ("analyticsInfo", _, .object) where Self.analyticsSections.contains(name):
                try read(container.nestedContainer(keyedBy: FieldKey.self, forKey: key), section: name, path: "\(path)\(name).")
            case ("", "navigationInfo", .object(let inner)):
                for (member, flag) in inner.sorted(by: { $0.key < $1.key }) {
                    guard member == "enableForcedRedirect" else {
                        throw FirebaseShortLinksAPI.invalid("Invalid JSON payload received. Unknown name \"\(member)\" at '\(path)navigationInfo': Cannot find field.")
                    }
                    guard case .bool(let on) = flag else {
                        throw FirebaseShortLinksAPI.invalid("'\(path)navigationInfo.enableForcedRedirect' must be true or false.")
                    }
                    enableForcedRedirect = on
                }
            default:
                throw unknown(name)
            }
        }
    }

    /// Writes the object back: its sections nested as Firebase has them.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encodeIfPresent(domainUriPrefix, forKey: FieldKey("domainUriPrefix"))
        try container.encodeIfPresent(dynamicLinkDomain, forKey: FieldKey("dynamicLinkDomain"))
        try container.encodeIfPresent(values[""]?["link"], forKey: FieldKey("link"))
        for section in Self.topSections {
            if let members = values[section] { try container.encode(members, forKey: FieldKey(section)) }
        }
        let analytics = values.filter { Self.analyticsSections.contains($0.key) }
        if !analytics.isEmpty { try container.encode(analytics, forKey: FieldKey("analyticsInfo")) }
        if let enableForcedRedirect {
            try container.encode(["enableForcedRedirect": enableForcedRedirect], forKey: FieldKey("navigationInfo"))
        }
    }

    /// The host the request asks the short link to be on: `domainUriPrefix`'s (`https://promo.example.com`
    /// or `https://promo.example.com/go`), else `dynamicLinkDomain` (a bare host); lowercased.
    var requestedHost: String? {
        if let prefix = domainUriPrefix { return URLComponents(string: prefix)?.host.flatMap(DomainHost.bare) }
        return dynamicLinkDomain.flatMap(DomainHost.bare)
    }

    /// The query string (`link=...&apn=...`) this object stands for, with a warning when the
    /// domain it asks for is not `baseURL` (the base of the domain the short link is made on, which
    /// the caller picked from ``requestedHost`` among the team's domains).
    func query(baseURL: String, warnings: inout [FirebaseShortLinkResponse.Warning]) -> String {
        let baseHost = URLComponents(string: baseURL)?.host.flatMap(DomainHost.bare)
        if let prefix = domainUriPrefix, requestedHost != baseHost {
            warnings.append(.init("DOMAIN_URI_PREFIX_IGNORED",
                                  "domainUriPrefix '\(prefix)' is not a domain of this team; the short link is on \(baseURL)."))
        } else if let domain = dynamicLinkDomain, domainUriPrefix == nil, requestedHost != baseHost {
            warnings.append(.init("DOMAIN_URI_PREFIX_IGNORED", "dynamicLinkDomain '\(domain)' is not a domain of this team; the short link is on \(baseURL)."))
        }
        // The order of the members' names, as Firebase's own reader met them.
        var pairs: [(String, String)] = []
        func add(_ section: String) {
            let names = Self.fields[section] ?? [:]
            for (name, value) in (values[section] ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let parameter = names[name] { pairs.append((parameter, value)) }
            }
        }
        for section in Self.analyticsSections + ["androidInfo", "desktopInfo", "iosInfo", ""] { add(section) }
        if enableForcedRedirect == true { pairs.append(("efr", "1")) }
        for section in ["otherPlatformInfo", "socialMetaTagInfo"] { add(section) }
        return pairs.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    }

    private static func trimmed(_ url: String) -> String {
        var text = url.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}

extension FirebaseLinkInfo: OpenAPISchema {
    static let schemaName = "FirebaseDynamicLinkInfo"

    /// Built from ``fields``: every field a string (URLs described as such).
    static var schema: JSONSchema {
        let urls: Set<String> = ["link", "androidFallbackLink", "socialImageLink", "fallbackUrl", "desktopFallbackLink"]
        func section(_ name: String) -> JSONSchema {
            var properties: [String: JSONSchema] = [:]
            for field in (fields[name] ?? [:]).keys {
                properties[field] = urls.contains(field) ? .string("An absolute http or https URL.", maxLength: 2048) : .string(maxLength: 2048)
            }
            return .object(properties, additionalProperties: .forbidden)
        }
        var properties = section("").properties
        properties["domainUriPrefix"] = .string(maxLength: 2048)
        properties["dynamicLinkDomain"] = .string(maxLength: 2048)
        for name in topSections { properties[name] = section(name) }
        properties["navigationInfo"] = .object(["enableForcedRedirect": .boolean], additionalProperties: .forbidden)
        properties["analyticsInfo"] = .object(Dictionary(uniqueKeysWithValues: analyticsSections.map { ($0, section($0)) }),
                                              additionalProperties: .forbidden)
        return .object(properties, additionalProperties: .forbidden)
    }
}
