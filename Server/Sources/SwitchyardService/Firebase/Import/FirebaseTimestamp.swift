import Foundation

/// Reads an export's `Creation timestamp`: ISO 8601 (`2023-05-04T10:20:30Z`, with fractional
/// seconds or an offset such as `+02:00`), the same with a space for the `T` and an optional
/// ` UTC` (`2023-05-04 10:20:30 UTC`; no zone means UTC), or a count of seconds since 1970 (a
/// count over 10^11 is read as milliseconds). Parsed by hand: a pure function, the same on every
/// platform, fast enough for a large export.
enum FirebaseTimestamp {
    /// The instant, or nil when the text is none of the forms above.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), bytes.count <= 15, let count = Double(String(decoding: bytes, as: UTF8.self)) {
            return Date(timeIntervalSince1970: count > 1e11 ? count / 1000 : count)
        }
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              expect("T "), let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
              hour < 24, minute < 60, second < 61 else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        let rest = String(decoding: bytes[index...], as: UTF8.self)
        switch rest {
        case "", "Z", "z", " UTC", " GMT", "UTC", " Z":
            break
        default:
            guard expect("+-") else { return nil }
            let sign = bytes[index - 1] == UInt8(ascii: "-") ? -1 : 1
            guard let hours = number(2) else { return nil }
            _ = expect(":")
            guard let minutes = number(2), index == bytes.count, hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
