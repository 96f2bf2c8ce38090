import Foundation
@_spi(SwitchyardService) public import Switchyard

/// Reading rules from the API's JSON (every problem named by its path and bounded in size), and
/// writing them back in the same shape (what the store keeps and the answers show).
extension RedirectRule {
    /// The most rules a link or a team default carries.
    public static let maximumRules = 20
    /// The most conditions a rule has.
    public static let maximumConditions = 10
    /// The longest name, value or query name (characters).
    static let maximumText = 200
    /// The longest URL target.
    public static let maximumURL = 2048

    /// Reads `value`, the JSON array of a link's rules, at `path` (`rules`).
    ///
    /// - Parameter countryDatabase: whether the service has a GeoIP database; without one a
    ///   country condition is refused, saying how to give one.
    /// - Throws: ``RuleError`` naming the first thing wrong: `rules[1].conditions[0].value: 'XX' is
    ///   not a country code (two letters, ISO 3166-1 alpha-2, like FR)`.
    public static func rules(from value: JSONValue, at path: String = "rules", countryDatabase: Bool) throws(RuleError) -> [RedirectRule] {
        guard case .array(let elements) = value else { throw RuleError(path, "must be an array of rules, got \(value.kindName)") }
        guard elements.count <= maximumRules else { throw RuleError(path, "has \(elements.count) rules; a link has \(maximumRules) at most") }
        var rules: [RedirectRule] = []
        for (index, element) in elements.enumerated() {
            rules.append(try rule(from: element, at: "\(path)[\(index)]", countryDatabase: countryDatabase))
        }
        return rules
    }

    /// Reads one rule at `path`.
    static func rule(from value: JSONValue, at path: String, countryDatabase: Bool) throws(RuleError) -> RedirectRule {
        let members = try object(value, at: path, allowed: ["name", "conditions", "target"])
        let name = try optionalText(members["name"], at: path + ".name")
        guard let conditionsValue = members["conditions"] else { throw RuleError(path, "needs 'conditions', a list of one condition at least") }
        guard case .array(let list) = conditionsValue else {
            throw RuleError(path + ".conditions", "must be an array of conditions, got \(conditionsValue.kindName)")
        }
        guard !list.isEmpty else { throw RuleError(path + ".conditions", "is empty; a rule needs one condition at least") }
        guard list.count <= maximumConditions else {
            throw RuleError(path + ".conditions", "has \(list.count) conditions; a rule has \(maximumConditions) at most")
        }
        var conditions: [RuleCondition] = []
        for (index, element) in list.enumerated() {
            conditions.append(try RuleCondition(from: element, at: "\(path).conditions[\(index)]", countryDatabase: countryDatabase))
        }
        guard let targetValue = members["target"] else { throw RuleError(path, "needs a 'target': {\"url\": ...} or {\"route\": ..., \"parameters\": {...}}") }
        return RedirectRule(name: name, conditions: conditions, target: try RuleTarget(from: targetValue, at: path + ".target"))
    }

    /// The rule as the API writes it.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["conditions": .array(conditions.map(\.json)), "target": target.json]
        if let name { members["name"] = .string(name) }
        return .object(members)
    }

    /// Rules as the store keeps them: their JSON text.
    public static func storedText(_ rules: [RedirectRule]) -> String {
        JSONValue.array(rules.map(\.json)).serialized()
    }

    /// Rules the store kept (read back without the country check: a stored country rule stays,
    /// and is explained as unknowable while the service has no database).
    public static func stored(_ text: String) throws(RuleError) -> [RedirectRule] {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch { throw RuleError("rules", "the stored rules are not JSON: \(error)") }
        return try rules(from: value, countryDatabase: true)
    }

    // MARK: Reading pieces

    static func object(_ value: JSONValue, at path: String, allowed: Set<String>) throws(RuleError) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw RuleError(path, "must be an object, got \(value.kindName)") }
        if let unknown = members.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw RuleError(path, "has an unknown member '\(unknown.prefix(64))' (known: \(allowed.sorted().joined(separator: ", ")))")
        }
        return members
    }

    static func text(_ value: JSONValue?, at path: String, maximum: Int = maximumText) throws(RuleError) -> String {
        guard let value else { throw RuleError(path, "is required") }
        guard case .string(let text) = value else { throw RuleError(path, "must be a string, got \(value.kindName)") }
        guard !text.isEmpty else { throw RuleError(path, "is empty") }
        guard text.unicodeScalars.count <= maximum else { throw RuleError(path, "is over \(maximum) characters") }
        return text
    }

    static func optionalText(_ value: JSONValue?, at path: String, maximum: Int = maximumText) throws(RuleError) -> String? {
        guard let value, !value.isNull else { return nil }
        return try text(value, at: path, maximum: maximum)
    }
}

