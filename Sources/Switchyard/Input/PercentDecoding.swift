/// Percent-decoding over UTF-8 bytes, without Foundation: the one decoder of the SDK and of the
/// link service.
///
/// ```swift
/// PercentDecoding.decode("red%20shoes+42", plusIsSpace: true)  // "red shoes 42"
/// PercentDecoding.decode("100%", plusIsSpace: false)           // nil: '%' without two hex digits
/// PercentDecoding.decode("%FF", plusIsSpace: false)            // nil: not UTF-8
/// ```
@_spi(SwitchyardService)
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
