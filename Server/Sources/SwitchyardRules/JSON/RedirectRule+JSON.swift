@_spi(SwitchyardService) public import Switchyard

/// Reading rules from the API's JSON (every problem named by its path, every size bounded), and
/// writing them back in the same shape (what the store keeps and the answers show). This reader is
/// the one place where a rule is checked: ``validate(_:at:countryDatabase:)`` and `Codable` read
/// through it too.
extension RedirectRule {
    /// Reads `value`, the JSON array of a link's rules, at `path` (`rules`).
    ///
    /// ```swift
    /// let rules = try RedirectRule.rules(from: JSONValue.parse(body)["rules"]!, countryDatabase: geoIP != nil)
    /// ```
    ///
    /// - Parameter countryDatabase: whether the service has a GeoIP database; without one a
    ///   country condition is refused, saying how to give one.
    /// - Throws: ``RuleError`` naming the first thing wrong: `rules[1].conditions[0].value: 'XX' is
    ///   not a country code (two letters, ISO 3166-1 alpha-2, like FR)`.
    /// - Complexity: O(*n*) in the size of `value`, which is refused past 20 rules of 10 conditions.
    public static func rules(from value: JSONValue, at path: String = "rules", countryDatabase: Bool) throws(RuleError) -> [RedirectRule] {
        guard case .array(let elements) = value else { throw RuleError(path, "must be an array of rules, got \(value.kindName)") }
        guard elements.count <= maximumRules else { throw RuleError(path, "has \(elements.count) rules; a link has \(maximumRules) at most") }
        var rules: [RedirectRule] = []
        rules.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            rules.append(try RedirectRule(from: element, at: "\(path)[\(index)]", countryDatabase: countryDatabase))
        }
        return rules
    }

    /// Checks rules built in Swift as ``rules(from:at:countryDatabase:)`` checks the API's: the
    /// same limits and messages, by reading back their JSON.
    ///
    /// ```swift
    /// let rule = RedirectRule(conditions: [.country("FR")], target: .url("https://shop.example.com/fr"))
    /// try RedirectRule.validate([rule], countryDatabase: false)
    /// // rules[0].conditions[0]: a country condition needs a country database: start the service with --geoip FILE (...)
    /// ```
    ///
    /// - Throws: ``RuleError`` naming the first thing wrong and its path.
    public static func validate(_ rules: [RedirectRule], at path: String = "rules", countryDatabase: Bool) throws(RuleError) {
        _ = try self.rules(from: .array(rules.map(\.json)), at: path, countryDatabase: countryDatabase)
    }

    /// Reads one rule at `path` (`rules[0]`).
    ///
    /// - Throws: ``RuleError`` naming the first thing wrong and its path.
    public init(from value: JSONValue, at path: String, countryDatabase: Bool) throws(RuleError) {
        let members = try Self.object(value, at: path, allowed: ["name", "conditions", "target"])
        let name = try Self.optionalText(members["name"], at: path + ".name")
        guard let conditionsValue = members["conditions"] else { throw RuleError(path, "needs 'conditions', a list of one condition at least") }
        guard case .array(let list) = conditionsValue else {
            throw RuleError(path + ".conditions", "must be an array of conditions, got \(conditionsValue.kindName)")
        }
        guard !list.isEmpty else { throw RuleError(path + ".conditions", "is empty; a rule needs one condition at least") }
        guard list.count <= Self.maximumConditions else {
            throw RuleError(path + ".conditions", "has \(list.count) conditions; a rule has \(Self.maximumConditions) at most")
        }
        var conditions: [RuleCondition] = []
        conditions.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            conditions.append(try RuleCondition(from: element, at: "\(path).conditions[\(index)]", countryDatabase: countryDatabase))
        }
        guard let targetValue = members["target"] else { throw RuleError(path, "needs a 'target': {\"url\": ...} or {\"route\": ..., \"parameters\": {...}}") }
        self.init(name: name, conditions: conditions, target: try RuleTarget(from: targetValue, at: path + ".target"))
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

    /// The members of the object `value`, refused when it is not one or has a member outside `allowed`.
    static func object(_ value: JSONValue, at path: String, allowed: Set<String>) throws(RuleError) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw RuleError(path, "must be an object, got \(value.kindName)") }
        if let unknown = members.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw RuleError(path, "has an unknown member '\(unknown.prefix(64))' (known: \(allowed.sorted().joined(separator: ", ")))")
        }
        return members
    }

    /// A required, non-empty string of at most `maximum` characters.
    static func text(_ value: JSONValue?, at path: String, maximum: Int = maximumText) throws(RuleError) -> String {
        guard let value else { throw RuleError(path, "is required") }
        guard case .string(let text) = value else { throw RuleError(path, "must be a string, got \(value.kindName)") }
        guard !text.isEmpty else { throw RuleError(path, "is empty") }
        guard text.unicodeScalars.count <= maximum else { throw RuleError(path, "is over \(maximum) characters") }
        return text
    }

    /// As ``text(_:at:maximum:)``, with a missing member or `null` read as nil.
    static func optionalText(_ value: JSONValue?, at path: String, maximum: Int = maximumText) throws(RuleError) -> String? {
        guard let value, !value.isNull else { return nil }
        return try text(value, at: path, maximum: maximum)
    }
}

extension JSONValue {
    /// What a value is, for messages: `a string`, `an object`...
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
