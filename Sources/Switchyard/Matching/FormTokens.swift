/// One form of a route (or a screen prefix of one), as the matcher builder and the conflict check
/// take it: steps, with literal bytes (already lower-cased in a case-insensitive table) in one
/// buffer. Reused from route to route, so filling it allocates nothing once it has grown.
struct FormTokens {
    struct Token {
        enum Kind: UInt8 { case literal, parameter, wildcard, rest }
        var kind: Kind
        /// A literal's bytes in ``FormTokens/bytes``.
        var start: Int32 = 0
        var length: Int32 = 0
        /// A literal's FNV-1a hash (``CompiledMatcher/hash(_:)``).
        var hash: UInt32 = 0
        /// A constrained parameter's index among the table's sorted constraints, else -1.
        var constraint: Int32 = -1
        /// A parameter's or rest parameter's name.
        var name: String?
    }

    var tokens: [Token] = []
    var bytes: [UInt8] = []

    mutating func removeAll() {
        tokens.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func appendLiteral(_ literal: UnsafeBufferPointer<UInt8>, fold: Bool) {
        let start = bytes.count
        bytes.append(contentsOf: literal)
        let hash = bytes.withUnsafeMutableBufferPointer { buffer in
            let stored = UnsafeMutableBufferPointer(rebasing: buffer[start...])
            if fold {
                for i in stored.indices { stored[i] = URLScanner.lowered(stored[i]) }
            }
            return CompiledMatcher.hash(UnsafeBufferPointer(stored))
        }
        tokens.append(Token(kind: .literal, start: Int32(start), length: Int32(literal.count), hash: hash))
    }

    /// Loads segments of a parsed pattern (the full parser's output).
    mutating func load(_ segments: ArraySlice<PatternSegment>, fold: Bool, constraintIndex: [String: Int32]) {
        removeAll()
        for segment in segments {
            switch segment.kind {
            case .literal(let text):
                var text = text
                text.withUTF8 { appendLiteral($0, fold: fold) }
            case .parameter(let name):
                tokens.append(Token(kind: .parameter, constraint: segment.constraint.map { constraintIndex[$0] ?? -1 } ?? -1,
                                    name: name))
            case .wildcard:
                tokens.append(Token(kind: .wildcard))
            case .rest(let name):
                tokens.append(Token(kind: .rest, name: name))
            }
        }
    }

    /// Loads a pattern made only of plain literals and unconstrained `:name` parameters straight
    /// from its bytes, without parsing it into a ``RoutePattern``. Returns false, leaving the
    /// pattern to the full parser, for anything else: an empty pattern, groups, braces,
    /// constraints, wildcards, screens, escapes, non-ASCII text, bad or duplicate names.
    ///
    /// What it accepts, the parser accepts with the same single form.
    mutating func loadSimple(_ pattern: UnsafeBufferPointer<UInt8>, delimiter: UInt8, fold: Bool) -> Bool {
        removeAll()
        let count = pattern.count
        if count == 0 { return false }
        var i = 0
        while i < count {
            let byte = pattern[i]
            if byte == delimiter {
                i += 1
                continue
            }
            var j = i + 1
            if byte == UInt8(ascii: ":") {
                while j < count && pattern[j] != delimiter {
                    guard PatternParser.isNameByte(pattern[j]) else { return false }
                    j += 1
                }
                if j == i + 1 || URLScanner.isDigit(pattern[i + 1]) { return false }
                let name = String(decoding: UnsafeBufferPointer(rebasing: pattern[(i + 1)..<j]), as: UTF8.self)
                for token in tokens where token.kind == .parameter && token.name == name { return false }
                tokens.append(Token(kind: .parameter, name: name))
            } else {
                guard Self.isPlainLiteralByte(byte) else { return false }
                while j < count && pattern[j] != delimiter {
                    guard Self.isPlainLiteralByte(pattern[j]) else { return false }
                    j += 1
                }
                appendLiteral(UnsafeBufferPointer(rebasing: pattern[i..<j]), fold: fold)
            }
            i = j
        }
        return true
    }

    /// Printable ASCII that is not syntax and not an escape: `byte > 0x20 && byte < 0x7F`, not `%`
    /// and not ``PatternParser/isReservedByte(_:)``, as a 128-bit mask (a test checks it).
    @inline(__always)
    static func isPlainLiteralByte(_ byte: UInt8) -> Bool {
        if byte < 64 { return (0x2FFF_F8D4_0000_0000 as UInt64) >> byte & 1 != 0 }
        if byte < 128 { return (0x57FF_FFFF_FFFF_FFFF as UInt64) >> (byte - 64) & 1 != 0 }
        return false
    }
}
