import Foundation

/// Instants as rules write them: RFC 3339 (ISO 8601 with a time zone: `Z` or an offset),
/// fractional seconds allowed; written back in UTC, with milliseconds when they have some.
///
/// Read and written here rather than with `ISO8601DateFormatter`, whose every creation sets up an
/// ICU calendar (hundreds of microseconds): a stored link's rules are read on a cache miss of
/// `GET /{code}`, and explain writes an instant per time condition.
enum RuleInstant {
    /// The instant `text` names (`2026-12-24T00:00:00Z`, `2026-12-24T01:00:00.5+01:00`); nil when
    /// it is not RFC 3339 with a time zone, or names no real day or time.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 64 else { return nil }
        var position = 0
        func number(_ digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<(position + digits)] {
                guard byte.isASCIIDigit else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += digits
            return value
        }
        func skip(_ separator: UInt8, or other: UInt8? = nil) -> Bool {
            guard position < bytes.count, bytes[position] == separator || bytes[position] == other else { return false }
            position += 1
            return true
        }
        guard let year = number(4), skip(UInt8(ascii: "-")), let month = number(2), skip(UInt8(ascii: "-")), let day = number(2),
              skip(UInt8(ascii: "T"), or: UInt8(ascii: "t")), let hour = number(2), skip(UInt8(ascii: ":")), let minute = number(2),
              skip(UInt8(ascii: ":")), let second = number(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = 0.0
        if skip(UInt8(ascii: ".")) {
            var value = 0, scale = 1
            while position < bytes.count, bytes[position].isASCIIDigit, scale < 1_000_000_000 {
                value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                scale *= 10
                position += 1
            }
            guard scale > 1 else { return nil }
            fraction = Double(value) / Double(scale)
        }
        var offset = 0
        if skip(UInt8(ascii: "Z"), or: UInt8(ascii: "z")) {
            offset = 0
        } else if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            position += 1
            guard let hours = number(2), skip(UInt8(ascii: ":")), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second - offset
        // Added as whole seconds and a fraction (0.25 stays exactly 0.25), as the text says them.
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `2026-12-24T00:00:00Z`, or `2026-12-24T00:00:00.250Z` when the instant has milliseconds.
    static func text(_ date: Date) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = millisecond < 0 ? seconds - 1 : seconds
        let (day, time) = whole.quotientAndRemainder(dividingBy: 86400)
        let days = time < 0 ? day - 1 : day, secondOfDay = time < 0 ? time + 86400 : time
        let (year, month, dayOfMonth) = civil(days)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(dayOfMonth, 2))T"
            + "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))"
        let fraction = millisecond < 0 ? millisecond + 1000 : millisecond
        if fraction != 0 { text += "." + padded(fraction, 3) }
        return text + "Z"
    }

    // MARK: The proleptic Gregorian calendar

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date (negative before it).
    static func days(year: Int, month: Int, day: Int) -> Int {
        // Counted in eras of 400 years (146,097 days) from March 1st of year 0, so that February,
        // and its leap day, ends each year.
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01: the inverse of ``days(year:month:day:)``.
    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
