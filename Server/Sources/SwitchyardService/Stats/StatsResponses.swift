import Foundation
import Hummingbird
import SwitchyardStore

/// What happened to links over a period (the `Figures` schema): their clicks by platform and the
/// app-side events the service saw.
struct Figures: Codable, Sendable, Hashable {
    /// Clicks by platform (crawlers included, counted apart).
    var clicks: ClickCounts
    /// Resolves: the app opened with the link.
    var appOpens: Int
    /// Deferred claims: the app's first open after an install.
    var firstOpens: Int
    /// Redemptions spent.
    var redeems: Int

    enum CodingKeys: String, CodingKey, CaseIterable {
        case clicks, appOpens, firstOpens, redeems
    }

    /// The sums of `counts`.
    init(_ counts: some Sequence<StatsCount>) {
        var clicks: [Click.Platform: Int] = [:]
        var events: [LinkEvent: Int] = [:]
        for count in counts {
            if let event = count.event { events[event, default: 0] += count.count } else { clicks[count.platform, default: 0] += count.count }
        }
        self.clicks = ClickCounts(clicks)
        appOpens = events[.appOpen] ?? 0
        firstOpens = events[.firstOpen] ?? 0
        redeems = events[.redeem] ?? 0
    }
}

extension Figures: OpenAPISchema {
    static let schemaName = "Figures"

    static var schema: JSONSchema {
        .object([
            "clicks": .ref(ClickCounts.self),
            "appOpens": .integer("Resolves: the app opened with the link.", minimum: 0),
            "firstOpens": .integer("Deferred claims: the app's first open after an install.", minimum: 0),
            "redeems": .integer("Redemptions spent.", minimum: 0),
        ], required: ["clicks", "appOpens", "firstOpens", "redeems"])
    }
}

/// One UTC day's figures (the `DayFigures` schema).
struct DayFigures: Codable, Sendable, Hashable {
    /// `YYYY-MM-DD`, UTC.
    var day: String
    var clicks: ClickCounts
    var appOpens: Int
    var firstOpens: Int
    var redeems: Int

    enum CodingKeys: String, CodingKey, CaseIterable {
        case day, clicks, appOpens, firstOpens, redeems
    }

    init(day: Int64, figures: Figures) {
        self.day = StatsPeriod.text(day: day)
        clicks = figures.clicks
        appOpens = figures.appOpens
        firstOpens = figures.firstOpens
        redeems = figures.redeems
    }
}

extension DayFigures: OpenAPISchema {
    static let schemaName = "DayFigures"

    static var schema: JSONSchema {
        var properties = Figures.schema.properties
        properties["day"] = .string("The UTC day.", format: "date")
        return .object(properties, required: ["day", "clicks", "appOpens", "firstOpens", "redeems"])
    }
}

/// The days a stats request covers: the last `days` UTC days, today included.
struct StatsPeriod: Sendable, Hashable {
    var days: Int
    var firstDay: Int64
    var lastDay: Int64

    /// The allowed `days`.
    static let allowed = 1...365

    /// Reads `days` (default 30) from a query parameter named `name`.
    ///
    /// - Throws: `'days' must be an integer from 1 to 365, got 'x'`.
    init(_ text: Substring?, name: String = "days", now: Date) throws(Problem) {
        var days = 30
        if let text {
            guard let value = Int(text), Self.allowed.contains(value) else {
                throw Problem.invalid("invalid-query", "Invalid query parameter",
                                      "'\(name)' must be an integer from \(Self.allowed.lowerBound) to \(Self.allowed.upperBound), got '\(text)'")
            }
            days = value
        }
        self.days = days
        lastDay = StoredDate.day(now)
        firstDay = lastDay - Int64(days - 1)
    }

    /// Every day of the period, oldest first, with its figures (zeros on days without any).
    func daily(_ counts: [StatsCount]) -> [DayFigures] {
        let byDay = Dictionary(grouping: counts.filter { $0.day >= firstDay && $0.day <= lastDay }, by: \.day)
        return (firstDay...lastDay).map { DayFigures(day: $0, figures: Figures(byDay[$0] ?? [])) }
    }

    /// `YYYY-MM-DD` of a UTC day.
    static func text(day: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: StoredDate.dayStart(day))
    }
}

/// A link's figures (the `LinkStats` schema): totals and each day's, for the last `days` days.
struct LinkStatsResponse: Codable, Sendable, Hashable, ResponseEncodable {
    var code: String
    /// The short link.
    var url: String
    var days: Int
    /// The first and last UTC day (`YYYY-MM-DD`).
    var from: String
    var to: String
    var totals: Figures
    var daily: [DayFigures]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case code, url, days, from, to, totals, daily
    }
}

extension LinkStatsResponse: OpenAPISchema {
    static let schemaName = "LinkStats"

    static var schema: JSONSchema {
        .object([
            "code": .string(), "url": .string("The short link."), "days": .integer(minimum: 1, maximum: 365),
            "from": .string(format: "date"), "to": .string(format: "date"),
            "totals": .ref(Figures.self), "daily": .array(of: .ref(DayFigures.self)),
        ], required: ["code", "url", "days", "from", "to", "totals", "daily"])
    }
}

/// One of a team's links with its totals (the `LinkFigures` schema).
struct LinkFigures: Codable, Sendable, Hashable {
    var code: String
    var url: String
    var clicks: Int
    var appOpens: Int
    var firstOpens: Int
    var redeems: Int

    enum CodingKeys: String, CodingKey, CaseIterable {
        case code, url, clicks, appOpens, firstOpens, redeems
    }

    init(_ totals: LinkTotals, url: String) {
        code = totals.code
        self.url = url
        clicks = totals.clicks
        appOpens = totals.events[.appOpen] ?? 0
        firstOpens = totals.events[.firstOpen] ?? 0
        redeems = totals.events[.redeem] ?? 0
    }
}

extension LinkFigures: OpenAPISchema {
    static let schemaName = "LinkFigures"

    static var schema: JSONSchema {
        .object([
            "code": .string(), "url": .string("The short link."), "clicks": .integer(minimum: 0),
            "appOpens": .integer(minimum: 0), "firstOpens": .integer(minimum: 0), "redeems": .integer(minimum: 0),
        ], required: ["code", "url", "clicks", "appOpens", "firstOpens", "redeems"])
    }
}

/// A team's figures (the `TeamStats` schema): totals, each day's, and its links, most clicked
/// first, a page at a time.
struct TeamStatsResponse: Codable, Sendable, Hashable, ResponseEncodable {
    var days: Int
    var from: String
    var to: String
    var totals: Figures
    var daily: [DayFigures]
    var links: [LinkFigures]
    /// The cursor of the next page of links; null on the last one.
    var nextCursor: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case days, from, to, totals, daily, links, nextCursor
    }

    /// Writes `nextCursor` as `null` on the last page.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(days, forKey: .days)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(totals, forKey: .totals)
        try container.encode(daily, forKey: .daily)
        try container.encode(links, forKey: .links)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

extension TeamStatsResponse: OpenAPISchema {
    static let schemaName = "TeamStats"

    static var schema: JSONSchema {
        .object([
            "days": .integer(minimum: 1, maximum: 365), "from": .string(format: "date"), "to": .string(format: "date"),
            "totals": .ref(Figures.self), "daily": .array(of: .ref(DayFigures.self)),
            "links": .array(of: .ref(LinkFigures.self)).described("The team's live links, most clicked first."),
            "nextCursor": JSONSchema.string().nullable(),
        ], required: ["days", "from", "to", "totals", "daily", "links", "nextCursor"])
    }
}