extension RuleTarget {
    /// Reads `{"url": ...}` or `{"route": ..., "parameters": {...}}` at `path`. A URL is an
    /// absolute http or https URL with a host (the service checks its allowed domains); a route is
    /// checked against the route table by the service.
    public init(from value: JSONValue, at path: String) throws(RuleError) {
        let members = try RedirectRule.object(value, at: path, allowed: ["url", "route", "parameters"])
        switch (members["url"], members["route"]) {
        case (let url?, nil):
            guard members["parameters"] == nil else { throw RuleError(path + ".parameters", "goes with a route, not a URL") }
            let text = try RedirectRule.text(url, at: path + ".url", maximum: RedirectRule.maximumURL)
            guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
                  scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty else {
                throw RuleError(path + ".url", "'\(text.prefix(200))' is not an absolute http or https URL")
            }
            self = .url(text)
        case (nil, let route?):
            let name = try RedirectRule.text(route, at: path + ".route")
            var parameters: [String: String] = [:]
            if let given = members["parameters"], !given.isNull {
                guard case .object(let pairs) = given else {
                    throw RuleError(path + ".parameters", "must be an object of strings, got \(given.kindName)")
                }
                guard pairs.count <= 20 else { throw RuleError(path + ".parameters", "has \(pairs.count) parameters; 20 at most") }
                for (key, value) in pairs {
                    guard key.unicodeScalars.count <= 100 else { throw RuleError(path + ".parameters", "has a name over 100 characters") }
                    parameters[key] = try RedirectRule.text(value, at: "\(path).parameters.\(key)")
                }
            }
            self = .route(name, parameters: parameters)
        case (nil, nil):
            throw RuleError(path, "needs 'url' or 'route'")
        case (.some, .some):
            throw RuleError(path, "has both 'url' and 'route'; give one")
        }
    }

    /// The target as the API writes it.
    public var json: JSONValue {
        switch self {
        case .url(let url): ["url": .string(url)]
        case .route(let route, let parameters):
            .object(["route": .string(route), "parameters": .object(parameters.mapValues(JSONValue.string))])
        }
    }
}

