/// An `Accept-Language` header, read: the language ranges it accepts (a quality above 0). Read at
/// most once per request, and only when a language condition asks (``RuleMatcher``).
///
/// ```swift
/// let languages = AcceptedLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0, *;q=0.5")
/// languages.accepts("fr")      // true
/// languages.accepts("fr-CA")   // false: only fr-CH and fr are named
/// languages.accepts("de")      // false: q=0 refuses it
/// languages.accepts("es")      // false: * names no language
/// ```
///
/// The header is read on its bytes where they are (letters compared ASCII case-insensitively): the
/// reading keeps the header and a list of at most 32 ranges into it, and makes no string per item.
public struct AcceptedLanguages: Sendable, Hashable {
    /// The most items read; the rest of the header is ignored.
    public static let maximumItems = 32
    /// The most bytes read; the rest of the header is ignored.
    public static let maximumBytes = 1024

    /// The header, its UTF-8 contiguous.
    private var header: String
    /// Where the accepted tags are in the header's bytes, in the header's order.
    private let tags: [Range<Int>]

    /// Reads the header's first 1,024 bytes and first 32 non-empty items (`fr-CH`, `fr;q=0.9`).
    ///
    /// An item whose quality does not read (`q=high`, `q=2`, `q=0.12345`) is left out, as RFC 9110
    /// has a recipient do with an invalid one; `q=0` means "not this one"; a quality reads as
    /// RFC 9110 writes it (`0` to `1` with up to three decimals, `q` in either case, spaces around
    /// `;` and `=`). Parameters other than `q` are ignored. `*` is kept as written and names no language.
    public init(_ header: String?) {
        var header = header ?? ""
        header.makeContiguousUTF8()
        tags = header.withUTF8 { Self.tags(UnsafeBufferPointer(rebasing: $0.prefix(Self.maximumBytes))) }
        self.header = header
    }

    /// The accepted tags, lowercased, in the header's order (for messages and tests).
    public var accepted: [String] {
        var header = header
        return header.withUTF8 { bytes in tags.map { String(decoding: bytes[$0].map(\.asciiLowercased), as: UTF8.self) } }
    }

    /// Whether `tag` is accepted, ASCII case-insensitively: a bare language (`fr`) by any tag of
    /// that language (`fr`, `fr-CA`); a tag with subtags (`fr-CA`) by itself or a longer one
    /// (`fr-CA-x`), as RFC 4647's basic filtering has it. `*` accepts no named language.
    ///
    /// - Complexity: O(*t*) in the header's accepted tags' length; no allocation.
    public func accepts(_ tag: String) -> Bool {
        guard !tags.isEmpty else { return false }
        var tag = tag, header = header
        return tag.withUTF8 { wanted in
            header.withUTF8 { bytes in
                tags.contains { range in
                    guard range.count >= wanted.count else { return false }
                    for offset in 0..<wanted.count where bytes[range.lowerBound + offset].asciiLowercased != wanted[offset].asciiLowercased {
                        return false
                    }
                    return range.count == wanted.count || bytes[range.lowerBound + wanted.count] == UInt8(ascii: "-")
                }
            }
        }
    }

    /// The ranges of the tags in `bytes` with a quality above 0.
    private static func tags(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var tags: [Range<Int>] = []
        var items = 0
        var start = 0
        while start < bytes.count, items < maximumItems {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
            let item = trimmed(bytes, start..<end)
            if !item.isEmpty {
                items += 1
                let tagEnd = bytes[item].firstIndex(of: UInt8(ascii: ";")) ?? item.upperBound
                let tag = trimmed(bytes, item.lowerBound..<tagEnd)
                if !tag.isEmpty, let quality = quality(bytes, tagEnd..<item.upperBound), quality > 0 {
                    if tags.isEmpty { tags.reserveCapacity(8) }
                    tags.append(tag)
                }
            }
            start = end + 1
        }
        return tags
    }

    /// `range` without the spaces and tabs at either end.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") { upper -= 1 }
        return lower..<upper
    }

    /// The quality the parameters in `range` (`;q=0.5;level=1`, from the first `;`) give, in
    /// thousandths: 1,000 without a `q`; nil when a `q` does not read.
    private static func quality(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var quality = 1000
        var semicolon = range.lowerBound
        while semicolon < range.upperBound {
            let end = bytes[(semicolon + 1)..<range.upperBound].firstIndex(of: UInt8(ascii: ";")) ?? range.upperBound
            let parameter = trimmed(bytes, (semicolon + 1)..<end)
            if let equals = bytes[parameter].firstIndex(of: UInt8(ascii: "=")) {
                let name = trimmed(bytes, parameter.lowerBound..<equals)
                if name.count == 1, bytes[name.lowerBound].asciiLowercased == UInt8(ascii: "q") {
                    guard let value = qvalue(bytes, trimmed(bytes, (equals + 1)..<parameter.upperBound)) else { return nil }
                    quality = value
                }
            }
            semicolon = end
        }
        return quality
    }

    /// RFC 9110's `qvalue` in thousandths: `0`, `0.5`, `0.125`, `1`, `1.000`; nil for anything else.
    private static func qvalue(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard let first = range.first, range.count <= 5,
              bytes[first] == UInt8(ascii: "0") || bytes[first] == UInt8(ascii: "1") else { return nil }
        var value = Int(bytes[first] - UInt8(ascii: "0")) * 1000
        guard range.count > 1 else { return value }
        guard bytes[first + 1] == UInt8(ascii: ".") else { return nil }
        var scale = 100
        for byte in bytes[(first + 2)..<range.upperBound] {
            guard byte.isASCIIDigit else { return nil }
            value += Int(byte - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}

/// Language tags as rules take them (BCP 47's shape, loosely): 2 or 3 letters, then optional
/// `-` subtags of 1 to 8 letters or digits.
enum LanguageTag {
    /// Whether `text` has that shape.
    static func isWellFormed(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(\.isASCIILetter) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit }
        }
    }

    /// `text` in BCP 47's usual case (`fr-CA`, `zh-Hant-TW`, `sr-Latn`: the language lowercase, a
    /// 4-letter script capitalized, a 2-letter region uppercase, other subtags lowercase); nil when
    /// it is not well formed.
    static func canonical(_ text: String) -> String? {
        guard isWellFormed(text) else { return nil }
        return text.lowercased().split(separator: "-").enumerated().map { index, part in
            guard index > 0, part.allSatisfy(\.isLetter) else { return String(part) }
            switch part.count {
            case 2: return part.uppercased()
            case 4: return part.prefix(1).uppercased() + part.dropFirst()
            default: return String(part)
            }
        }.joined(separator: "-")
    }
}

extension UInt8 {
    /// The byte with `A`–`Z` lowered, any other as it is.
    var asciiLowercased: UInt8 { self &- UInt8(ascii: "A") < 26 ? self | 0x20 : self }
    /// `A`–`Z` or `a`–`z`.
    var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }
    /// `0`–`9`.
    var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}
