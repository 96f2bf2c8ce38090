extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates `.bool` from a literal: `let flag: JSONValue = true`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates `.number` from an integer literal: `let count: JSONValue = 3`.
    public init(integerLiteral value: Int) {
        self = .number(Double(value))
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates `.number` from a floating-point literal: `let ratio: JSONValue = 0.5`.
    public init(floatLiteral value: Double) {
        self = .number(value)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates `.string` from a literal: `let name: JSONValue = "spring"`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates `.array` from a literal: `let tags: JSONValue = ["a", 1, true]`.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates `.object` from a literal: `let meta: JSONValue = ["campaign": "spring"]`.
    ///
    /// Like a `Dictionary` literal, a repeated key is a programming error and traps.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(uniqueKeysWithValues: elements))
    }
}
