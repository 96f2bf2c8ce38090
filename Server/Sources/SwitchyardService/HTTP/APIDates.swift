import Foundation

/// Dates as the API writes and reads them: ISO 8601 in UTC, with milliseconds when writing.
enum APIDates {
    /// `2030-01-31T12:00:00.000Z`.
    static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// A date-time with or without fractional seconds; nil for anything else.
    static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }
}
