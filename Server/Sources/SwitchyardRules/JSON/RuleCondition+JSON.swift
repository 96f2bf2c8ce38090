import Foundation
@_spi(SwitchyardService) public import Switchyard

extension RuleCondition {
    /// Reads one condition at `path` (`rules[0].conditions[1]`): an object with a `type` and the
    /// members that type takes, no others.
    ///
    /// - Parameter countryDatabase: whether the service has a GeoIP database; without one a
    ///   country condition is refused, saying how to give one.
    /// - Throws: ``RuleError``: `rules[0].conditions[0].type: 'moon' is not a condition type
    ///   (platform, device, ...)`, and the like.
    public init(from value: JSONValue, at path: String, countryDatabase: Bool) throws(RuleError) {
        guard case .object(let members) = value else { throw RuleError(path, "must be an object with a 'type', got \(value.kindName)") }
        guard let typeValue = members["type"] else { throw RuleError(path, "needs a 'type' (\(Self.types.joined(separator: ", ")))") }
        let type = try RedirectRule.text(typeValue, at: path + ".type", maximum: 64)
        let reader = Reader(value: value, path: path, type: type)
        switch type {
        case "platform":
            self = .platform(try reader.choice(of: RulePlatform.self, in: try reader.only(["value"]), excluding: [.crawler]))
        case "device":
            self = .device(try reader.choice(of: DeviceClass.self, in: try reader.only(["value"])))
        case "os":
            let members = try reader.only(["value", "minVersion", "maxVersion"])
            let system = try reader.choice(of: OperatingSystem.self, in: members)
            let (minimum, maximum) = try reader.bounds(in: members, required: false)
            self = .os(system, minVersion: minimum, maxVersion: maximum)
        case "browser":
            self = .browser(try reader.choice(of: Browser.self, in: try reader.only(["value"])))
        case "language":
            let text = try RedirectRule.text(try reader.only(["value"])["value"], at: path + ".value", maximum: 35)
            guard let tag = LanguageTag.canonical(text) else {
                throw RuleError(path + ".value", "'\(text)' is not a language tag (a language of 2 or 3 letters, then optional -subtags: fr, fr-CA, zh-Hant)")
            }
            self = .language(tag)
        case "query":
            let members = try reader.only(["name", "match", "value"])
            let name = try RedirectRule.text(members["name"], at: path + ".name", maximum: RedirectRule.maximumParameterName)
            let match = try RedirectRule.text(members["match"], at: path + ".match", maximum: 16)
            switch match {
            case "present", "absent":
                guard members["value"] == nil || members["value"]?.isNull == true else {
                    throw RuleError(path + ".value", "goes with match 'equals' only")
                }
                self = .query(name: name, match: match == "present" ? .present : .absent)
            case "equals":
                self = .query(name: name, match: .equals(try RedirectRule.text(members["value"], at: path + ".value")))
            default:
                throw RuleError(path + ".match", "'\(match)' is not a match (present, equals, absent)")
            }
        case "address":
            let text = try RedirectRule.text(try reader.only(["value"])["value"], at: path + ".value", maximum: 64)
            do { self = .address(try AddressRange(parsing: text)) } catch { throw RuleError(path + ".value", error.message) }
        case "country":
            let text = try RedirectRule.text(try reader.only(["value"])["value"], at: path + ".value", maximum: 8)
            guard text.utf8.count == 2, text.utf8.allSatisfy(\.isASCIILetter) else {
                throw RuleError(path + ".value", "'\(text)' is not a country code (two letters, ISO 3166-1 alpha-2, like FR)")
            }
            guard countryDatabase else {
                throw RuleError(path, "a country condition needs a country database: start the service with --geoip FILE (GeoLite2 Country or DB-IP Lite)")
            }
            self = .country(text.uppercased())
        case "before":
            self = .before(try reader.instant(in: try reader.only(["value"])))
        case "after":
            self = .after(try reader.instant(in: try reader.only(["value"])))
        case "appVersion":
            let (minimum, maximum) = try reader.bounds(in: try reader.only(["minVersion", "maxVersion"]), required: true)
            self = .appVersion(minVersion: minimum, maxVersion: maximum)
        case "crawler":
            _ = try reader.only([])
            self = .crawler
        default:
            throw RuleError(path + ".type", "'\(type.prefix(64))' is not a condition type (\(Self.types.joined(separator: ", ")))")
        }
    }

