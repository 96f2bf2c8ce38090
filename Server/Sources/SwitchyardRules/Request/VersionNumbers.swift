/// Up to four version numbers, kept inline: a user agent's OS version, read with no allocation
/// and compared with ``DottedVersion`` bounds number by number (``RuleReading/order(_:_:)``).
struct VersionNumbers: RandomAccessCollection, Sendable, Hashable, CustomStringConvertible {
    private var storage: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private(set) var count = 0

    init() {}

    /// The version written at `start` in `bytes`: up to 4 numbers of up to 9 digits, separated by
    /// `.` or `_` (`17_4_1`, `10.0`), read as far as they are well formed; nil when no digit is there.
    init?(reading bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        var current = 0, digits = 0
        for byte in bytes[start...] {
            if byte.isASCIIDigit, digits < 9 {
                current = current * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_"), digits > 0, count < 3 {
                append(current)
                current = 0
                digits = 0
            } else {
                break
            }
        }
        if digits > 0 { append(current) }
        if isEmpty { return nil }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Int {
        switch position {
        case 0: storage.0
        case 1: storage.1
        case 2: storage.2
        default: storage.3
        }
    }

    /// Adds a number (past four, none is kept).
    mutating func append(_ number: Int) {
        switch count {
        case 0: storage.0 = number
        case 1: storage.1 = number
        case 2: storage.2 = number
        case 3: storage.3 = number
        default: return
        }
        count += 1
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        forEach { hasher.combine($0) }
    }

    /// `17.4.1`.
    var description: String { map(String.init).joined(separator: ".") }
}
