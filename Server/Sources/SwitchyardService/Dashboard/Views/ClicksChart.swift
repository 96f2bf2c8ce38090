import Foundation

/// Clicks over the last days as a server-rendered SVG bar chart: one bar per UTC day, the y axis
/// labelled from zero to a round maximum, the x axis with dates. Zero clicks draw an empty chart.
struct ClicksChart: Sendable {
    /// Clicks per UTC day, oldest first, one entry per day (zeros included).
    let days: [(day: Date, count: Int)]

    static let width = 640
    static let height = 220
    private static let left = 44, right = 12, top = 16, bottom = 36

    /// `days` consecutive UTC days ending with `now`'s, filled from a store's sparse counts.
    init(counts: [(day: Date, count: Int)], endingAt now: Date, days: Int = 30) {
        let today = Self.startOfDay(now)
        var byDay: [Int: Int] = [:]
        for entry in counts { byDay[Self.dayNumber(entry.day), default: 0] += entry.count }
        self.days = (0..<days).reversed().map { back in
            let day = today.addingTimeInterval(-Double(back) * 86_400)
            return (day, byDay[Self.dayNumber(day)] ?? 0)
        }
    }

    /// The first instant of the earliest day shown (pass to ``LinkStore/clicksPerDay(code:since:)``).
    static func since(_ now: Date, days: Int = 30) -> Date {
        startOfDay(now).addingTimeInterval(-Double(days - 1) * 86_400)
    }

    static func startOfDay(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }

    private static func dayNumber(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) }

    /// The smallest of 1, 2, 5, 10, 20, 50, … at or above `value` (at least 1).
    static func niceMaximum(_ value: Int) -> Int {
        var scale = 1
        while true {
            for step in [1, 2, 5] where step * scale >= value { return step * scale }
            scale *= 10
        }
    }

    /// `03-14` for a day.
    static func label(_ day: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.month, .day], from: day)
        return String(format: "%02d-%02d", parts.month ?? 0, parts.day ?? 0)
    }

    /// The total over the days shown.
    var total: Int { days.reduce(0) { $0 + $1.count } }

    /// The SVG element.
    var svg: String {
        let (w, h) = (Self.width, Self.height)
        let plotWidth = w - Self.left - Self.right
        let plotHeight = h - Self.top - Self.bottom
        let maximum = Self.niceMaximum(days.map(\.count).max() ?? 0)
        let slot = Double(plotWidth) / Double(max(days.count, 1))
        let baseline = Self.top + plotHeight
        var parts: [String] = []
        parts.append(#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)" font-family="system-ui,sans-serif" font-size="11">"#)
        parts.append("<title>Clicks per day (UTC), last \(days.count) days: \(total) in all</title>")
        // Grid and y axis: 0, half, maximum.
        for tick in Set([0, maximum / 2, maximum]).sorted() {
            let y = Double(baseline) - Double(tick) / Double(maximum) * Double(plotHeight)
            parts.append(#"<line class="grid" x1="\#(Self.left)" y1="\#(Self.format(y))" x2="\#(w - Self.right)" y2="\#(Self.format(y))" stroke="rgb(221,221,221)"/>"#)
            parts.append(#"<text class="y-label" x="\#(Self.left - 6)" y="\#(Self.format(y + 4))" text-anchor="end">\#(tick)</text>"#)
        }
        parts.append(#"<line class="axis" x1="\#(Self.left)" y1="\#(Self.top)" x2="\#(Self.left)" y2="\#(baseline)" stroke="rgb(85,85,85)"/>"#)
        parts.append(#"<line class="axis" x1="\#(Self.left)" y1="\#(baseline)" x2="\#(w - Self.right)" y2="\#(baseline)" stroke="rgb(85,85,85)"/>"#)
        for (index, entry) in days.enumerated() {
            let x = Double(Self.left) + Double(index) * slot
            let barHeight = Double(entry.count) / Double(maximum) * Double(plotHeight)
            if entry.count > 0 {
                parts.append(#"<rect class="bar" x="\#(Self.format(x + 1))" y="\#(Self.format(Double(baseline) - barHeight))" width="\#(Self.format(max(slot - 2, 1)))" height="\#(Self.format(barHeight))" fill="rgb(11,95,255)"><title>\#(Self.label(entry.day)): \#(entry.count)</title></rect>"#)
            }
            if (days.count - 1 - index) % 7 == 0 {  // today, and every week back from it
                parts.append(#"<text class="x-label" x="\#(Self.format(x + slot / 2))" y="\#(baseline + 16)" text-anchor="middle">\#(Self.label(entry.day))</text>"#)
            }
        }
        parts.append(#"<text x="\#(Self.left + plotWidth / 2)" y="\#(h - 4)" text-anchor="middle" fill="rgb(85,85,85)">day (UTC)</text>"#)
        parts.append(#"<text x="12" y="\#(Self.top + plotHeight / 2)" text-anchor="middle" fill="rgb(85,85,85)" transform="rotate(-90 12 \#(Self.top + plotHeight / 2))">clicks</text>"#)
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
