extension JSONParser {
    /// Reads a string starting at its opening quote, validating UTF-8 and decoding escapes.
    mutating func parseString() throws(JSONParseError) -> String {
        let opening = index
        index += 1
        var decoded: [UInt8] = []  // used only once an escape appears
        var runStart = index
        while true {
            guard index < bytes.count else { throw error(.unterminatedString, at: opening) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                if decoded.isEmpty && runStart == opening + 1 {
                    return String(decoding: run, as: UTF8.self)
                }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try parseEscape(into: &decoded)
                runStart = index
            case 0x00..<0x20:
                throw error(.controlCharacterInString(byte), at: index)
            case 0x20..<0x80:
                index += 1
            default:
                try skipUTF8Sequence()
            }
        }
    }

    /// Decodes the escape at the backslash under the index and appends its UTF-8 to `output`.
    private mutating func parseEscape(into output: inout [UInt8]) throws(JSONParseError) {
        let backslash = index
        index += 1
        guard index < bytes.count else { throw error(.unterminatedString, at: backslash) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(letter)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHexQuad(escapeAt: backslash)
            let scalar: Unicode.Scalar?
            switch unit {
            case 0xD800...0xDBFF:
                let secondEscape = index
                let pairFollows =
                    bytes.count - index >= 2 && bytes[index] == UInt8(ascii: "\\")
                    && bytes[index + 1] == UInt8(ascii: "u")
                guard pairFollows else { throw error(.loneSurrogate(unit), at: backslash) }
                index += 2
                let low = try parseHexQuad(escapeAt: secondEscape)
                guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate(unit), at: backslash) }
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
            case 0xDC00...0xDFFF:
                throw error(.loneSurrogate(unit), at: backslash)
            default:
                scalar = Unicode.Scalar(unit)
            }
            // Every value that reaches here is a valid scalar; U+FFFD is only a formality.
            UTF8.encode(scalar ?? "\u{FFFD}") { output.append($0) }
        default:
            throw error(.invalidEscape(letter), at: backslash)
        }
    }

    /// Reads the four hexadecimal digits after `\u`.
    private mutating func parseHexQuad(escapeAt backslash: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error(.invalidUnicodeEscape, at: backslash) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidUnicodeEscape, at: backslash)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Steps over one well-formed multi-byte UTF-8 sequence (Unicode Table 3-7), or throws at the bad byte.
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = bytes[index]
        let secondRange: ClosedRange<UInt8>
        let length: Int
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: throw error(.invalidUTF8(lead), at: index)
        }
        for offset in 1..<length {
            let position = index + offset
            guard position < bytes.count else { throw error(.invalidUTF8(lead), at: index) }
            let byte = bytes[position]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else { throw error(.invalidUTF8(byte), at: position) }
        }
        index += length
    }
}
