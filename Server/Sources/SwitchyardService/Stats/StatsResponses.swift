import Foundation
import Hummingbird
import SwitchyardStore

/// What happened to links over a period (the `Figures` schema): their clicks by platform and the
/// app-side events the service saw.
struct Figures: Sendable, Hashable {
    /// Clicks by platform (crawlers included, counted apart).
    var clicks: ClickCounts
    /// Resolves: the app opened with the link.
    var appOpens: Int
    /// Deferred claims: the app's first open after an install.
    var firstOpens: Int
    /// Redemptions spent.
    var redeems: Int
    /// People's clicks: every click but a robot's (repeats included).
    var humanClicks: Int
    /// People's first clicks on the link from one address and user agent within the hour.
    var uniqueClicks: Int

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
        humanClicks = events[.humanClick] ?? 0
        uniqueClicks = events[.uniqueClick] ?? 0
    }
}

extension Figures: APIObject, OpenAPISchema {
    static let schemaName = "Figures"

    static let fields: [APIField<Self>] = [
        APIField("clicks", \.clicks),
        APIField("appOpens", \.appOpens, "Resolves: the app opened with the link.", minimum: 0),
        APIField("firstOpens", \.firstOpens, "Deferred claims: the app's first open after an install.", minimum: 0),
        APIField("redeems", \.redeems, "Redemptions spent.", minimum: 0),
        APIField("humanClicks", \.humanClicks,
                 "People's clicks: clicks.total less robots' (crawlers, scanners, monitors, HEAD, prefetches); repeats included.", minimum: 0),
        APIField("uniqueClicks", \.uniqueClicks,
                 "People's first clicks on the link from one address and user agent within the hour.", minimum: 0),
    ]
}

/// One UTC day's figures (the `DayFigures` schema): the day, and its ``Figures`` beside it.
struct DayFigures: Sendable, Hashable {
    /// `YYYY-MM-DD`, UTC.
    var day: String
    var figures: Figures

    init(day: Int64, figures: Figures) {
        self.day = StatsPeriod.text(day: day)
        self.figures = figures
    }
}

extension DayFigures: APIObject, OpenAPISchema {
    static let schemaName = "DayFigures"

    static let fields = [APIField<Self>("day", \.day, "The UTC day.", format: "date")]
        + Figures.fields.map { $0.flattened(into: \.figures) }
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
struct LinkStatsResponse: Sendable, Hashable, ResponseEncodable {
    var code: String
    /// The host of the link's domain.
    var domain: String
    /// The short link.
    var url: String
    var days: Int
    /// The first and last UTC day (`YYYY-MM-DD`).
    var from: String
    var to: String
    var totals: Figures
    var daily: [DayFigures]
    /// The A/B test's variants with their figures since it began; nil without a test.
    var variants: [VariantFigures]? = nil
    /// The period's clicks by the client's country, most first.
    var countries: [CountryFigures] = []
}

/// One country's clicks on a link (the `CountryFigures` schema).
struct CountryFigures: Sendable, Hashable, ResponseEncodable {
    /// ISO 3166-1 alpha-2, or `unknown` (no `--geoip` database, or an address it has no country for).
    var country: String
    var clicks: Int
    var humanClicks: Int
    var uniqueClicks: Int

    init(_ count: CountryCount) {
        country = count.country ?? "unknown"
        clicks = count.clicks
        humanClicks = count.humanClicks
        uniqueClicks = count.uniqueClicks
    }
}

extension CountryFigures: APIObject, OpenAPISchema {
    static let schemaName = "CountryFigures"

    static let fields: [APIField<Self>] = [
        APIField("country", \.country, "ISO 3166-1 alpha-2 (from the service's --geoip database), or unknown: no database, or none for the address."),
        APIField("clicks", \.clicks, minimum: 0),
        APIField("humanClicks", \.humanClicks, minimum: 0),
        APIField("uniqueClicks", \.uniqueClicks, minimum: 0),
    ]
}

extension LinkStatsResponse: APIObject, OpenAPISchema {
    static let schemaName = "LinkStats"

    static let fields: [APIField<Self>] = [
        APIField("code", \.code), APIField("domain", \.domain, "The host of the link's domain."),
        APIField("url", \.url, "The short link."), APIField("days", \.days, minimum: 1, maximum: 365),
        APIField("from", \.from, format: "date"), APIField("to", \.to, format: "date"),
        APIField("totals", \.totals), APIField("daily", \.daily),
        APIField("variants", \.variants, "The link's A/B variants, each with its figures since the test began (whatever days asks); "
                     + "null when the link has no test."),
        APIField("countries", \.countries, "The period's clicks by the client's country (the address is never kept), most first; "
                     + "all under unknown without a --geoip database."),
    ]
}

/// One of a team's links with its totals (the `LinkFigures` schema).
struct LinkFigures: Sendable, Hashable {
    var code: String
    var domain: String
    var url: String
    var clicks: Int
    var appOpens: Int
    var firstOpens: Int
    var redeems: Int
    var humanClicks: Int
    var uniqueClicks: Int

    init(_ totals: LinkTotals, service: LinkService) {
        let (host, code) = LinkKey.split(totals.code)
        self.code = code
        domain = host ?? service.domains.bootstrap.domain.host
        url = service.shortURL(totals.code)
        clicks = totals.clicks
        appOpens = totals.events[.appOpen] ?? 0
        firstOpens = totals.events[.firstOpen] ?? 0
        redeems = totals.events[.redeem] ?? 0
        humanClicks = totals.events[.humanClick] ?? 0
        uniqueClicks = totals.events[.uniqueClick] ?? 0
    }
}

extension LinkFigures: APIObject, OpenAPISchema {
    static let schemaName = "LinkFigures"

    static let fields: [APIField<Self>] = [
        APIField("code", \.code), APIField("domain", \.domain, "The host of the link's domain."),
        APIField("url", \.url, "The short link."), APIField("clicks", \.clicks, minimum: 0),
        APIField("appOpens", \.appOpens, minimum: 0), APIField("firstOpens", \.firstOpens, minimum: 0),
        APIField("redeems", \.redeems, minimum: 0),
        APIField("humanClicks", \.humanClicks, "Clicks less robots' (repeats included).", minimum: 0),
        APIField("uniqueClicks", \.uniqueClicks, "People's first clicks from one address and user agent within the hour.", minimum: 0),
    ]
}

/// A team's figures (the `TeamStats` schema): totals, each day's, and its links, most clicked
/// first, a page at a time.
struct TeamStatsResponse: Sendable, Hashable, ResponseEncodable {
    var days: Int
    var from: String
    var to: String
    var totals: Figures
    var daily: [DayFigures]
    var links: [LinkFigures]
    /// The cursor of the next page of links; null on the last one.
    var nextCursor: String?
}

extension TeamStatsResponse: APIObject, OpenAPISchema {
    static let schemaName = "TeamStats"

    /// `nextCursor` is `null` on the last page.
    static let fields: [APIField<Self>] = [
        APIField("days", \.days, minimum: 1, maximum: 365), APIField("from", \.from, format: "date"),
        APIField("to", \.to, format: "date"), APIField("totals", \.totals), APIField("daily", \.daily),
        APIField("links", \.links, "The team's live links, most clicked first."), APIField("nextCursor", \.nextCursor),
    ]
}
