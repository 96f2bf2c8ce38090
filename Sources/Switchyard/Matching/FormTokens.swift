/// One form of a route (or a screen prefix of one), as the matcher builder and the conflict check
/// take it: steps, with literal bytes (already lower-cased in a case-insensitive table) in one
/// buffer. A scratch reused from route to route: the first `count` tokens and `byteCount` bytes
/// are the current form. Its buffers are allocated by hand, so refilling it neither allocates
/// (once grown) nor checks uniqueness the way an array's writes do.
final class FormTokens {
    struct Token {
        enum Kind: UInt8 { case literal, parameter, wildcard, rest }
        var kind: Kind
        /// A literal's bytes in ``FormTokens/bytes``.
        var start: Int32 = 0
        var length: Int32 = 0
        /// A literal's FNV-1a hash (``ByteHash``), of its bytes as stored (folded when the table folds case).
        var hash: UInt32 = 0
        /// A constrained parameter's index among the table's sorted constraints, else -1.
        var constraint: Int32 = -1
    }

    private(set) var tokens: UnsafeMutablePointer<Token>
    /// Names beside the tokens (every slot initialized, nil or a name).
    private var names: UnsafeMutablePointer<String?>
    private var capacity: Int
    private(set) var count = 0
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private var byteCapacity: Int
    private(set) var byteCount = 0

    init() {
        capacity = 16
        tokens = .allocate(capacity: capacity)
        names = .allocate(capacity: capacity)
        names.initialize(repeating: nil, count: capacity)
        byteCapacity = 256
        bytes = .allocate(capacity: byteCapacity)
    }

    deinit {
        tokens.deallocate()
        names.deinitialize(count: capacity)
        names.deallocate()
        bytes.deallocate()
    }

    /// The current form's tokens and bytes, copied.
    var current: [Token] { Array(UnsafeBufferPointer(start: tokens, count: count)) }
    var currentBytes: [UInt8] { Array(UnsafeBufferPointer(start: bytes, count: byteCount)) }

    /// A parameter's or rest parameter's name; nil for other tokens.
    func name(at position: Int) -> String? {
        switch tokens[position].kind {
        case .parameter, .rest: names[position]
        case .literal, .wildcard: nil
        }
    }

    func removeAll() {
        count = 0
        byteCount = 0
    }

    private func append(_ token: Token, name: String? = nil) {
        if count == capacity {
            let grown = capacity * 2
            let newTokens = UnsafeMutablePointer<Token>.allocate(capacity: grown)
            newTokens.moveInitialize(from: tokens, count: count)
            tokens.deallocate()
            tokens = newTokens
            let newNames = UnsafeMutablePointer<String?>.allocate(capacity: grown)
            newNames.moveInitialize(from: names, count: capacity)
            (newNames + capacity).initialize(repeating: nil, count: grown - capacity)
            names.deallocate()
            names = newNames
            capacity = grown
        }
        (tokens + count).initialize(to: token)
        if token.kind == .parameter || token.kind == .rest { names[count] = name }
        count += 1
    }

    /// Room for `extra` more bytes after `byteCount`.
    private func reserveBytes(_ extra: Int) {
        guard byteCount + extra > byteCapacity else { return }
        let grown = max(byteCapacity * 2, byteCount + extra)
        let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        newBytes.moveInitialize(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = newBytes
        byteCapacity = grown
    }

    func appendLiteral(_ literal: UnsafeBufferPointer<UInt8>, fold: Bool) {
        reserveBytes(literal.count)
        let start = byteCount
        var hash = ByteHash.seed
        for i in 0..<literal.count {
            let byte = fold ? URLScanner.lowered(literal[i]) : literal[i]
            bytes[start + i] = byte
            hash = ByteHash.step(hash, byte)
        }
        byteCount += literal.count
        append(Token(kind: .literal, start: Int32(start), length: Int32(literal.count), hash: hash))
    }

    /// Loads segments of a parsed pattern (the full parser's output).
    func load(_ segments: ArraySlice<PatternSegment>, fold: Bool, constraintIndex: [String: Int32]) {
        removeAll()
        for segment in segments {
            switch segment.kind {
            case .literal(let text):
                var text = text
                text.withUTF8 { appendLiteral($0, fold: fold) }
            case .parameter(let name):
                append(Token(kind: .parameter, constraint: segment.constraint.map { constraintIndex[$0] ?? -1 } ?? -1),
                       name: name)
            case .wildcard:
                append(Token(kind: .wildcard))
            case .rest(let name):
                append(Token(kind: .rest), name: name)
            }
        }
    }

    /// Loads a pattern made only of plain literals and unconstrained `:name` parameters straight
    /// from its bytes, without parsing it into a ``RoutePattern``. Returns false, leaving the
    /// pattern to the full parser, for anything else: an empty pattern, groups, braces,
    /// constraints, wildcards, screens, escapes, non-ASCII text, bad or duplicate names.
    ///
    /// What it accepts, the parser accepts with the same single form.
    func loadSimple(_ pattern: UnsafeBufferPointer<UInt8>, delimiter: UInt8, fold: Bool) -> Bool {
        removeAll()
        let length = pattern.count
        if length == 0 { return false }
        reserveBytes(length)
        let out = bytes
        var i = 0
        while i < length {
            let byte = pattern[i]
            if byte == delimiter {
                i += 1
                continue
            }
            var j = i + 1
            if byte == UInt8(ascii: ":") {
                while j < length && pattern[j] != delimiter {
                    guard PatternParser.isNameByte(pattern[j]) else { return false }
                    j += 1
                }
                if j == i + 1 || URLScanner.isDigit(pattern[i + 1]) { return false }
                let name = String(decoding: UnsafeBufferPointer(rebasing: pattern[(i + 1)..<j]), as: UTF8.self)
                for position in 0..<count where tokens[position].kind == .parameter && names[position] == name {
                    return false
                }
                append(Token(kind: .parameter), name: name)
            } else {
                // Checked, copied (folded) and hashed in one pass.
                let start = byteCount
                var hash = ByteHash.seed
                var k = start
                j = i
                while j < length {
                    let literal = pattern[j]
                    if literal == delimiter { break }
                    guard Self.isPlainLiteralByte(literal) else { return false }
                    out[k] = literal
                    hash = ByteHash.step(hash, literal)
                    j &+= 1
                    k &+= 1
                }
                if fold {
                    let stored = UnsafeMutableBufferPointer(start: out + start, count: k - start)
                    for index in stored.indices { stored[index] = URLScanner.lowered(stored[index]) }
                    hash = ByteHash.hash(UnsafeBufferPointer(stored))
                }
                byteCount = k
                append(Token(kind: .literal, start: Int32(start), length: Int32(j - i), hash: hash))
            }
            i = j
        }
        return true
    }

    /// Printable ASCII that is not syntax and not an escape: `byte > 0x20 && byte < 0x7F`, not `%`
    /// and not ``PatternParser/isReservedByte(_:)``, as a 128-bit mask (a test checks it).
    @inline(__always)
    static func isPlainLiteralByte(_ byte: UInt8) -> Bool {
        let mask: UInt64 = byte < 64 ? 0x2FFF_F8D4_0000_0000 : 0x57FF_FFFF_FFFF_FFFF
        return byte < 128 && mask >> (byte & 63) & 1 != 0
    }
}
