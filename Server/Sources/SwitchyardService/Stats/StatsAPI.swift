import Foundation
import Hummingbird
import SwitchyardStore

/// What happened to each link, for scripts and dashboards outside the service: a link's figures
/// and a team's (admin key), and Firebase's `linkStats` for teams that scripted it.
struct StatsAPI: Sendable {
    let service: LinkService

    /// The routes: the API's under `api/v1`, Firebase's under `v1` (in Firebase's error shape,
    /// with the key in the header or `?key=`).
    var routes: ServiceRoutes {
        let routes = ServiceRoutes(context: ServiceRequestContext.self)
        let api = routes.group("api/v1").add(middleware: KeyAuthentication(service: service))
        api.get("links/:code/stats") { request, context in try await linkStats(request, context: context) }
        api.get("stats") { request, context in try await teamStats(request, context: context) }
        routes.group("v1")
            .add(middleware: FirebaseErrorMiddleware())
            .add(middleware: KeyAuthentication(service: service, allowsQueryKey: true))
            .get(":dynamicLink/linkStats") { request, context in try await firebaseLinkStats(request, context: context) }
        return routes
    }

    /// `GET /api/v1/links/{code}/stats?days=N`: the team's link's totals and each day's, for the
    /// last N UTC days (default 30, at most 365). Deleted links keep their figures.
    func linkStats(_ request: Request, context: ServiceRequestContext) async throws -> LinkStatsResponse {
        let team = try context.team
        let code = try service.linkKey(code: context.parameters.require("code"), request: request, team: team)
        let period = try StatsPeriod(request.uri.queryParameters["days"], now: service.now())
        let link = try await teamLink(code, team: team)
        let counts = try await service.storage { try await service.store.dailyCounts(code: link.code, fromDay: period.firstDay) }
        var response = LinkStatsResponse(code: link.shortCode, domain: link.domain ?? service.domains.bootstrap.domain.host,
                                         url: service.shortURL(link.code), days: period.days,
                                         from: StatsPeriod.text(day: period.firstDay), to: StatsPeriod.text(day: period.lastDay),
                                         totals: Figures(counts.filter { $0.day <= period.lastDay }), daily: period.daily(counts))
        response.countries = try await service.storage { try await service.store.countryCounts(code: link.code, fromDay: period.firstDay) }
            .map(CountryFigures.init)
        if let test = link.content.variants {
            response.variants = try await service.storage { try await service.variantFigures(test, key: link.code) }
        }
        return response
    }

    /// `GET /api/v1/stats?days=N&limit=&cursor=`: the team's totals and each day's, and its live
    /// links most clicked first, paged like the link list.
    func teamStats(_ request: Request, context: ServiceRequestContext) async throws -> TeamStatsResponse {
        let team = try context.team
        let period = try StatsPeriod(request.uri.queryParameters["days"], now: service.now())
        let page = try PageQuery(request, limits: service.configuration.limits)
        let counts = try await service.storage { try await service.store.teamDailyCounts(team: team, fromDay: period.firstDay) }
        let top = try await service.storage {
            try await service.store.topLinks(team: team, fromDay: period.firstDay, limit: page.limit, cursor: page.cursor)
        }
        return TeamStatsResponse(days: period.days, from: StatsPeriod.text(day: period.firstDay),
                                 to: StatsPeriod.text(day: period.lastDay), totals: Figures(counts.filter { $0.day <= period.lastDay }),
                                 daily: period.daily(counts), links: top.links.map { LinkFigures($0, service: service) },
                                 nextCursor: top.nextCursor)
    }

