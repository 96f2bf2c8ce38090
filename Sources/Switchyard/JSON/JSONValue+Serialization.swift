extension JSONValue {
    /// Writes the value as JSON text that ``parse(_:)`` reads back as an equal value.
    ///
    /// ```swift
    /// JSONValue.object(["b": 1, "a": [true, .null]]).serialized()  // {"a":[true,null],"b":1}
    /// ```
    ///
    /// Numbers that are integers within ±2^53 are written without a fraction (`3`, not `3.0`);
    /// other numbers use the shortest text that reads back as the same `Double`. JSON has no
    /// NaN or infinity, so a non-finite number (which only code can put in a value) is written
    /// as `null`. Strings escape `"`, `\` and control characters; everything else is written as is.
    ///
    /// - Parameters:
    ///   - sortedKeys: Whether object keys are written in ascending order (by UTF-8 bytes), which
    ///     makes the output deterministic. When false, the order is the dictionary's.
    ///   - pretty: Whether to indent with two spaces and put each element on its own line.
    /// - Complexity: O(*n*) in the size of the value, plus sorting each object's keys.
    public func serialized(sortedKeys: Bool = true, pretty: Bool = false) -> String {
        var writer = JSONTextWriter(sortedKeys: sortedKeys, pretty: pretty)
        writer.write(self)
        return writer.text
    }
}

/// Builds JSON text into a byte buffer.
struct JSONTextWriter {
    let sortedKeys: Bool
    let pretty: Bool
    private var output: [UInt8] = []
    private var depth = 0

    init(sortedKeys: Bool, pretty: Bool) {
        self.sortedKeys = sortedKeys
        self.pretty = pretty
    }

    var text: String { String(decoding: output, as: UTF8.self) }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): append(Self.text(for: number))
        case .string(let string): write(string: string)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count) { writer, position in
                writer.write(elements[position])
            }
        case .object(let members):
            let keys =
                sortedKeys
                ? members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) : Array(members.keys)
            writeContainer(open: "{", close: "}", count: keys.count) { writer, position in
                writer.writeMember(key: keys[position]) { writer in
                    // The key came from `members`, so the lookup cannot fail.
                    writer.write(members[keys[position]] ?? .null)
                }
            }
        }
    }

    /// Writes `"key":` (or `"key": ` when pretty), then the value through `writeValue`.
    mutating func writeMember(key: String, _ writeValue: (inout JSONTextWriter) -> Void) {
        write(string: key)
        append(pretty ? ": " : ":")
        writeValue(&self)
    }

    /// Writes an array or object with `count` elements, each written by `writeElement`.
    mutating func writeContainer(
        open: StaticString, close: StaticString, count: Int, _ writeElement: (inout JSONTextWriter, Int) -> Void
    ) {
        append(open)
        guard count > 0 else { return append(close) }
        depth += 1
        for position in 0..<count {
            if position > 0 { append(",") }
            newline()
            writeElement(&self, position)
        }
        depth -= 1
        newline()
        append(close)
    }

    private mutating func newline() {
        guard pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: depth * 2))
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    mutating func write(string: String) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x00..<0x20:
                append("\\u00")
                output.append(Self.hexDigit(byte >> 4))
                output.append(Self.hexDigit(byte & 0x0F))
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The JSON text of a number: `3`, `-0`, `0.1`, `1e+300`; `null` when not finite.
    static func text(for number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(.towardZero) && number.magnitude <= 9_007_199_254_740_992 {
            if number == 0 && number.sign == .minus { return "-0" }
            return String(Int64(number))
        }
        return number.description
    }
}
