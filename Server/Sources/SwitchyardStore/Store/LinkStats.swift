public import Foundation

/// What a link's figures count beside its clicks: the app-side events the service sees.
public enum LinkEvent: String, Sendable, Hashable, CaseIterable, Codable {
    /// The app resolved the link (`GET /api/v1/links/{code}/resolve`): it opened with the link.
    case appOpen = "app_open"
    /// A deferred claim handed the link to an app on its first launch after install.
    case firstOpen = "first_open"
    /// A redemption was spent.
    case redeem
    /// A person's open of one A/B variant (counted only under the variant's key, `code~v1`: a
    /// link's own clicks are the `click_days` table's).
    case click
    /// A person's click on the link (`human` or `duplicate` ``Click/Kind``): written with the
    /// clicks, in their transaction.
    case humanClick = "click_human"
    /// A person's first click on the link from one address and user agent within the hour
    /// (`human` ``Click/Kind``): written with the clicks, in their transaction.
    case uniqueClick = "click_unique"
}

/// One count of a link's figures: clicks, or one kind of app-side event, on one UTC day and
/// platform.
public struct StatsCount: Sendable, Hashable {
    /// What is counted: nil for clicks, else the event.
    public var event: LinkEvent?
    /// The UTC day, as ``StoredDate/day(_:)`` counts it.
    public var day: Int64
    public var platform: Click.Platform
    public var count: Int

    /// Creates a count.
    public init(event: LinkEvent?, day: Int64, platform: Click.Platform, count: Int) {
        self.event = event
        self.day = day
        self.platform = platform
        self.count = count
    }
}

/// App-side events of one link, UTC day and platform, added to the store's totals at once.
public struct EventCount: Sendable, Hashable {
    public var code: String
    public var event: LinkEvent
    /// The UTC day, as ``StoredDate/day(_:)`` counts it.
    public var day: Int64
    public var platform: Click.Platform
    public var count: Int

    /// Creates a count.
    public init(code: String, event: LinkEvent, day: Int64, platform: Click.Platform, count: Int) {
        self.code = code
        self.event = event
        self.day = day
        self.platform = platform
        self.count = count
    }
}

/// A link's totals over a period: its clicks (crawlers included) and its app-side events.
public struct LinkTotals: Sendable, Hashable {
    public var code: String
    public var clicks: Int
    public var events: [LinkEvent: Int]

    /// Creates totals.
    public init(code: String, clicks: Int, events: [LinkEvent: Int] = [:]) {
        self.code = code
        self.clicks = clicks
        self.events = events
    }
}

/// A page of a team's links by clicks.
public struct LinkTotalsPage: Sendable, Hashable {
    /// The links, most clicked first (ties by code, descending).
    public var links: [LinkTotals]
    /// The cursor for the next page; nil on the last page.
    public var nextCursor: String?

    /// Creates a page.
    public init(links: [LinkTotals], nextCursor: String?) {
        self.links = links
        self.nextCursor = nextCursor
    }
}

/// A link's and a team's figures: the per-day click totals every store keeps as it writes clicks
/// (`click_days`), the app-side events counted the same way (`event_days`), and the deletion of
/// raw clicks past their retention (the per-day totals stay).
public protocol LinkStats: Sendable {
    /// Adds app-side event counts to their link's, day's and platform's totals, in one transaction.
    func addEventCounts(_ counts: [EventCount]) async throws

    /// A link's counts per day, event and platform, from UTC day `fromDay` on (clicks with a nil
    /// event); days, events and platforms without any are absent.
    func dailyCounts(code: String, fromDay: Int64) async throws -> [StatsCount]

    /// The same counts summed over a team's live links.
    func teamDailyCounts(team: String, fromDay: Int64) async throws -> [StatsCount]

    /// A team's live links with their totals from `fromDay` on, most clicked first (ties by code,
    /// descending), `limit` at a time (clamped to 1...1000); links without clicks come last.
    ///
    /// - Throws: ``StoreError/invalidCursor(_:)`` for a cursor no page produced.
    func topLinks(team: String, fromDay: Int64, limit: Int, cursor: String?) async throws -> LinkTotalsPage

    /// Deletes up to `limit` raw clicks made before `date`, oldest first, and returns how many; the
    /// per-day totals are kept. Callers repeat it in small batches, off the request path, until it
    /// returns less than `limit`.
    ///
    /// - Complexity: a look at the oldest `limit` clicks (clicks are appended in time order).
    func deleteClicks(before date: Date, limit: Int) async throws -> Int

    /// A link's clicks by the client's country from UTC day `fromDay` on, most clicks first (ties
    /// by country); clicks of unknown country under a nil country. Kept per day as clicks are
    /// written (`country_days`), so raw clicks past their retention still count.
    func countryCounts(code: String, fromDay: Int64) async throws -> [CountryCount]
}

/// One country's clicks on a link: every click, people's, and people's firsts within the hour.
public struct CountryCount: Sendable, Hashable {
    /// ISO 3166-1 alpha-2; nil for clicks of unknown country.
    public var country: String?
    public var clicks: Int
    public var humanClicks: Int
    public var uniqueClicks: Int

    public init(country: String?, clicks: Int, humanClicks: Int, uniqueClicks: Int) {
        self.country = country
        self.clicks = clicks
        self.humanClicks = humanClicks
        self.uniqueClicks = uniqueClicks
    }

    /// Sorted as ``LinkStats/countryCounts(code:fromDay:)`` answers: most clicks first, then by country (unknown last).
    static func ordered(_ counts: [CountryCount]) -> [CountryCount] {
        counts.sorted { ($1.clicks, $0.country ?? "~") < ($0.clicks, $1.country ?? "~") }
    }
}
