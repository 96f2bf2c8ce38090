import Foundation
@_spi(SwitchyardService) import Switchyard
import SwitchyardStore

/// The listing's and a link's page contexts (the `links` and `link` templates). URLs become links
/// only when they are http(s).
enum DashboardViews {
    struct Row: Sendable {
        let link: SmartLink
        let clicks: Int
    }

    struct List: Sendable {
        struct Row: Sendable {
            let code: String
            /// The code as a path segment.
            let codePath: String
            let route: String
            let parameters: String
            let label: String
            let linkTitle: String
            let clicks: Int
            let created: String
            let byApp: Bool
            let status: String
        }

        let noLinks: Bool
        let rows: [Row]
        let isFirstPage: Bool
        /// Percent-encoded for the query.
        let nextCursor: String?
        /// The search as typed (shown in the box), and percent-encoded for the page links.
        let search: String?
        let searchQuery: String?
    }

    static func list(rows: [Row], nextCursor: String?, isFirstPage: Bool, search: String? = nil, now: Date) -> List {
        List(noLinks: rows.isEmpty && isFirstPage, rows: rows.map { row in
            let link = row.link
            return List.Row(code: link.code, codePath: Dashboard.linkPathSuffix(link),
                            route: link.isWebLink ? "(web link)" : link.routeName ?? link.route,
                            parameters: parameters(link.routeParameters), label: link.label ?? "", linkTitle: link.preview.title ?? "",
                            clicks: row.clicks, created: date(link.createdAt), byApp: link.createdByApp, status: status(link, now: now))
        }, isFirstPage: isFirstPage, nextCursor: nextCursor.map { PercentEncoding.encode($0) },
           search: search, searchQuery: search.map { PercentEncoding.encode($0) })
    }

    struct Detail: Sendable {
        struct Platform: Sendable {
            let name: String
            let count: Int
        }

        let code: String
        let shortURL: DashboardPage.Cell
        /// The QR code's SVG element (see the `link` template), or why there is none.
        let qrSVG: String?
        let qrError: String?
        let rows: [DashboardPage.Cell]
        /// Pretty-printed JSON.
        let metadata: String?
        let platforms: [Platform]
        let total: Int
        /// The chart's SVG element: see the `link` template.
        let chartSVG: String
        /// The app's events for the link: opens, first opens, redeems.
        var appEvents: Figures?
        /// The link's clicks by country (all time), most first.
        var countries: [CountryFigures] = []
        /// What a tap does on each platform (``LinkExplainer``); empty when not explained.
        var explainCases: [ExplainRow] = []
        var explainWarnings: [LinkExplanation.Warning] = []
        /// The rule editor: where it posts, the rules and A/B test as JSON (as stored, or as the
        /// refused form gave them), and why the last save was refused.
        /// Whether the session may edit the link (editors and admins): a viewer gets no editor.
        var canEdit = false
        var editAction = ""
        var rulesJSON = ""
        var variantsJSON = ""
        var editError: String? = nil
    }

    /// One row of the explain panel.
    struct ExplainRow: Sendable {
        /// `ios-installed`, `android-absent`, `desktop`, ...
        let key: String
        let platform: String
        let app: String
        let action: String
        let target: String?
        let claim: String?
        let deferred: String
        let reason: String
        let answer: String?

        init(_ entry: LinkExplanation.Case) {
            key = entry.platform + (entry.app.map { "-" + $0 } ?? "")
            platform = ["ios": "iPhone", "ipados": "iPad", "android": "Android", "desktop": "Desktop", "crawler": "Link preview"][entry.platform]
                ?? entry.platform
            app = entry.app.map { $0 == "installed" ? "app installed" : "no app" } ?? "—"
            action = entry.action
            target = entry.target
            claim = entry.claim.map { claim in
                claim.file.map { "\($0) #\(claim.position ?? 0): \(claim.component)" } ?? claim.component
            }
            deferred = entry.deferred.path == "none" ? "—" : entry.deferred.path
            reason = entry.reason
            answer = entry.status.map { status in "\(status)" + (entry.location.map { " → \($0)" } ?? "") }
        }
    }

    /// What an install must prove, and where (`installProofFor`, the redeem when the link does not
    /// say): `attested: only an App Attest install redeems or gets the metadata from resolve`.
    static func installProofText(_ proof: InstallProof, for actions: [InstallProofAction]?) -> String {
        guard proof == .attested else { return "none" }
        return "attested: only an App Attest install redeems or gets the metadata from resolve or a deferred claim"
    }

