/// A version written as dotted numbers, as an iOS app's `CFBundleShortVersionString` is: `2.3`,
/// `2.10.1`. Compared number by number, with missing numbers read as zero (`2.3` equals `2.3.0`
/// and is older than `2.10`).
///
/// ```swift
/// DottedVersion("2.3")! < DottedVersion("2.10")!   // true
/// ```
public struct DottedVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numbers, without trailing zeros (`2.3.0` gives `[2, 3]`).
    public let numbers: [Int]
    /// The version as written.
    public let description: String

    /// The most numbers a version may have.
    public static let maximumNumbers = 4

    /// Reads `text`: one to four decimal numbers of at most nine digits, separated by dots; nil for
    /// anything else (`2.x`, `v2`, `2..3`, an empty string).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...Self.maximumNumbers).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...9).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let number = Int(part) else { return nil }
            numbers.append(number)
        }
        while numbers.last == 0 { numbers.removeLast() }
        self.numbers = numbers
        description = text
    }

    /// Whether two versions name the same release (`2.3` and `2.3.0` do).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.numbers == rhs.numbers }

    /// Hashes the numbers, so that equal versions hash alike.
    public func hash(into hasher: inout Hasher) { hasher.combine(numbers) }

    /// Whether `lhs` is an older release than `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.numbers.lexicographicallyPrecedes(rhs.numbers) }
}
