import Foundation
import Hummingbird
@_spi(SwitchyardService) import Switchyard
import SwitchyardQR
import SwitchyardStore

/// The listing and a link's own page.
extension Dashboard {
    func listPage(_ request: Request, session: DashboardSessions.Session) async throws -> Response {
        let cursor = request.uri.queryParameters["cursor"].map(String.init)
        if let cursor, cursor.isEmpty || cursor.utf8.count > 256 {
            throw Problem.invalid("invalid-query", "Invalid query parameter", "'cursor' is not a cursor this service gave out")
        }
        let search = request.uri.queryParameters["q"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        if let search, search.utf8.count > 256 {
            throw Problem.invalid("invalid-query", "Invalid query parameter", "'q' is longer than 256 bytes")
        }
        let page: LinkPage
        do {
            page = try await service.storage {
                try await service.store.list(team: session.team, limit: pageSize, cursor: cursor, matching: search)
            }
        } catch let problem as Problem where problem.status == .internalServerError && cursor != nil {
            // A store that reports a foreign cursor as unreadable data: the cursor is the problem.
            throw Problem.invalid("invalid-query", "Invalid query parameter", "'cursor' is not a cursor this service gave out")
        }
        var rows: [DashboardViews.Row] = []
        for link in page.links {
            let counts = try await service.storage { try await service.store.clickCounts(code: link.code) }
            rows.append(.init(link: link, clicks: counts.values.reduce(0, +)))
        }
        let list = DashboardViews.list(rows: rows, nextCursor: page.nextCursor, isFirstPage: cursor == nil, search: search,
                                       now: service.now())
        return DashboardPage.response(DashboardPage.render(.links, title: "Links", session: session, page: list))
    }

    /// The dashboard's page of a link: `/dashboard/links/{code}`, with `?domain=` for a stored domain.
    static func linkPath(_ link: SmartLink) -> String { "/dashboard/links/" + linkPathSuffix(link) }

    /// ``linkPath(_:)`` after `/dashboard/links/`.
    static func linkPathSuffix(_ link: SmartLink) -> String {
        PercentEncoding.encode(link.shortCode) + (link.domain.map { "?domain=" + PercentEncoding.encode($0) } ?? "")
    }

    /// The store key of `code` on the domain a link page's `domain` query names (none: the bootstrap one).
    func linkKey(_ code: String, domain: String?) -> String {
        guard let domain, let host = DomainHost.bare(domain), host != service.domains.bootstrap.domain.host else { return code }
        return LinkKey.key(host: host, code: code)
    }

    func linkPage(code: String, session: DashboardSessions.Session, edit: RuleEdit? = nil,
                  status: HTTPResponse.Status = .ok) async throws -> Response {
        guard LinkCodes.isPlausibleKey(code),
              let link = try await service.storage({ try await service.store.link(code: code) }),
              link.team == session.team, link.deletedAt == nil else {
            throw Problem.linkNotFound(code)
        }
        let now = service.now()
        let counts = try await service.storage { try await service.store.clickCounts(code: code) }
        let perDay = try await service.storage {
            try await service.store.clicksPerDay(code: code, since: ClicksChart.since(now))
        }
        let chart = ClicksChart(counts: perDay, endingAt: now)
        let events = try await service.storage { try await service.store.dailyCounts(code: code, fromDay: 0) }
        let shortURL = service.shortURL(code)
        let qr: Result<String, any Error> = Result { try Self.qrSVG(QRCode.encode(shortURL), label: "QR code of \(shortURL)") }
        let detail = DashboardViews.detail(link: link, shortURL: shortURL, deepLinks: service.deepLinkURLs(link),
                                           counts: counts, chart: chart, qr: qr, now: now,
                                           installProof: service.configuration.attest.proof(of: link),
                                           explanation: LinkExplainer(service: service).explain(link, url: shortURL))
        var page = detail
        page.appEvents = Figures(events)
        page.countries = try await service.storage { try await service.store.countryCounts(code: code, fromDay: 0) }.map(CountryFigures.init)
        page.canEdit = session.role.includes(.editor)
        page.editAction = "/dashboard/links/" + PercentEncoding.encode(link.shortCode) + "/rules"
            + (link.domain.map { "?domain=" + PercentEncoding.encode($0) } ?? "")
        page.rulesJSON = edit?.rules ?? link.content.rules.map { JSONValue.array($0.map(\.json)).serialized(pretty: true) } ?? ""
        page.variantsJSON = edit?.variants ?? link.content.variants.map { $0.json.serialized(pretty: true) } ?? ""
        page.editError = edit?.error
        return DashboardPage.response(DashboardPage.render(.link, title: link.preview.title ?? code, session: session, page: page),
                                      status: status)
    }

    /// The QR code as an inline SVG element, crisp at any size, its label escaped for the attribute
    /// (the `link` template inserts it as it is: see there).
    static func qrSVG(_ code: QRCode, pixels: Int = 240, label: String) -> String {
        let side = code.sideWithQuietZone
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="qr" role="img" aria-label="\(HTML.escape(label))" \
            width="\(pixels)" height="\(pixels)" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(code.svgPath())"/></svg>
            """
    }
}
