import Foundation
import Hummingbird
@_spi(SwitchyardService) import Switchyard
import SwitchyardStore

/// `GET /dashboard/stats`: the team's figures of the last 30 UTC days (what `GET /api/v1/stats`
/// answers): clicks and app events (opens, first opens, redeems) in total and per day, and the
/// most clicked links. Any role that signs in may read it.
extension Dashboard {
    /// Links the page lists at most.
    static let topLinksShown = 20

    func statsPage(_ request: Request, session: DashboardSessions.Session) async throws -> Response {
        let period = try StatsPeriod(nil, now: service.now())
        let counts = try await service.storage { try await service.store.teamDailyCounts(team: session.team, fromDay: period.firstDay) }
        let top = try await service.storage {
            try await service.store.topLinks(team: session.team, fromDay: period.firstDay, limit: Self.topLinksShown, cursor: nil)
        }
        let totals = Figures(counts.filter { $0.day <= period.lastDay })
        let days = period.daily(counts).reversed().map { day in
            StatsView.Row(name: day.day, href: nil, clicks: day.figures.clicks.total, humans: day.figures.humanClicks,
                          uniques: day.figures.uniqueClicks, appOpens: day.figures.appOpens,
                          firstOpens: day.figures.firstOpens, redeems: day.figures.redeems)
        }
        let links = top.links.map { link in
            StatsView.Row(name: link.code, href: "/dashboard/links/\(PercentEncoding.encode(link.code))", clicks: link.clicks,
                          humans: link.events[.humanClick] ?? 0, uniques: link.events[.uniqueClick] ?? 0,
                          appOpens: link.events[.appOpen] ?? 0, firstOpens: link.events[.firstOpen] ?? 0,
                          redeems: link.events[.redeem] ?? 0)
        }
        let page = StatsView(from: StatsPeriod.text(day: period.firstDay), to: StatsPeriod.text(day: period.lastDay),
                             totals: StatsView.Row(name: "Total", href: nil, clicks: totals.clicks.total, humans: totals.humanClicks,
                                                   uniques: totals.uniqueClicks, appOpens: totals.appOpens,
                                                   firstOpens: totals.firstOpens, redeems: totals.redeems),
                             days: days, links: links)
        return DashboardPage.response(DashboardPage.render(.stats, title: "Team stats", session: session, page: page))
    }

    /// The `stats` template's page.
    struct StatsView: Sendable {
        /// One line of figures: a day, a link or the total.
        struct Row: Sendable {
            let name: String
            let href: String?
            let clicks, humans, uniques, appOpens, firstOpens, redeems: Int
        }

        let from, to: String
        let totals: Row
        let days: [Row]
        let links: [Row]
        let hasLinks: Bool

        init(from: String, to: String, totals: Row, days: [Row], links: [Row]) {
            self.from = from
            self.to = to
            self.totals = totals
            self.days = days
            self.links = links
            hasLinks = !links.isEmpty
        }
    }
}
