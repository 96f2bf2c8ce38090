/// The parts of an input, as byte ranges into its UTF-8 storage. Nothing is copied.
struct ScannedURL {
    enum Kind { case customScheme, universalLink, path }

    var kind: Kind
    var scheme: Range<Int>?
    var host: Range<Int>?
    /// The route path: after the scheme and authority, leading and trailing slashes removed, up to `?` or `#`.
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?
    /// Whether some `%` escape decodes to a byte that needs a closer look: one of 0x80 and above
    /// (the decoded text may not be UTF-8) or a control character. When false, every part of the
    /// input decodes to valid UTF-8 without control characters, so nothing needs decoding to be checked.
    var hasUncommonEscape = false
}

/// What the scanner needs to know about a table: lower-cased schemes and hosts, the delimiter
/// and the size limit. Built once per table.
struct ScannerRules: Sendable {
    var schemes: [[UInt8]]
    var hosts: [[UInt8]]
    var delimiter: UInt8
    var maximumLength: Int

    init(schemes: [String], hosts: [String], delimiter: Character, maximumLength: Int) {
        self.schemes = schemes.map { Array($0.lowercased().utf8) }
        self.hosts = hosts.map { Array($0.lowercased().utf8) }
        self.delimiter = delimiter.asciiValue ?? UInt8(ascii: "/")
        self.maximumLength = maximumLength
    }
}

