/// The recursive-descent parser behind `JSONValue.parse(_:)` (the service's SPI) and ``RouteTableFile``:
/// one pass over UTF-8 bytes.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private let maximumDepth: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONValue.maximumDepth) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses the single value that makes up the whole input.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
        }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw error(.trailingCharacters, at: index)
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw unexpected("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw unexpected("expected a value")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw error(.nestingTooDeep(limit: maximumDepth), at: index) }
        index += 1  // [
        skipWhitespace()
        var elements: [JSONValue] = []
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) {
                skipWhitespace()
            } else if consume(UInt8(ascii: "]")) {
                return .array(elements)
            } else {
                throw unexpected("expected ',' or ']' after array element")
            }
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw error(.nestingTooDeep(limit: maximumDepth), at: index) }
        index += 1  // {
        skipWhitespace()
        var members: [String: JSONValue] = [:]
        if consume(UInt8(ascii: "}")) { return .object(members) }
        var expectation = "expected a string key or '}'"
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expectation) }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw unexpected("expected ':' after object key") }
            skipWhitespace()
            let value = try parseValue(depth: depth)
            if members.updateValue(value, forKey: key) != nil {
                throw error(.duplicateKey(key), at: keyStart)
            }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) {
                skipWhitespace()
                expectation = "expected a string key after ','"
            } else if consume(UInt8(ascii: "}")) {
                return .object(members)
            } else {
                throw unexpected("expected ',' or '}' after object member")
            }
        }
    }

    private mutating func parseLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            bytes.count - start >= count && expected.indices.allSatisfy { bytes[start + $0] == expected[$0] }
        }
        guard matches else { throw error(.invalidLiteral(expected: "\(literal)"), at: start) }
        index += count
    }

    // MARK: Numbers

    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        let negative = consume(UInt8(ascii: "-"))
        let integerStart = index
        if consume(UInt8(ascii: "0")) {
            if isDigit(at: index) {
                throw error(.invalidNumber("leading zeros are not allowed"), at: integerStart)
            }
        } else if isDigit(at: index) {
            skipDigits()
        } else {
            throw error(.invalidNumber("expected a digit after '-'"), at: index)
        }
        let integerDigits = index - integerStart
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard isDigit(at: index) else {
                throw error(.invalidNumber("expected a digit after the decimal point"), at: index)
            }
            skipDigits()
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            isInteger = false
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard isDigit(at: index) else {
                throw error(.invalidNumber("expected a digit in the exponent"), at: index)
            }
            skipDigits()
        }
        if isInteger && integerDigits <= 15 {
            // Exact in a Double: no rounding, no string conversion.
            var magnitude: Int64 = 0
            for position in integerStart..<index {
                magnitude = magnitude * 10 + Int64(bytes[position] &- UInt8(ascii: "0"))
            }
            return negative ? -Double(magnitude) : Double(magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error(.numberOutOfRange, at: start) }
        return value
    }

    private func isDigit(at position: Int) -> Bool {
        position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    }

    private mutating func skipDigits() {
        while isDigit(at: index) { index += 1 }
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// An error for the byte at the current index: `expectation` when there is one, or the end of input.
    private func unexpected(_ expectation: String) -> JSONParseError {
        if index >= bytes.count {
            return error(.unexpectedEndOfInput(expected: expectation), at: bytes.count)
        }
        return error(.unexpectedCharacter(expected: expectation), at: index)
    }

    /// An error at byte `offset`, with its line and column worked out (only errors pay for this).
    func error(_ kind: JSONParseError.Kind, at offset: Int) -> JSONParseError {
        var line = 1
        var column = 1
        for position in 0..<min(offset, bytes.count) {
            let byte = bytes[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(kind, offset: offset, line: line, column: column)
    }
}
