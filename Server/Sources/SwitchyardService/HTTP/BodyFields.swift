import Foundation
import Switchyard

/// A JSON object's members, read for a body's fields (``APIRequestBody``) with the API's error messages,
/// which name the field by its dotted path (`'fallbacks.ios' must be a string, got number`) and
/// are a tested contract: Codable's own errors would say `Type mismatch for fallbacks.ios`.
struct BodyFields {
    /// The object's members, as the request's one parse read them (``APIRequestDecoder``).
    let members: [String: JSONValue]
    /// The object's dotted path in the body: empty at the top, `fallbacks` inside `fallbacks`.
    let path: String

    /// A member name; any string.
    struct FieldKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The members of the object `value` at `path`.
    ///
    /// - Throws: `notAnObject(value, path)` when it is another JSON value; by default
    ///   `'path' must be an object, got array`.
    init(_ value: JSONValue, path: String, notAnObject: (JSONValue, String) -> Problem = Self.notAnObject) throws(Problem) {
        guard case .object(let members) = value else { throw notAnObject(value, path) }
        self.members = members
        self.path = path
    }

    /// Opens the object `decoder` stands for (a body decoded through `Decodable`, as tests and
    /// nested types do; the API's decoder reads the parsed value directly).
    init(_ decoder: any Decoder, notAnObject: (JSONValue, String) -> Problem = Self.notAnObject) throws {
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        try self.init(value, path: decoder.codingPath.map(\.stringValue).joined(separator: "."), notAnObject: notAnObject)
    }

    /// `'fallbacks' must be an object, got array`.
    static func notAnObject(_ value: JSONValue, at path: String) -> Problem {
        .malformed("'\(path)' must be an object, got \(value.typeName)")
    }

    /// Whether the object has the member (null included).
    func contains(_ key: some CodingKey) -> Bool {
        members[key.stringValue] != nil
    }

    /// The member names.
    var keys: Dictionary<String, JSONValue>.Keys { members.keys }

    /// How error messages name `key`: `'route'`, `'fallbacks.ios'`.
    func name(_ key: some CodingKey) -> String {
        path.isEmpty ? "'\(key.stringValue)'" : "'\(path).\(key.stringValue)'"
    }

    /// The member's value when it is present and not null.
    func value(_ key: some CodingKey) throws -> JSONValue? {
        let value = members[key.stringValue]
        return value == JSONValue.null ? nil : value
    }

    /// A string; nil when absent or null.
    func string(_ key: some CodingKey) throws -> String? {
        guard let value = try value(key) else { return nil }
        guard case .string(let text) = value else { throw Problem.malformed("\(name(key)) must be a string, got \(value.typeName)") }
        return text
    }

    /// A string that must be present and not empty.
    func requiredString(_ key: some CodingKey) throws -> String {
        guard let text = try string(key), !text.isEmpty else { throw Problem.malformed("\(name(key)) is required") }
        return text
    }

    /// Fails when `text` is longer than `maxLength` UTF-8 bytes: `'preview.title' is longer than 512 bytes`.
    static func check(_ text: String?, _ name: String, maxLength: Int) throws(Problem) {
        guard let text, text.utf8.count > maxLength else { return }
        throw .malformed("'\(name)' is longer than \(maxLength) bytes")
    }

    /// An integer in `range`; nil when absent or null.
    func integer(_ key: some CodingKey, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = try value(key) else { return nil }
        guard let integer = value.intValue, range.contains(integer) else { throw Self.outOfRange(name(key), range) }
        return integer
    }

    /// `'redeemLimit' must be an integer from 1 to 1000000000`.
    static func outOfRange(_ name: String, _ range: ClosedRange<Int>) -> Problem {
        .malformed("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
    }

    /// An object of string values, empty when absent or null; numbers and Booleans are accepted
    /// and kept as their text (`1`, `2.5`, `true`).
    func stringMap(_ key: some CodingKey) throws -> [String: String] {
        guard let value = try value(key) else { return [:] }
        guard case .object(let members) = value else { throw Problem.malformed("\(name(key)) must be an object, got \(value.typeName)") }
        var result: [String: String] = [:]
        for (member, item) in members {
            switch item {
            case .string(let text): result[member] = text
            case .bool(let flag): result[member] = flag ? "true" : "false"
            case .number(let number):
                result[member] = number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
            default:
                throw Problem.malformed("'\(member)' in \(name(key)) must be a string, number or Boolean, got \(item.typeName)")
            }
        }
        return result
    }

    /// A JSON object; nil when absent or null.
    func object(_ key: some CodingKey) throws -> [String: JSONValue]? {
        guard let value = try value(key) else { return nil }
        guard case .object(let members) = value else { throw Problem.malformed("\(name(key)) must be an object, got \(value.typeName)") }
        return members
    }

    /// A member as a `Decodable` type; nil when absent or null. A body type reads the parsed
    /// value itself (``APIRequestBody/init(parsed:path:)``); another type is decoded from its text.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: some CodingKey) throws -> T? {
        guard let value = try value(key) else { return nil }
        let memberPath = path.isEmpty ? key.stringValue : path + "." + key.stringValue
        if let body = type as? any APIRequestBody.Type {
            return try body.init(parsed: value, path: memberPath) as? T
        }
        return try JSONDecoder().decode(T.self, from: Data(value.serialized().utf8))
    }

    /// A message for a `DecodingError` from a type that does not read through `BodyFields`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String { "'" + keys.map(\.stringValue).joined(separator: ".") + "'" }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is required"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath.isEmpty ? context.debugDescription : "\(path(context.codingPath)) is not valid: \(context.debugDescription)"
        @unknown default: return "the request body does not have the expected shape"
        }
    }
}
