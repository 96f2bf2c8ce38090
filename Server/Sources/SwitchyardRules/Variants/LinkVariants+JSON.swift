import Foundation
@_spi(SwitchyardService) public import Switchyard

/// Reading an A/B test from the API's JSON (every problem named by its path) and writing it back.
extension LinkVariants {
    /// Reads the API's `variants` object at `path`. With `stored`, also the members only the
    /// service writes (`winner`, `decidedAt`); the API refuses them.
    ///
    /// - Throws: ``RuleError``: `variants.targets[1].weight: is 5; a variant has 10 at least`, and the like.
    public init(from value: JSONValue, at path: String = "variants", stored: Bool = false) throws(RuleError) {
        var allowed: Set<String> = ["targets", "endsAt", "decideBy"]
        if stored { allowed.formUnion(["winner", "decidedAt"]) }
        let members = try RedirectRule.object(value, at: path, allowed: allowed)
        guard let targetsValue = members["targets"] else {
            throw RuleError(path, "needs 'targets', a list of 2 to 4 variants, each {\"url\" or \"route\", \"weight\"}")
        }
        guard case .array(let list) = targetsValue else {
            throw RuleError(path + ".targets", "must be an array of variants, got \(targetsValue.kindName)")
        }
        guard Self.variantCount.contains(list.count) else {
            throw RuleError(path + ".targets", "has \(list.count) variants; a test has 2 to 4")
        }
        var variants: [Variant] = []
        for (index, element) in list.enumerated() {
            let at = "\(path).targets[\(index)]"
            guard case .object(var target) = element else { throw RuleError(at, "must be an object, got \(element.kindName)") }
            guard let weightValue = target.removeValue(forKey: "weight") else { throw RuleError(at, "needs a 'weight', in percent (10 to 100)") }
            guard case .number(let number) = weightValue, number == number.rounded(), abs(number) <= 1_000 else {
                throw RuleError(at + ".weight", "must be a whole number of percent (10 to 100), got \(weightValue.serialized().prefix(40))")
            }
            let weight = Int(number)
            guard weight >= Self.minimumWeight else { throw RuleError(at + ".weight", "is \(weight); a variant has \(Self.minimumWeight) at least") }
            variants.append(Variant(target: try RuleTarget(from: .object(target), at: at), weight: weight))
        }
        let total = variants.reduce(0) { $0 + $1.weight }
        guard total == 100 else {
            throw RuleError(path + ".targets", "weights sum to \(total); they must sum to 100")
        }
        let endsAt = try Self.instant(members["endsAt"], at: path + ".endsAt")
        var decideBy = Measure.appOpens
        if let given = members["decideBy"], !given.isNull {
            guard case .string(let text) = given, let measure = Measure(rawValue: text) else {
                throw RuleError(path + ".decideBy", "must be one of \(Measure.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            decideBy = measure
        }
        var winner: Int?
        if let given = members["winner"], !given.isNull {
            guard let index = given.intValue, variants.indices.contains(index) else { throw RuleError(path + ".winner", "is not a variant's index") }
            winner = index
        }
        self.init(variants: variants, endsAt: endsAt, decideBy: decideBy, winner: winner,
                  decidedAt: try Self.instant(members["decidedAt"], at: path + ".decidedAt"))
    }

    private static func instant(_ value: JSONValue?, at path: String) throws(RuleError) -> Date? {
        guard let value, !value.isNull else { return nil }
        guard case .string(let text) = value, let date = RuleInstant.parse(text) else {
            throw RuleError(path, "must be an RFC 3339 instant with a time zone, like 2026-12-24T00:00:00Z")
        }
        return date
    }

    /// The test as the API writes it (and the store keeps it): `winner` and `decidedAt` once decided.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            "targets": .array(variants.map { variant in
                guard case .object(var target) = variant.target.json else { return variant.target.json }
                target["weight"] = .number(Double(variant.weight))
                return .object(target)
            }),
            "decideBy": .string(decideBy.rawValue),
            "endsAt": endsAt.map { .string(RuleInstant.text($0)) } ?? .null,
        ]
        if let winner { members["winner"] = .number(Double(winner)) }
        if let decidedAt { members["decidedAt"] = .string(RuleInstant.text(decidedAt)) }
        return .object(members)
    }

    /// The test as the store keeps it: its JSON text.
    public var storedText: String { json.serialized() }

    /// A test the store kept.
    public static func stored(_ text: String) throws(RuleError) -> LinkVariants {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch { throw RuleError("variants", "the stored test is not JSON: \(error)") }
        return try LinkVariants(from: value, stored: true)
    }
}

extension LinkVariants: Codable {
    /// Decodes the stored JSON shape (``json``) through the API's reader.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(from: value, stored: true)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes ``json``.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