    static func detail(link: SmartLink, shortURL: String, deepLinks: (universal: String?, scheme: String?),
                       counts: [Click.Platform: Int], chart: ClicksChart, qr: Result<String, any Error>, now: Date,
                       installProof: InstallProof = .none, explanation: LinkExplanation? = nil) -> Detail {
        typealias Cell = DashboardPage.Cell
        var rows: [Cell] = link.label.map { [.text("Label", $0)] } ?? []
        rows += [
            link.isWebLink ? .text("Route", "none: every platform goes to the web fallback")
                : Cell(name: "Route", text: link.route, isCode: true, note: link.routeName),
            .text("Route parameters", parameters(link.routeParameters)),
            .text("Query parameters", parameters(link.queryParameters)),
        ]
        if let universal = deepLinks.universal { rows.append(DashboardPage.link(universal, name: "Universal link")) }
        if let scheme = deepLinks.scheme { rows.append(Cell(name: "App URL", text: scheme, isCode: true)) }
        rows.append(.text("Redeemed", "\(link.redeemCount)" + (link.redeemLimit.map { " of \($0)" } ?? " (no limit)")))
        if let limit = link.maxClicks, let left = link.remainingClicks {
            rows.append(.text("Clicks left", "\(left) of \(limit)"))
        }
        if let start = link.validSince { rows.append(.text("Opens from", date(start))) }
        if link.content.passwordHash != nil { rows.append(.text("Password", "set: browsers get a form, the app sends it")) }
        for (index, rule) in (link.content.rules ?? []).enumerated() {
            rows.append(.text("Rule \(index + 1)" + (rule.name.map { " (\($0))" } ?? ""),
                              rule.conditions.map(\.summary).joined(separator: ", ") + " → " + LinkExplainer.describe(rule.target)))
        }
        if let test = link.content.variants {
            for (index, variant) in test.variants.enumerated() {
                rows.append(.text("Variant \(index)" + (test.winner == index ? " (winner)" : ""),
                                  "\(variant.weight)% → " + LinkExplainer.describe(variant.target)))
            }
            let state = test.winner.map { "decided \(test.decidedAt.map(date) ?? ""): variant \($0) by \(test.decideBy.rawValue)" }
                ?? test.endsAt.map { "ends \(date($0)); the variant with the most \(test.decideBy.rawValue) wins" } ?? "runs until changed"
            rows.append(.text("A/B test", state))
        }
        rows.append(Cell(name: "Install proof", text: installProofText(installProof, for: link.installProofFor),
                         note: link.installProof == nil ? "the service's default" : nil))
        for (name, url) in [("iOS fallback", link.fallbacks.ios), ("Android fallback", link.fallbacks.android),
                            ("Web fallback", link.fallbacks.web), ("iPad fallback", link.fallbacks.iPad),
                            ("App Store", link.fallbacks.appStore)] {
            if let url { rows.append(DashboardPage.link(url, name: name)) }
        }
        if link.forcedRedirect { rows.append(.text("Forced redirect", "phones without the app skip the page")) }
        if let version = link.minimumVersions.ios { rows.append(.text("Minimum iOS version", version)) }
        if let version = link.minimumVersions.android { rows.append(.text("Minimum Android version code", version)) }
        if let campaign = link.campaign { rows.append(.text("Campaign", parameters(campaign))) }
        if let title = link.preview.title { rows.append(.text("Preview title", title)) }
        if let description = link.preview.description { rows.append(.text("Preview description", description)) }
        if let image = link.preview.image { rows.append(DashboardPage.link(image, name: "Preview image")) }
        rows.append(Cell(name: "Created", text: date(link.createdAt), byApp: link.createdByApp))
        rows.append(.text("Expires", link.expiresAt.map(date) ?? "never"))
        rows.append(.text("Status", status(link, now: now)))
        return Detail(
            code: link.code, shortURL: DashboardPage.link(shortURL), qrSVG: try? qr.get(),
            qrError: { if case .failure(let error) = qr { "\(error)" } else { nil } }(), rows: rows,
            metadata: link.metadata.map { JSONValue.object($0).serialized(pretty: true) },
            platforms: Click.Platform.allCases.map { Detail.Platform(name: $0.rawValue, count: counts[$0] ?? 0) },
            total: counts.values.reduce(0, +), chartSVG: chart.svg,
            explainCases: explanation?.cases.map(ExplainRow.init) ?? [], explainWarnings: explanation?.warnings ?? [])
    }

    /// `a=1, b=2` in name order, or an em dash.
    static func parameters(_ map: [String: String]) -> String {
        map.isEmpty ? "—" : map.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }

    /// 2030-01-31T12:00:00.000Z as 2030-01-31 12:00:00 UTC.
    static func date(_ date: Date) -> String {
        APIDates.text(date).prefix(19).replacingOccurrences(of: "T", with: " ") + " UTC"
    }

    static func status(_ link: SmartLink, now: Date) -> String {
        if link.disabled { return "disabled" }
        if link.isOutOfClicks { return "out of clicks" }
        if link.isGone(at: now) { return "expired" }
        if link.content.isNotYetValid(at: now) { return "not started" }
        if link.isExhausted { return "redeemed" }
        return "live"
    }
}