    /// The condition as the API writes it.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["type": .string(type)]
        func bounds(_ minimum: DottedVersion?, _ maximum: DottedVersion?) {
            if let minimum { members["minVersion"] = .string(minimum.description) }
            if let maximum { members["maxVersion"] = .string(maximum.description) }
        }
        switch self {
        case .platform(let platform): members["value"] = .string(platform.rawValue)
        case .device(let device): members["value"] = .string(device.rawValue)
        case .os(let system, let minimum, let maximum):
            members["value"] = .string(system.rawValue)
            bounds(minimum, maximum)
        case .browser(let browser): members["value"] = .string(browser.rawValue)
        case .language(let tag): members["value"] = .string(tag)
        case .query(let name, let match):
            members["name"] = .string(name)
            switch match {
            case .present: members["match"] = "present"
            case .absent: members["match"] = "absent"
            case .equals(let value):
                members["match"] = "equals"
                members["value"] = .string(value)
            }
        case .address(let range): members["value"] = .string(range.description)
        case .country(let country): members["value"] = .string(country)
        case .before(let date), .after(let date): members["value"] = .string(RuleInstant.text(date))
        case .appVersion(let minimum, let maximum): bounds(minimum, maximum)
        case .crawler: break
        }
        return .object(members)
    }

    /// The pieces of one condition's reading, each naming its member's path.
    private struct Reader {
        let value: JSONValue
        let path: String
        let type: String

        /// The members, refused when one is not `type` or in `allowed`.
        func only(_ allowed: Set<String>) throws(RuleError) -> [String: JSONValue] {
            try RedirectRule.object(value, at: path, allowed: allowed.union(["type"]))
        }

        /// `value`, one of `T`'s raw values (case-insensitively) other than `excluding`.
        func choice<T: RawRepresentable & CaseIterable>(of _: T.Type, in members: [String: JSONValue], excluding: [T] = []) throws(RuleError) -> T
            where T.RawValue == String {
            let text = try RedirectRule.text(members["value"], at: path + ".value", maximum: 64)
            let options = T.allCases.filter { option in !excluding.contains { $0.rawValue == option.rawValue } }
            guard let choice = options.first(where: { $0.rawValue == text.lowercased() }) else {
                throw RuleError(path + ".value", "'\(text)' is not a \(type) (\(options.map(\.rawValue).joined(separator: ", ")))")
            }
            return choice
        }

        /// `minVersion` and `maxVersion`, each optional unless `required` (then one at least),
        /// the first not above the second.
        func bounds(in members: [String: JSONValue], required: Bool) throws(RuleError) -> (DottedVersion?, DottedVersion?) {
            let minimum = try version("minVersion", in: members), maximum = try version("maxVersion", in: members)
            if required, minimum == nil, maximum == nil { throw RuleError(path, "needs 'minVersion', 'maxVersion' or both") }
            if let minimum, let maximum, maximum < minimum {
                throw RuleError(path, "'minVersion' \(minimum) is above 'maxVersion' \(maximum)")
            }
            return (minimum, maximum)
        }

        private func version(_ name: String, in members: [String: JSONValue]) throws(RuleError) -> DottedVersion? {
            guard let text = try RedirectRule.optionalText(members[name], at: "\(path).\(name)", maximum: 40) else { return nil }
            guard let version = DottedVersion(text) else {
                throw RuleError("\(path).\(name)", "'\(text)' is not a version (1 to 4 dot-separated numbers, like 17.4)")
            }
            return version
        }

        /// `value`, an ISO 8601 instant with a time zone.
        func instant(in members: [String: JSONValue]) throws(RuleError) -> Date {
            let text = try RedirectRule.text(members["value"], at: path + ".value", maximum: 64)
            guard let date = RuleInstant.parse(text) else {
                throw RuleError(path + ".value", "'\(text)' is not an ISO 8601 instant with a time zone (2026-12-24T00:00:00Z)")
            }
            return date
        }
    }
}
