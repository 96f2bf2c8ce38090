/// A recursive-descent parser for the pattern language, over the pattern's UTF-8 bytes.
struct PatternParser {
    private let text: String
    private let bytes: [UInt8]
    private let delimiter: UInt8
    private var index = 0
    private var parameterNames: [String] = []
    /// ASCII without CR: one character per byte, so a column is the offset plus one.
    private let isPlainASCII: Bool

    /// The most forms one pattern may expand to through optional groups.
    static let maximumForms = 64

    init(text: String, delimiter: Character) {
        self.text = text
        self.bytes = Array(text.utf8)
        self.isPlainASCII = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        self.delimiter = delimiter.asciiValue ?? UInt8(ascii: "/")
    }

    mutating func parse() throws(PatternError) -> [PatternElement] {
        if bytes.isEmpty { throw error(.emptyPattern, "empty pattern (write '/' for the root route)", at: nil) }
        let elements = try parseSequence(depth: 0)
        if index < bytes.count {
            // parseSequence only stops early at a ')' it did not open.
            throw error(.unbalancedParenthesis, "unmatched ')'", at: index)
        }
        try checkRestIsLast(elements, followedByMore: false)
        return elements
    }

    // MARK: Grammar

    private mutating func parseSequence(depth: Int) throws(PatternError) -> [PatternElement] {
        var elements: [PatternElement] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == delimiter {
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "("):
                let open = index
                index += 1
                let inner = try parseSequence(depth: depth + 1)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else {
                    throw error(.unbalancedParenthesis, "unclosed '('", at: open)
                }
                index += 1
                if inner.isEmpty { throw error(.emptyGroup, "empty optional group", at: open) }
                elements.append(.optional(inner))
            case UInt8(ascii: ")"):
                if depth == 0 { throw error(.unbalancedParenthesis, "unmatched ')'", at: index) }
                return elements
            default:
                elements.append(.segment(try parseSegment()))
                if index < bytes.count {
                    let next = bytes[index]
                    if next != delimiter && next != UInt8(ascii: "(") && next != UInt8(ascii: ")") {
                        throw unexpected(at: index)
                    }
                }
            }
        }
        return elements
    }

    private mutating func parseSegment() throws(PatternError) -> PatternSegment {
        let start = index
        let byte = bytes[index]
        var kind: PatternSegment.Kind
        var constraint: String?
        if byte == UInt8(ascii: "*") {
            index += 1
            kind = .wildcard
        } else if byte == UInt8(ascii: ":") && delimiter != UInt8(ascii: ":") {
            index += 1
            let name = try parseName(what: "parameter", markerAt: start)
            constraint = try parseConstraint()
            kind = .parameter(try declare(name, at: start))
        } else if byte == UInt8(ascii: "{") {
            (kind, constraint) = try parseBracedParameter()
        } else {
            kind = .literal(try parseLiteral())
        }
        var screen: String?
        var isModal = false
        if index < bytes.count && bytes[index] == UInt8(ascii: "{") {
            let open = index
            index += 1
            let name = try parseName(what: "screen", markerAt: open)
            if name.isEmpty { throw error(.emptyScreenName, "empty screen name", at: open) }
            try expectClosing(UInt8(ascii: "}"), openedAt: open)
            screen = name
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: "!") {
            if screen == nil { throw error(.modalWithoutScreen, "'!' (modal) on a segment without a screen", at: index) }
            isModal = true
            index += 1
        }
        return PatternSegment(kind: kind, constraint: constraint, screen: screen, isModal: isModal,
                              position: column(of: start))
    }

    /// `{name}`, `{name<constraint>}` or `{name...}`.
    private mutating func parseBracedParameter() throws(PatternError) -> (PatternSegment.Kind, String?) {
        let open = index
        index += 1
        if index == bytes.count { throw error(.unclosedBracket, "unclosed '{'", at: open) }
        let name = try parseName(what: "parameter", markerAt: open)
        var constraint = try parseConstraint()
        var isRest = false
        if bytes[index...].starts(with: [UInt8(ascii: "."), UInt8(ascii: "."), UInt8(ascii: ".")]) {
            if constraint != nil { throw error(.constrainedRest, "a rest parameter cannot be constrained", at: open) }
            index += 3
            isRest = true
            constraint = nil
        }
        try expectClosing(UInt8(ascii: "}"), openedAt: open)
        let declared = try declare(name, at: open)
        return (isRest ? .rest(declared) : .parameter(declared), constraint)
    }

    private mutating func parseConstraint() throws(PatternError) -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
        let open = index
        index += 1
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        if index == start {
            if index < bytes.count && bytes[index] == UInt8(ascii: ">") {
                throw error(.emptyConstraint, "empty constraint name", at: open)
            }
            if index >= bytes.count { throw error(.unclosedBracket, "unclosed '<'", at: open) }
            throw error(.invalidName, "invalid character \(quoted(index)) in constraint name", at: index)
        }
        let name = string(start..<index)
        try expectClosing(UInt8(ascii: ">"), openedAt: open)
        return name
    }

    private mutating func parseName(what: String, markerAt marker: Int) throws(PatternError) -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        if index == start {
            let atEnd = index >= bytes.count
            let next = atEnd ? 0 : bytes[index]
            let endsName = atEnd || next == delimiter || next == UInt8(ascii: "}") || next == UInt8(ascii: "<")
                || next == UInt8(ascii: "(") || next == UInt8(ascii: ")") || next == UInt8(ascii: "{")
                || next == UInt8(ascii: ".")
            if what == "screen" && endsName {
                return ""
            }
            if endsName { throw error(.emptyParameterName, "empty \(what) name", at: marker) }
            throw error(.invalidName, "invalid character \(quoted(index)) in \(what) name", at: index)
        }
        if bytes[start] >= UInt8(ascii: "0") && bytes[start] <= UInt8(ascii: "9") {
            throw error(.invalidName, "\(what) name cannot start with a digit", at: start)
        }
        return string(start..<index)
    }

    private mutating func parseLiteral() throws(PatternError) -> String {
        let start = index
        var hasEscape = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == delimiter || Self.isReservedByte(byte) { break }
            if byte <= 0x20 || byte == 0x7F {
                throw error(.unexpectedCharacter, "invalid character \(quoted(index))", at: index)
            }
            if byte == UInt8(ascii: "%") { hasEscape = true }
            index += 1
        }
        if index == start { throw unexpected(at: index) }
        guard hasEscape else { return string(start..<index) }
        let literal = bytes[start..<index]
        if let offset = literal.withUnsafeBufferPointer(PercentDecoding.invalidEscape) {
            throw error(.invalidPercentEncoding, "invalid percent-encoding", at: start + offset)
        }
        let decoded = literal.withUnsafeBufferPointer { raw in
            [UInt8](unsafeUninitializedCapacity: raw.count) { output, count in
                count = PercentDecoding.decode(raw, into: output, lowercase: false)
            }
        }
        // The SDK's own validator: the standard library's validating initializer is iOS 18 / macOS 15 only.
        guard decoded.withUnsafeBufferPointer({ PercentDecoding.isValidUTF8($0) }) else {
            throw error(.invalidPercentEncoding, "percent-encoding is not UTF-8", at: start)
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private mutating func expectClosing(_ closing: UInt8, openedAt open: Int) throws(PatternError) {
        guard index < bytes.count else {
            throw error(.unclosedBracket, "unclosed '\(Character(UnicodeScalar(bytes[open])))'", at: open)
        }
        guard bytes[index] == closing else {
            if bytes[index] == delimiter {
                throw error(.unclosedBracket, "unclosed '\(Character(UnicodeScalar(bytes[open])))'", at: open)
            }
            throw error(.invalidName, "invalid character \(quoted(index)) in name", at: index)
        }
        index += 1
    }

    private mutating func declare(_ name: String, at position: Int) throws(PatternError) -> String {
        if parameterNames.contains(name) {
            throw error(.duplicateParameter, "duplicate parameter '\(name)'", at: position)
        }
        parameterNames.append(name)
        return name
    }

    // MARK: Checks and expansion

    private func checkRestIsLast(_ elements: [PatternElement], followedByMore: Bool) throws(PatternError) {
        for (offset, element) in elements.enumerated() {
            let more = followedByMore || offset < elements.count - 1
            switch element {
            case .segment(let segment):
                if case .rest(let name) = segment.kind, more {
                    throw PatternError(.restNotLast, "rest parameter '\(name)' must be the last segment",
                                       pattern: text, position: segment.position)
                }
            case .optional(let inner):
                try checkRestIsLast(inner, followedByMore: more)
            }
        }
    }

    // MARK: Helpers

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    static func isReservedByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "#"):
            true
        default:
            false
        }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The 1-based character column of a byte offset.
    private func column(of offset: Int) -> Int {
        if isPlainASCII { return offset + 1 }
        var characters = 0
        var consumed = 0
        for character in text {
            if consumed >= offset { break }
            consumed += character.utf8.count
            characters += 1
        }
        return characters + 1
    }

    private func quoted(_ offset: Int) -> String {
        let prefix = String(decoding: bytes[offset...], as: UTF8.self)
        guard let character = prefix.first else { return "end of pattern" }
        if character.isWhitespace || character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            let hex = String(character.unicodeScalars.first!.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'\(character)'"
    }

    private func unexpected(at offset: Int) -> PatternError {
        error(.unexpectedCharacter, "unexpected \(quoted(offset))", at: offset)
    }

    private func error(_ code: PatternError.Code, _ reason: String, at offset: Int?) -> PatternError {
        PatternError(code, reason, pattern: text, position: offset.map { column(of: $0) })
    }
}
