import Foundation
import Switchyard
import SwitchyardStore

/// The listing's and a link's page bodies. Every value is escaped; URLs become links only when
/// they are http(s).
enum DashboardViews {
    struct Row: Sendable {
        let link: SmartLink
        let clicks: Int
    }

    static func list(rows: [Row], nextCursor: String?, isFirstPage: Bool, now: Date) -> String {
        var html = "<h1>Links</h1>\n<p><a href=\"/dashboard/new\" id=\"new-link\">Create a link</a></p>\n"
        guard !rows.isEmpty || !isFirstPage else {
            return html + "<p id=\"no-links\">No links yet.</p>"
        }
        html += """
            <table id="links"><thead><tr><th>Code</th><th>Route</th><th>Parameters</th><th>Title</th>\
            <th>Clicks</th><th>Created</th><th>Status</th></tr></thead><tbody>

            """
        for row in rows {
            let link = row.link
            html += "<tr class=\"link\" data-code=\"\(HTML.escape(link.code))\">"
            html += "<td><a href=\"/dashboard/links/\(PercentEncoding.encode(link.code))\">\(HTML.escape(link.code))</a></td>"
            html += "<td><code>\(HTML.escape(link.routeName ?? link.route))</code></td>"
            html += "<td>\(HTML.escape(parameters(link.routeParameters)))</td>"
            html += "<td>\(HTML.escape(link.preview.title ?? ""))</td>"
            html += "<td class=\"clicks\">\(row.clicks)</td>"
            html += "<td>\(date(link.createdAt))" + (link.createdByApp ? " <span class=\"by-app\">by the app</span>" : "") + "</td>"
            html += "<td>\(status(link, now: now))</td></tr>\n"
        }
        html += "</tbody></table>\n<p class=\"pages\">"
        if !isFirstPage { html += "<a href=\"/\">First page</a> " }
        if let nextCursor { html += "<a id=\"next-page\" href=\"/?cursor=\(PercentEncoding.encode(nextCursor))\">Next page</a>" }
        return html + "</p>"
    }

    static func detail(link: SmartLink, shortURL: String, deepLinks: (universal: String?, scheme: String?),
                       counts: [Click.Platform: Int], chart: ClicksChart, qr: String, now: Date) -> String {
        var html = "<h1>Link <code>\(HTML.escape(link.code))</code></h1>\n"
        html += "<p id=\"short-url\">\(DashboardPage.link(shortURL))</p>\n<div class=\"cards\">\n"
        html += "<div class=\"card\" id=\"qr\">\(qr)</div>\n<div class=\"card\"><table id=\"details\">\n"
        func row(_ name: String, _ value: String) { html += "<tr><th>\(name)</th><td>\(value)</td></tr>\n" }
        row("Route", "<code>\(HTML.escape(link.route))</code>" + (link.routeName.map { " (\(HTML.escape($0)))" } ?? ""))
        row("Route parameters", HTML.escape(parameters(link.routeParameters)))
        row("Query parameters", HTML.escape(parameters(link.queryParameters)))
        if let universal = deepLinks.universal { row("Universal link", DashboardPage.link(universal)) }
        if let scheme = deepLinks.scheme { row("App URL", "<code>\(HTML.escape(scheme))</code>") }
        row("Redeemed", "\(link.redeemCount)" + (link.redeemLimit.map { " of \($0)" } ?? " (no limit)"))
        for (name, url) in [("iOS fallback", link.fallbacks.ios), ("Android fallback", link.fallbacks.android),
                            ("Web fallback", link.fallbacks.web)] {
            if let url { row(name, DashboardPage.link(url)) }
        }
        if let title = link.preview.title { row("Preview title", HTML.escape(title)) }
        if let description = link.preview.description { row("Preview description", HTML.escape(description)) }
        if let image = link.preview.image { row("Preview image", DashboardPage.link(image)) }
        row("Created", date(link.createdAt) + (link.createdByApp ? " <span class=\"by-app\">by the app (app key)</span>" : ""))
        row("Expires", link.expiresAt.map(date) ?? "never")
        row("Status", status(link, now: now))
        html += "</table></div>\n</div>\n"
        if let metadata = link.metadata {
            html += "<h2>Metadata</h2>\n<pre id=\"metadata\">\(HTML.escape(JSONValue.object(metadata).serialized(pretty: true)))</pre>\n"
        }
        html += "<h2>Clicks</h2>\n<table id=\"clicks-by-platform\"><tr>"
        for platform in Click.Platform.allCases { html += "<th>\(platform.rawValue)</th>" }
        html += "<th>total</th></tr><tr>"
        for platform in Click.Platform.allCases { html += "<td>\(counts[platform] ?? 0)</td>" }
        html += "<td>\(counts.values.reduce(0, +))</td></tr></table>\n"
        html += "<h3>Last 30 days</h3>\n<div class=\"card\" id=\"chart\">\(chart.svg)</div>\n"
        return html
    }

    /// `a=1, b=2` in name order, or an em dash.
    static func parameters(_ map: [String: String]) -> String {
        map.isEmpty ? "—" : map.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    static func date(_ date: Date) -> String {
        // 2030-01-31T12:00:00.000Z as 2030-01-31 12:00:00 UTC.
        let text = APIDates.text(date).prefix(19).replacingOccurrences(of: "T", with: " ")
        return HTML.escape(text + " UTC")
    }

    static func status(_ link: SmartLink, now: Date) -> String {
        if link.isGone(at: now) { return "expired" }
        if link.isExhausted { return "redeemed" }
        return "live"
    }
}
