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

    /// Milliseconds since 1970, rounded to the nearest.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

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