/// Splits an input into scheme, host, path, query and fragment without Foundation's `URL`, which
/// refuses Compass-style URNs (`photofeed://user:self`).
///
/// - Complexity: O(*n*) in the input's length, one pass plus the host comparison.
enum URLScanner {
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, rules: ScannerRules) throws(LinkInputError) -> ScannedURL {
        let count = bytes.count
        if count == 0 { throw LinkInputError(.emptyInput, "empty input") }
        if count > rules.maximumLength {
            throw LinkInputError(.inputTooLong, "input is \(count) bytes, over the \(rules.maximumLength)-byte limit")
        }

        // One pass: characters and escapes, and where the query and fragment start.
        var queryStart = -1
        var fragmentStart = -1
        var uncommonEscape = false
        var i = 0
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while i < count {
            // Eight bytes at a time, straight to the first one to look at.
            if i + 8 <= count {
                let special = specialBytes(base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if special == 0 {
                    i += 8
                    continue
                }
                i += special.trailingZeroBitCount >> 3
            }
            // Most often an escape, then the query's `?`: tested in that order, with compares rather
            // than a jump table, whose indirect branch the processor mispredicted byte after byte.
            let byte = bytes[i]
            if byte == UInt8(ascii: "%") {
                let high = i + 1 < count ? PercentDecoding.hexDigit(bytes[i + 1]) : 0xFF
                let low = i + 2 < count ? PercentDecoding.hexDigit(bytes[i + 2]) : 0xFF
                guard high | low < 0x10 else {
                    let escape = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<min(i + 3, count)]),
                                        as: UTF8.self)
                    throw LinkInputError(.invalidPercentEncoding, "invalid percent-encoding '\(escape)'",
                                          position: column(bytes, i))
                }
                // 0x80 and above, 0x00–0x1F and 0x7F.
                if high >= 8 || high < 2 || high << 4 | low == 0x7F { uncommonEscape = true }
                i += 3
                continue
            }
            if byte == UInt8(ascii: "?") {
                if queryStart < 0 && fragmentStart < 0 { queryStart = i }
            } else if byte == UInt8(ascii: "#") {
                if fragmentStart < 0 { fragmentStart = i }
            } else if byte < 0x20 || byte == 0x7F {
                throw LinkInputError(.controlCharacter, "control character \(scalarName(byte))",
                                      position: column(bytes, i))
            } else if byte == UInt8(ascii: " ") {
                throw LinkInputError(.invalidCharacter, "raw space (write %20)", position: column(bytes, i))
            }
            i += 1
        }
        var scanned = try parts(bytes, queryStart: queryStart, fragmentStart: fragmentStart, rules: rules)
        scanned.hasUncommonEscape = uncommonEscape
        return scanned
    }

    /// The scheme, host and path, once the query and fragment are found.
    private static func parts(_ bytes: UnsafeBufferPointer<UInt8>, queryStart: Int, fragmentStart: Int,
                              rules: ScannerRules) throws(LinkInputError) -> ScannedURL {
        let count = bytes.count
        let hierarchyEnd = queryStart >= 0 ? queryStart : (fragmentStart >= 0 ? fragmentStart : count)
        let query: Range<Int>? = queryStart >= 0 ? (queryStart + 1)..<(fragmentStart >= 0 ? fragmentStart : count) : nil
        let fragment: Range<Int>? = fragmentStart >= 0 ? (fragmentStart + 1)..<count : nil

        // The scheme: a letter, then letters, digits, '+', '-', '.', then ':'.
        var schemeEnd = -1
        if isLetter(bytes[0]) {
            var j = 1
            while j < hierarchyEnd {
                let byte = bytes[j]
                if byte == UInt8(ascii: ":") { schemeEnd = j; break }
                guard isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                        || byte == UInt8(ascii: ".") else { break }
                j += 1
            }
        }

        guard schemeEnd > 0 else {
            return ScannedURL(kind: .path, scheme: nil, host: nil,
                              path: routePath(bytes, from: 0, to: hierarchyEnd),
                              query: query, fragment: fragment)
        }
        let schemeRange = 0..<schemeEnd
        let afterColon = schemeEnd + 1
        let hasAuthority = hasPrefix(bytes, at: afterColon, "//", limit: hierarchyEnd)

        if equalsIgnoringCase(bytes, schemeRange, "https") || equalsIgnoringCase(bytes, schemeRange, "http") {
            return try scanUniversalLink(bytes, scheme: schemeRange, hasAuthority: hasAuthority,
                                         hierarchyEnd: hierarchyEnd, query: query, fragment: fragment, rules: rules)
        }
        let known = rules.schemes.contains { equalsIgnoringCase(bytes, schemeRange, $0) }
        if !known {
            // `post:BYOkwgXnwr3` in a table whose delimiter is ':' is a URN, not a scheme.
            if rules.delimiter == UInt8(ascii: ":") && !hasAuthority {
                return ScannedURL(kind: .path, scheme: nil, host: nil,
                                  path: routePath(bytes, from: 0, to: hierarchyEnd),
                                  query: query, fragment: fragment)
            }
            if !rules.schemes.isEmpty {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[schemeRange]), as: UTF8.self)
                let expected = rules.schemes.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
                throw LinkInputError(.unknownScheme, "unknown scheme '\(name)' (this table answers: \(expected))")
            }
        }
        return ScannedURL(kind: .customScheme, scheme: schemeRange, host: nil,
                          path: routePath(bytes, from: afterColon, to: hierarchyEnd),
                          query: query, fragment: fragment)
    }

    private static func scanUniversalLink(
        _ bytes: UnsafeBufferPointer<UInt8>, scheme: Range<Int>, hasAuthority: Bool, hierarchyEnd: Int,
        query: Range<Int>?, fragment: Range<Int>?, rules: ScannerRules
    ) throws(LinkInputError) -> ScannedURL {
        guard hasAuthority else {
            throw LinkInputError(.malformedURL, "expected '//' and a host after the scheme",
                                  position: column(bytes, scheme.upperBound + 1))
        }
        let authorityStart = scheme.upperBound + 3
        var authorityEnd = authorityStart
        while authorityEnd < hierarchyEnd && bytes[authorityEnd] != UInt8(ascii: "/")
                && bytes[authorityEnd] != UInt8(ascii: "\\") {
            authorityEnd += 1
        }
        let authority = UnsafeBufferPointer(rebasing: bytes[authorityStart..<authorityEnd])
        let authorityText = String(decoding: authority, as: UTF8.self)
        if authority.contains(UInt8(ascii: "@")) {
            throw LinkInputError(.userInfoNotAllowed,
                                  "user information in the authority '\(authorityText)' is not allowed")
        }
        if authorityEnd < hierarchyEnd && bytes[authorityEnd] == UInt8(ascii: "\\") {
            throw LinkInputError(.invalidCharacter, "backslash after the host", position: column(bytes, authorityEnd))
        }
        // Host, then an optional ':port' of digits. IPv6 literals keep their brackets.
        var hostEnd = authorityEnd
        var k = authorityStart
        if k < authorityEnd && bytes[k] == UInt8(ascii: "[") {
            while k < authorityEnd && bytes[k] != UInt8(ascii: "]") { k += 1 }
            if k == authorityEnd { throw LinkInputError(.malformedURL, "unclosed '[' in host '\(authorityText)'") }
            k += 1
            hostEnd = k
        } else {
            while k < authorityEnd && bytes[k] != UInt8(ascii: ":") { k += 1 }
            hostEnd = k
        }
        if hostEnd < authorityEnd {
            guard bytes[hostEnd] == UInt8(ascii: ":"), hostEnd + 1 < authorityEnd,
                  bytes[(hostEnd + 1)..<authorityEnd].allSatisfy(isDigit), authorityEnd - hostEnd <= 6
            else { throw LinkInputError(.malformedURL, "invalid port in '\(authorityText)'") }
        }
        let host = authorityStart..<hostEnd
        if host.isEmpty { throw LinkInputError(.malformedURL, "empty host") }
        if !rules.hosts.contains(where: { equalsIgnoringCase(bytes, host, $0) }) {
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[host]), as: UTF8.self)
            throw LinkInputError(.unknownHost, "host '\(name)' is not a universal-link host of this table")
        }
        return ScannedURL(kind: .universalLink, scheme: scheme, host: host,
                          path: routePath(bytes, from: authorityEnd, to: hierarchyEnd),
                          query: query, fragment: fragment)
    }

    // MARK: Byte helpers

    /// The bytes of a little-endian word of eight input bytes that the scan must look at (a
    /// control character, a space, DEL, `%`, `?` or `#`), flagged by their high bit, with `!`, `"`
    /// and `$` too (one "less than 0x26" test covers the controls, the space, `#` and `%`; the scan
    /// passes over the three). Zero exactly when there is none of them, and the lowest flagged byte
    /// is always one of them (the classic SWAR "has a byte less than" and "has a zero byte" tests
    /// may flag more above it, never below).
    @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let below = (word &- ones &* 0x26) & ~word
        return (below | zeroBytes(word ^ (ones &* 0x7F)) | zeroBytes(word ^ (ones &* 0x3F))) & highs
    }

    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The route path in `start..<end`: leading slashes and trailing slashes left out, whatever
    /// the delimiter. With `/` they would only make empty segments, which the matcher skips; with
    /// another delimiter (`user:self/`) a trailing slash would otherwise end up in the last segment.
    @inline(__always)
    private static func routePath(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int> {
        var lower = start
        while lower < end && bytes[lower] == UInt8(ascii: "/") { lower += 1 }
        var upper = end
        while upper > lower && bytes[upper - 1] == UInt8(ascii: "/") { upper -= 1 }
        return lower..<upper
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ prefix: StaticString,
                                  limit: Int) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard start + length <= limit else { return false }
        let p = prefix.utf8Start
        for offset in 0..<length where bytes[start + offset] != p[offset] { return false }
        return true
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                           _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        let p = lowercase.utf8Start
        var offset = 0
        for i in range {
            if lowered(bytes[i]) != p[offset] { return false }
            offset += 1
        }
        return true
    }

    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                   _ lowercase: [UInt8]) -> Bool {
        guard range.count == lowercase.count else { return false }
        var offset = 0
        for i in range {
            if lowered(bytes[i]) != lowercase[offset] { return false }
            offset += 1
        }
        return true
    }

    @inline(__always) static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    static func scalarName(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// The 1-based character column of a byte offset.
    static func column(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        var characters = 0
        for i in 0..<offset where bytes[i] & 0xC0 != 0x80 { characters += 1 }
        return characters + 1
    }
}
