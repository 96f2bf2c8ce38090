/// Splits a scanned path into segments for the matcher: before percent-decoding (so `a%2Fb` is one
/// segment), skipping empty segments, and checking that each escaped segment decodes to UTF-8
/// without control characters. Route resolution and the pattern-handler lookup both split here.
enum PathSegments {
    /// How many segments `path` may hold at most: one per two bytes, since empty segments are skipped.
    @inline(__always)
    static func capacity(of path: Range<Int>) -> Int { path.count / 2 + 1 }

    /// Writes the segments of `bytes[path]` to `segments` (``capacity(of:)`` of them at least) and
    /// answers how many there are; `scratch` (as long as the path) holds decoded text while checking.
    ///
    /// - Throws: ``LinkInputError`` for an escape that is not UTF-8 or decodes to a control character.
    /// - Complexity: O(*n*) in the path's length, eight bytes at a time up to the next delimiter or `%`.
    @inline(__always)
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ path: Range<Int>, delimiter: UInt8,
                      into segments: UnsafeMutableBufferPointer<SegmentRef>,
                      scratch: UnsafeMutableBufferPointer<UInt8>) throws(LinkInputError) -> Int {
        var count = 0
        var start = path.lowerBound
        var hasEscape = false
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
                    if hasEscape, let error = checkDecoded(bytes, start..<i, scratch: scratch) { throw error }
                    segments[count] = SegmentRef(start: Int32(start), end: Int32(i), hasEscape: hasEscape)
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
    private static func checkDecoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                     scratch: UnsafeMutableBufferPointer<UInt8>) -> LinkInputError? {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        let length = PercentDecoding.decode(raw, into: scratch, lowercase: false)
        let decoded = UnsafeBufferPointer(rebasing: scratch[0..<length])
        if !PercentDecoding.isValidUTF8(decoded) {
            return LinkInputError(.invalidPercentEncoding, "percent-encoding in the path is not UTF-8",
                                   position: URLScanner.column(bytes, range.lowerBound))
        }
        if let control = decoded.first(where: { $0 < 0x20 || $0 == 0x7F }) {
            return LinkInputError(.controlCharacter,
                                   "percent-encoded control character \(URLScanner.scalarName(control)) in the path",
                                   position: URLScanner.column(bytes, range.lowerBound))
        }
        return nil
    }
}