    /// Firebase's `GET /v1/{dynamicLink}/linkStats?durationDays=N`: the short link URL-encoded in
    /// the path (any host: an imported link keeps its old domain), the key as `?key=` or a bearer,
    /// answered in Firebase's `DynamicLinkStats` shape (``FirebaseLinkStats``).
    func firebaseLinkStats(_ request: Request, context: ServiceRequestContext) async throws -> FirebaseLinkStats {
        let team = try context.team
        let encoded = try context.parameters.require("dynamicLink")
        guard let shortLink = encoded.removingPercentEncoding, let found = Self.code(inShortLink: shortLink) else {
            throw Problem.invalid("invalid-link", "Invalid short link",
                                  "'\(encoded.prefix(300))' is not a short link: URL-encode the whole link, such as https%3A%2F%2Fgo.example.com%2FAb3dE9xQ")
        }
        let period = try StatsPeriod(request.uri.queryParameters["durationDays"], name: "durationDays", now: service.now())
        // A stored domain's host names its link; any other host (an imported link's old domain) the bootstrap one's.
        let domain = found.host.flatMap { host in service.domains.all.first { $0.host == host } }
        let link = try await teamLink(LinkKey.key(host: domain?.host, code: found.code), team: team)
        let counts = try await service.storage { try await service.store.dailyCounts(code: link.code, fromDay: period.firstDay) }
        return FirebaseLinkStats(counts.filter { $0.day <= period.lastDay })
    }

    /// The host (lowercased; nil for a bare code) and code of a short link (its one path segment).
    static func code(inShortLink text: String) -> (host: String?, code: String)? {
        var path = Substring(text)
        var host: String?
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            host = DomainHost.bare(rest[..<slash])
            path = rest[rest.index(after: slash)...]
        }
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        if path.hasSuffix("/") { path = path.dropLast() }
        guard !path.isEmpty, !path.contains("/"), LinkCodes.isPlausible(String(path)) else { return nil }
        return (host, String(path))
    }

    /// The team's link with this store key (live or deleted: its figures stay), or 404.
    private func teamLink(_ key: String, team: String) async throws -> SmartLink {
        guard let link = try await service.storage({ try await service.store.link(code: key) }),
              link.team == team else { throw Problem.linkNotFound(LinkKey.split(key).code) }
        return link
    }
}

/// Firebase Dynamic Links' `DynamicLinkStats`: `{"linkEventStats": [{"platform", "event", "count"}]}`,
/// counts as int64 strings, as Google's JSON writes them. Clicks (crawlers left out) are `CLICK`
/// per platform, deferred claims `APP_FIRST_OPEN`, resolves `APP_RE_OPEN`; the service cannot know
/// `REDIRECT` and `APP_INSTALL` apart from those, so it leaves them out.
struct FirebaseLinkStats: Sendable, Hashable, ResponseEncodable {
    struct EventStat: Sendable, Hashable {
        var platform: String
        var event: String
        var count: String
    }

    var linkEventStats: [EventStat]

    init(_ counts: [StatsCount]) {
        var sums: [EventStat: Int] = [:]
        for count in counts where count.platform != .crawler {
            let event: String
            switch count.event {
            case nil: event = "CLICK"
            case .firstOpen?: event = "APP_FIRST_OPEN"
            case .appOpen?: event = "APP_RE_OPEN"
            // Firebase's events have no human or unique click: those are the native stats' (CLICK stays
            // every click but the preview crawlers', as Firebase counted it).
            case .redeem?, .click?, .humanClick?, .uniqueClick?: continue
            }
            let platform = switch count.platform {
            case .ios: "IOS"
            case .android: "ANDROID"
            case .desktop: "DESKTOP"
            default: "OTHER"
            }
            sums[EventStat(platform: platform, event: event, count: ""), default: 0] += count.count
        }
        linkEventStats = sums.filter { $0.value > 0 }
            .map { EventStat(platform: $0.key.platform, event: $0.key.event, count: String($0.value)) }
            .sorted { ($0.event, $0.platform) < ($1.event, $1.platform) }
    }
}

extension FirebaseLinkStats: APIObject, OpenAPISchema {
    static let schemaName = "FirebaseLinkStats"

    static let fields: [APIField<Self>] = [APIField("linkEventStats", \.linkEventStats)]
}

extension FirebaseLinkStats.EventStat: APIObject {
    static let fields: [APIField<Self>] = [
        APIField("platform", \.platform, oneOf: ["ANDROID", "IOS", "DESKTOP", "OTHER"]),
        APIField("event", \.event, oneOf: ["CLICK", "APP_FIRST_OPEN", "APP_RE_OPEN"]),
        APIField("count", \.count, "An int64, as Google's JSON writes it.", pattern: "^[0-9]+$"),
    ]
}
