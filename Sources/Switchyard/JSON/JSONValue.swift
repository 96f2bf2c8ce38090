/// A JSON value: smart-link metadata, route-table files and the command line's output.
///
/// ```swift
/// let value: JSONValue = ["campaign": "spring", "limit": 3]
/// value["limit"]?.intValue  // 3
/// ```
///
/// Numbers are stored as `Double`, so integers are exact up to ±2^53. Objects are unordered, and
/// written with sorted keys.
///
/// Why the SDK reads JSON itself rather than through Foundation: a route file's syntax error must
/// say where it is, the same way on every platform the SDK declares. `JSONSerialization` and
/// `JSONDecoder` report a syntax error as `NSCocoaErrorDomain` 3840 with the place only in English
/// debug text: a line and column from swift-foundation (Linux's Foundation since Swift 6, Apple's
/// since macOS 14 and iOS 17), a character offset from the Foundation of macOS 13, iOS 16, tvOS 16
/// and watchOS 9; and both accept an object that names a key twice. ``JSONParseError`` gives a
/// code, a line, a column and a byte offset as fields on all of them, and rejects duplicate keys.
/// For a member of the wrong type neither gives a position (Foundation's `DecodingError` has a
/// coding path); the table decoder names the route's number and pattern instead. The reader
/// (`JSONParser`; JSON/ is about 840 lines in all) stays for the syntax errors.
public enum JSONValue: Sendable, Hashable {
    /// The JSON `null` literal.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; never NaN or infinite when the SDK read it from JSON text.
    case number(Double)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object; keys are unique.
    case object([String: JSONValue])
}

extension JSONValue {
    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The Boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The number, when this is a number.
    public var doubleValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The number as an `Int`, only when it is an integer that `Int` represents exactly (`3`, not `3.5`).
    public var intValue: Int? {
        if case .number(let value) = self { Int(exactly: value) } else { nil }
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { value } else { nil }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        self == .null
    }

    /// The member named `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index`, when this is an array and the index is in range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The name of this value's JSON type, as error messages use it: `null`, `boolean`, `number`,
    /// `string`, `array` or `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
