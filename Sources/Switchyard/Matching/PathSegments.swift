/// Splits a scanned path into segments for the matcher: before percent-decoding (so `a%2Fb` is one
/// segment), skipping empty segments. Each escaped segment is decoded once, here, into the
/// decoding buffer, where the matcher and the route parameters read it; where the scanner saw an
/// escape that may not decode to text (``ScannedURL/hasUncommonEscape``), the decoded bytes are
/// checked to be UTF-8 without control characters. Route resolution and the pattern-handler
/// lookup both split here.
enum PathSegments {
    /// How many segments `path` may hold at most: one per two bytes, since empty segments are skipped.
    @inline(__always)
    static func capacity(of path: Range<Int>) -> Int { path.count / 2 + 1 }

    /// How many bytes the decoding buffer of ``split(_:_:delimiter:checkEscapes:into:decoded:)`` and
    /// the matcher's scratch need together for `path`: the decoded segments (never longer than the
    /// path) and, after them, room for one segment.
    @inline(__always)
    static func bufferCapacity(of path: Range<Int>) -> Int { 2 * max(path.count, 1) }

    /// A buffer of ``bufferCapacity(of:)`` bytes as the decoding buffer and the matcher's scratch.
    @inline(__always)
    static func halves(of buffer: UnsafeMutableBufferPointer<UInt8>)
        -> (decoded: UnsafeMutableBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>) {
        let half = buffer.count / 2
        return (UnsafeMutableBufferPointer(rebasing: buffer[0..<half]), UnsafeMutableBufferPointer(rebasing: buffer[half...]))
    }

    /// Writes the segments of `bytes[path]` to `segments` (``capacity(of:)`` of them at least) and
    /// answers how many there are; escaped segments are decoded into `decoded` (as long as the
    /// path), each at its ``SegmentRef/decodedStart``.
    ///
    /// - Parameter checkEscapes: whether to check each escaped segment's decoded text.
    /// - Throws: ``LinkInputError`` for an escape that is not UTF-8 or decodes to a control character.
    /// - Complexity: O(*n*) in the path's length, eight bytes at a time up to the next delimiter or `%`.
    @inline(__always)
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ path: Range<Int>, delimiter: UInt8, checkEscapes: Bool,
                      into segments: UnsafeMutableBufferPointer<SegmentRef>,
                      decoded: UnsafeMutableBufferPointer<UInt8>) throws(LinkInputError) -> Int {
        var count = 0
        var start = path.lowerBound
        var hasEscape = false
        var cursor = 0
        var i = path.lowerBound
        let end = path.upperBound
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let delimiters = ones &* UInt64(delimiter)
        let percents = ones &* UInt64(UInt8(ascii: "%"))
        while true {
            if i + 8 <= end {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let a = word ^ delimiters
                let b = word ^ percents
                // The lowest flagged byte is exact: the first delimiter or '%' in the word.
                let found = ((a &- ones) & ~a | (b &- ones) & ~b) & 0x8080_8080_8080_8080
                if found == 0 {
                    i += 8
                    continue
                }
                i += found.trailingZeroBitCount >> 3
            }
            if i == end || bytes[i] == delimiter {
                if i > start {
                    var segment = SegmentRef(start: Int32(start), end: Int32(i), hasEscape: hasEscape)
                    if hasEscape {
                        let length = PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[start..<i]),
                                                            into: UnsafeMutableBufferPointer(rebasing: decoded[cursor...]),
                                                            lowercase: false)
                        if checkEscapes,
                           let error = check(UnsafeBufferPointer(rebasing: decoded[cursor..<(cursor + length)]),
                                             at: start, in: bytes) {
                            throw error
                        }
                        segment.decodedStart = Int32(cursor)
                        segment.decodedEnd = Int32(cursor + length)
                        cursor += length
                    }
                    segments[count] = segment
                    count += 1
                }
                if i == end { break }
                start = i + 1
                hasEscape = false
            } else if bytes[i] == UInt8(ascii: "%") {
                hasEscape = true
            }
            i += 1
        }
        return count
    }

    /// A path segment's escapes must decode to UTF-8 without control characters.
    private static func check(_ decoded: UnsafeBufferPointer<UInt8>, at offset: Int,
                              in bytes: UnsafeBufferPointer<UInt8>) -> LinkInputError? {
        if !PercentDecoding.isValidUTF8(decoded) {
            return LinkInputError(.invalidPercentEncoding, "percent-encoding in the path is not UTF-8",
                                   position: URLScanner.column(bytes, offset))
        }
        if let control = decoded.first(where: { $0 < 0x20 || $0 == 0x7F }) {
            return LinkInputError(.controlCharacter,
                                   "percent-encoded control character \(URLScanner.scalarName(control)) in the path",
                                   position: URLScanner.column(bytes, offset))
        }
        return nil
    }
}

/// A segment of the input path: a byte range, whether it holds a `%` escape, and where its
/// decoded text is in the decoding buffer when it does (``PathSegments``).
struct SegmentRef {
    var start: Int32
    var end: Int32
    var decodedStart: Int32 = 0
    var decodedEnd: Int32 = 0
    var hasEscape: Bool

    init(start: Int32, end: Int32, hasEscape: Bool) {
        self.start = start
        self.end = end
        self.hasEscape = hasEscape
    }

    /// The segment's text as the matcher reads it: decoded when escaped.
    @inline(__always)
    func text(_ bytes: UnsafeBufferPointer<UInt8>, decoded: UnsafeMutableBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        hasEscape
            ? UnsafeBufferPointer(rebasing: decoded[Int(decodedStart)..<Int(decodedEnd)])
            : UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)])
    }
}