extension RuleCondition {
    /// Reads one condition at `path`.
    public init(from value: JSONValue, at path: String, countryDatabase: Bool) throws(RuleError) {
        guard case .object(let members) = value else { throw RuleError(path, "must be an object with a 'type', got \(value.kindName)") }
        guard let typeValue = members["type"] else { throw RuleError(path, "needs a 'type' (\(Self.types.joined(separator: ", ")))") }
        let type = try RedirectRule.text(typeValue, at: path + ".type", maximum: 64)
        func only(_ allowed: Set<String>) throws(RuleError) -> [String: JSONValue] {
            try RedirectRule.object(value, at: path, allowed: allowed.union(["type"]))
        }
        func choice<T: RawRepresentable & CaseIterable>(_: T.Type, _ members: [String: JSONValue], excluding: [T] = []) throws(RuleError) -> T
            where T.RawValue == String {
            let text = try RedirectRule.text(members["value"], at: path + ".value", maximum: 64)
            let options = T.allCases.filter { option in !excluding.contains { $0.rawValue == option.rawValue } }
            guard let choice = options.first(where: { $0.rawValue == text.lowercased() }) else {
                throw RuleError(path + ".value", "'\(text)' is not a \(type) (\(options.map(\.rawValue).joined(separator: ", ")))")
            }
            return choice
        }
        func version(_ name: String, _ members: [String: JSONValue]) throws(RuleError) -> RuleVersion? {
            guard let text = try RedirectRule.optionalText(members[name], at: "\(path).\(name)", maximum: 40) else { return nil }
            guard let version = RuleVersion(text) else {
                throw RuleError("\(path).\(name)", "'\(text)' is not a version (1 to 4 dot-separated numbers, like 17.4)")
            }
            return version
        }
        func bounds(_ members: [String: JSONValue], required: Bool) throws(RuleError) -> (RuleVersion?, RuleVersion?) {
            let minimum = try version("minVersion", members), maximum = try version("maxVersion", members)
            if required, minimum == nil, maximum == nil { throw RuleError(path, "needs 'minVersion', 'maxVersion' or both") }
            if let minimum, let maximum, maximum < minimum {
                throw RuleError(path, "'minVersion' \(minimum) is above 'maxVersion' \(maximum)")
            }
            return (minimum, maximum)
        }
        func instant(_ members: [String: JSONValue]) throws(RuleError) -> Date {
            let text = try RedirectRule.text(members["value"], at: path + ".value", maximum: 64)
            guard let date = RuleInstant.parse(text) else {
                throw RuleError(path + ".value", "'\(text)' is not an ISO 8601 instant with a time zone (2026-12-24T00:00:00Z)")
            }
            return date
        }

        switch type {
        case "platform":
            self = .platform(try choice(RulePlatform.self, try only(["value"]), excluding: [.crawler]))
        case "device":
            self = .device(try choice(DeviceClass.self, try only(["value"])))
        case "os":
            let members = try only(["value", "minVersion", "maxVersion"])
            let system = try choice(OperatingSystem.self, members)
            let (minimum, maximum) = try bounds(members, required: false)
            self = .os(system, minVersion: minimum, maxVersion: maximum)
        case "browser":
            self = .browser(try choice(Browser.self, try only(["value"])))
        case "language":
            let text = try RedirectRule.text(try only(["value"])["value"], at: path + ".value", maximum: 35)
            guard LanguageTag.isWellFormed(text) else {
                throw RuleError(path + ".value", "'\(text)' is not a language tag (a language of 2 or 3 letters, then optional -subtags: fr, fr-CA, zh-Hant)")
            }
            self = .language(text.lowercased())
        case "query":
            let members = try only(["name", "match", "value"])
            let name = try RedirectRule.text(members["name"], at: path + ".name", maximum: 100)
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
            let text = try RedirectRule.text(try only(["value"])["value"], at: path + ".value", maximum: 64)
            do { self = .address(try AddressRange(parsing: text)) } catch { throw RuleError(path + ".value", error.message) }
        case "country":
            let text = try RedirectRule.text(try only(["value"])["value"], at: path + ".value", maximum: 8)
            guard text.utf8.count == 2, text.utf8.allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }) else {
                throw RuleError(path + ".value", "'\(text)' is not a country code (two letters, ISO 3166-1 alpha-2, like FR)")
            }
            guard countryDatabase else {
                throw RuleError(path, "a country condition needs a country database: start the service with --geoip FILE (GeoLite2 Country or DB-IP Lite)")
            }
            self = .country(text.uppercased())
        case "before":
            self = .before(try instant(try only(["value"])))
        case "after":
            self = .after(try instant(try only(["value"])))
        case "appVersion":
            let (minimum, maximum) = try bounds(try only(["minVersion", "maxVersion"]), required: true)
            self = .appVersion(minVersion: minimum, maxVersion: maximum)
        case "crawler":
            _ = try only([])
            self = .crawler
        default:
            throw RuleError(path + ".type", "'\(type.prefix(64))' is not a condition type (\(Self.types.joined(separator: ", ")))")
        }
    }

    /// The condition as the API writes it.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["type": .string(type)]
        func bounds(_ minimum: RuleVersion?, _ maximum: RuleVersion?) {
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

    /// A short description, for explain and the dashboard: `language is fr`, `query ref equals mail`.
    public var summary: String {
        func range(_ minimum: RuleVersion?, _ maximum: RuleVersion?) -> String {
            switch (minimum, maximum) {
            case (let low?, let high?): " \(low) to \(high)"
            case (let low?, nil): " \(low) or later"
            case (nil, let high?): " \(high) or earlier"
            case (nil, nil): ""
            }
        }
        return switch self {
        case .platform(let platform): "platform is \(platform.rawValue)"
        case .device(let device): "device is a \(device.rawValue)"
        case .os(let system, let minimum, let maximum): "OS is \(system.rawValue)\(range(minimum, maximum))"
        case .browser(let browser): "browser is \(browser.rawValue)"
        case .language(let tag): "language is \(tag)"
        case .query(let name, .present): "query \(name) is present"
        case .query(let name, .absent): "query \(name) is absent"
        case .query(let name, .equals(let value)): "query \(name) equals \(value)"
        case .address(let range): "address in \(range)"
        case .country(let country): "country is \(country)"
        case .before(let date): "before \(RuleInstant.text(date))"
        case .after(let date): "from \(RuleInstant.text(date))"
        case .appVersion(let minimum, let maximum): "app version\(range(minimum, maximum))"
        case .crawler: "a link-preview crawler"
        }
    }
}

/// Instants as rules write them: ISO 8601 with a time zone, fractional seconds allowed; written
/// back in UTC with milliseconds when they have some.
enum RuleInstant {
    static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        formatter.formatOptions = whole ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

extension JSONValue {
    /// What a value is, for messages: `a string`, `an object`... (the bot-pattern file's reader says it too).
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension RedirectRule: Codable {
    /// Decodes the API's JSON shape (a stored rule: a country condition is kept without a database).
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            self = try Self.rule(from: value, at: "rule", countryDatabase: true)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes the API's JSON shape.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
