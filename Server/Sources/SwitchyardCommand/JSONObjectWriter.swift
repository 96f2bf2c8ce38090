public import Switchyard

/// A JSON object whose keys are written in the order they were added: for output whose key order
/// is part of a contract, the command line's `--json` lines (its only user, so it lives here, not
/// in the SDK).
///
/// ```swift
/// var error = JSONObjectWriter()
/// error["code"] = "unknown_host"
/// error["message"] = "host is not configured"
/// var line: JSONObjectWriter = ["input": "https://x.test/a", "outcome": "rejected", "route": .null]
/// line["error"] = .object(error)
/// line.serialized()
/// // {"input":"https://x.test/a","outcome":"rejected","route":null,"error":{"code":"unknown_host",...}}
/// ```
///
/// Values that are plain ``JSONValue`` objects are written with sorted keys.
public struct JSONObjectWriter: Sendable, Hashable {
    /// A member's value: a plain JSON value, or another ordered object.
    public indirect enum Member: Sendable, Hashable {
        /// A JSON value (objects inside it are written with sorted keys).
        case value(JSONValue)
        /// A nested object that keeps its own key order.
        case object(JSONObjectWriter)
    }

    /// The members, in the order they will be written.
    public private(set) var members: [(key: String, value: Member)] = []

    /// Creates an empty object.
    public init() {}

    /// The member named `key`. Setting a key that exists replaces its value in place; setting
    /// `nil` removes it; setting a new key appends it.
    ///
    /// - Complexity: O(*n*) in the number of members.
    public subscript(key: String) -> Member? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            let position = members.firstIndex(where: { $0.key == key })
            switch (position, newValue) {
            case (let position?, let value?): members[position].value = value
            case (let position?, nil): members.remove(at: position)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// Writes the object as JSON text, keys in insertion order.
    ///
    /// - Parameter pretty: Whether to indent with two spaces and put each member on its own line,
    ///   as ``JSONValue/serialized(sortedKeys:pretty:)`` does.
    public func serialized(pretty: Bool = false) -> String {
        var text = ""
        write(to: &text, pretty: pretty, depth: 0)
        return text
    }

    private func write(to text: inout String, pretty: Bool, depth: Int) {
        guard !members.isEmpty else { return text += "{}" }
        let indent = pretty ? "\n" + String(repeating: "  ", count: depth + 1) : ""
        text += "{"
        for (position, member) in members.enumerated() {
            if position > 0 { text += "," }
            text += indent + JSONValue.string(member.key).serialized() + (pretty ? ": " : ":")
            switch member.value {
            case .value(let value):
                // A nested value's own lines move right by this member's indentation.
                let written = value.serialized(pretty: pretty)
                text += pretty ? written.replacingOccurrences(of: "\n", with: indent) : written
            case .object(let object):
                object.write(to: &text, pretty: pretty, depth: depth + 1)
            }
        }
        text += pretty ? "\n" + String(repeating: "  ", count: depth) + "}" : "}"
    }

    /// Two writers are equal when they hold the same keys, in the same order, with equal values.
    public static func == (lhs: JSONObjectWriter, rhs: JSONObjectWriter) -> Bool {
        lhs.members.elementsEqual(rhs.members) { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the keys and values in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONObjectWriter: ExpressibleByDictionaryLiteral {
    /// Creates an object from a literal, keeping the literal's order: `["input": "x", "outcome": "matched"]`.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements {
            self[key] = .value(value)
        }
    }
}

extension JSONObjectWriter.Member: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    /// A string member: `writer["outcome"] = "matched"`.
    public init(stringLiteral value: String) { self = .value(.string(value)) }
    /// A Boolean member.
    public init(booleanLiteral value: Bool) { self = .value(.bool(value)) }
    /// A number member.
    public init(integerLiteral value: Int) { self = .value(.number(Double(value))) }
    /// A number member.
    public init(floatLiteral value: Double) { self = .value(.number(value)) }
}
