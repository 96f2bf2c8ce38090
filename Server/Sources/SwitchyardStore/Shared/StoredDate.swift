public import Foundation

/// The precision both stores keep for instants: whole milliseconds since 1970.
///
/// ```swift
/// let createdAt = StoredDate.rounded(Date())  // what `link(code:)` will give back
/// ```
public enum StoredDate {
    /// `date` rounded to the nearest millisecond: the value a store returns for it.
    public static func rounded(_ date: Date) -> Date {
        self.date(milliseconds: milliseconds(date))
    }

    /// The latest instant a store keeps: 9999-12-31T23:59:59.999Z. Later instants (and the
    /// distant future) are kept as this one, earlier than ``earliest`` as that one, so that no date
    /// from a request can trap the conversion to whole milliseconds.
    public static let latest = Date(timeIntervalSince1970: 253_402_300_799.999)
    /// The earliest instant a store keeps: 0001-01-01T00:00:00Z.
    public static let earliest = Date(timeIntervalSince1970: -62_135_596_800)

    /// Milliseconds since 1970, rounded to the nearest; total: an instant outside
    /// ``earliest``...``latest`` (or not a number) is clamped to that range.
    static func milliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return milliseconds < 0 ? clampLow : clampHigh }
        return Int64(exactly: min(max(milliseconds, Double(clampLow)), Double(clampHigh))) ?? clampHigh
    }

    private static let clampLow = Int64(-62_135_596_800_000)
    private static let clampHigh = Int64(253_402_300_799_999)

    /// The instant `milliseconds` after 1970.
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Milliseconds in a UTC day.
    static let millisecondsPerDay: Int64 = 86_400_000

    /// The UTC day `date` falls in, counted from 1970-01-01 (day 0; days before it are negative).
    public static func day(_ date: Date) -> Int64 {
        let milliseconds = milliseconds(date)
        return milliseconds >= 0 ? milliseconds / millisecondsPerDay : (milliseconds + 1) / millisecondsPerDay - 1
    }

    /// The UTC midnight starting `day` (as counted by ``day(_:)``).
    public static func dayStart(_ day: Int64) -> Date {
        date(milliseconds: day * millisecondsPerDay)
    }
}
