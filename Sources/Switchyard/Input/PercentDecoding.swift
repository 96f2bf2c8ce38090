/// Percent-decoding over UTF-8 bytes, without Foundation: the one decoder of the SDK and of the
/// link service.
///
/// ```swift
/// PercentDecoding.decode("red%20shoes+42", plusIsSpace: true)  // "red shoes 42"
/// PercentDecoding.decode("100%", plusIsSpace: false)           // nil: '%' without two hex digits
/// PercentDecoding.decode("%FF", plusIsSpace: false)            // nil: not UTF-8
/// ```
public enum PercentDecoding {
    /// `text` with each `%XX` escape replaced by its byte (and each `+` by a space when
    /// `plusIsSpace`, as in a query string or a form), or nil when a `%` is not followed by two hex
    /// digits or the decoded bytes are not UTF-8: for values that must be read exactly.
    ///
    /// - Complexity: O(*n*) in the text's UTF-8 length.
    public static func decode(_ text: some StringProtocol, plusIsSpace: Bool) -> String? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { bytes -> String? in
            guard invalidEscape(in: bytes) == nil else { return nil }
            let decoded = [UInt8](unsafeUninitializedCapacity: bytes.count) { output, count in
                count = decode(bytes, into: output, lowercase: false, plusIsSpace: plusIsSpace)
            }
            return decoded.withUnsafeBufferPointer { isValidUTF8($0) } ? String(decoding: decoded, as: UTF8.self) : nil
        }
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        let value = hexDigit(byte)
        return value < 16 ? value : nil
    }

    /// A hex digit's value, or 0xFF for any other byte, without branches (the scanner reads every
    /// escape of an input with it).
    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0")
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return digit < 10 ? digit : (letter < 6 ? letter &+ 10 : 0xFF)
    }

    /// The offset of the first `%` in `bytes` that two hex digits do not follow, or nil when every
    /// escape is complete (what ``decode(_:plusIsSpace:)`` expects).
    static func invalidEscape(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, hexValue(bytes[i + 1]) != nil, hexValue(bytes[i + 2]) != nil else { return i }
                i += 3
            } else {
                i += 1
            }
        }
        return nil
    }

    /// Decodes `bytes` (already validated: every `%` is followed by two hex digits) into a string.
    /// `plusIsSpace` applies form encoding, as in a query.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> String {
        var needsWork = false
        for byte in bytes where byte == UInt8(ascii: "%") || (plusIsSpace && byte == UInt8(ascii: "+")) {
            needsWork = true
            break
        }
        if !needsWork { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { output in
            decode(bytes, into: output, lowercase: false, plusIsSpace: plusIsSpace)
        }
    }

    /// Writes the decoded bytes of `bytes` into `output` (at least `bytes.count` long) and returns the count.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
                       lowercase: Bool, plusIsSpace: Bool = false) -> Int {
        var written = 0
        var i = 0
        while i < bytes.count {
            var byte = bytes[i]
            if byte == UInt8(ascii: "%"), i + 2 < bytes.count,
               let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                byte = high << 4 | low
                i += 3
            } else {
                if plusIsSpace && byte == UInt8(ascii: "+") { byte = UInt8(ascii: " ") }
                i += 1
            }
            if lowercase && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            output[written] = byte
            written += 1
        }
        return written
    }

    /// Whether `bytes` is well-formed UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard i + length <= n else { return false }
            let b1 = bytes[i + 1]
            guard b1 >= lower && b1 <= upper else { return false }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }
}

/// Percent-encoding for building URLs: the one encoder of the SDK and of the link service.
///
/// ```swift
/// PercentEncoding.encode("a b/c")                          // "a%20b%2Fc"
/// PercentEncoding.encode("a/b", allowing: { $0 == 47 })    // "a/b"
/// ```
public enum PercentEncoding {
    /// `string`'s UTF-8 bytes with RFC 3986's unreserved characters kept and everything else
    /// escaped as `%XX` (upper-case hex), except the extra bytes `allowed` keeps.
    ///
    /// - Complexity: O(*n*) in the string's UTF-8 length.
    public static func encode(_ string: String, allowing allowed: (UInt8) -> Bool = { _ in false }) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in string.utf8 {
            if isUnreserved(byte) || allowed(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `byte` is an RFC 3986 unreserved character (`A-Z a-z 0-9 - . _ ~`).
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
