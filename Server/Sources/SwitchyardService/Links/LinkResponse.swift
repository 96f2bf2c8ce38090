import Foundation
import Hummingbird
import Switchyard
import SwitchyardRules
import SwitchyardStore

/// A link as its team sees it (the `Link` schema): everything but the metadata, which only the app
/// reads. The answer of create, inspect and update, and an item of ``LinkPageResponse``.
struct LinkResponse: DeepLinkMembers, Sendable, Hashable, ResponseEncodable {
    var code: String
    /// The host of the link's domain.
    var domain: String
    /// The short link.
    var url: String
    var route: String
    var routeName: String?
    var routeParameters: [String: String]
    var queryParameters: [String: String]
    var universalLink: String?
    var schemeURL: String?
    var hasMetadata: Bool
    var redeemLimit: Int?
    var redeemCount: Int
    var fallbacks: LinkFallbacks
    var preview: LinkPreview
    /// ISO 8601 (``APIDates``).
    var createdAt: String
    var expiresAt: String?
    /// Where the link sends visitors once expired, instead of 410.
    var expiredURL: String?
    /// When the link starts opening; nil: from its creation.
    var validSince: String?
    /// How many clicks it answers; nil: no limit.
    var maxClicks: Int?
    /// Clicks left of ``maxClicks``; nil without a limit.
    var remainingClicks: Int?
    /// Whether the link asks for a password (never the password nor its hash).
    var passwordProtected: Bool
    /// The redirect rules, in order; nil for none.
    var rules: [RedirectRule]?
    /// The A/B test, with its winner once decided; nil for none.
    var variants: LinkVariants?
    var expired: Bool
    /// `admin` or `app`: which kind of key created the link.
    var createdBy: String
    /// `exact` or `any`: which deferred claims may hand the link out.
    var deferredMatch: DeferredMatch
    /// `attested` or `none` as the link says; nil: the service's default for redeem-limited links.
    var installProof: InstallProof?
    /// The app endpoints ``installProof`` applies to (the redeem only unless the link says).
    var installProofFor: [InstallProofAction]
    /// What people call the link (a Firebase link's name).
    var label: String?
    /// Switched off (an archived Firebase link): it answers 410.
    var disabled: Bool
    /// Campaign fields kept on the link.
    var campaign: [String: String]?
    var minimumVersions: MinimumVersionsResponse
    /// Phones without the app skip the page.
    var forcedRedirect: Bool
    /// Click counts, on inspect only.
    var clicks: ClickCounts?

    /// A stored link, with its click counts when given; its deep links as given (a create's,
    /// written once from the path it verified), else built from the route table now.
    init(_ link: SmartLink, service: LinkService, clicks: [Click.Platform: Int]? = nil, urls: DeepLinkURLs? = nil) {
        let urls = urls ?? service.deepLinkURLs(link)
        code = link.shortCode
        domain = link.domain ?? service.domains.bootstrap.domain.host
        url = service.shortURL(link.code)
        (route, routeName) = StoredLinkRoute.shown(link, in: service.table)
        routeParameters = link.routeParameters
        queryParameters = link.queryParameters
        universalLink = urls.universal
        schemeURL = urls.scheme
        hasMetadata = link.metadata != nil
        redeemLimit = link.redeemLimit
        redeemCount = link.redeemCount
        fallbacks = LinkFallbacks(link.fallbacks)
        preview = LinkPreview(link.preview)
        createdAt = APIDates.text(link.createdAt)
        expiresAt = link.expiresAt.map(APIDates.text)
        expiredURL = link.expiredURL
        validSince = link.validSince.map(APIDates.text)
        maxClicks = link.maxClicks
        remainingClicks = link.remainingClicks
        passwordProtected = link.content.passwordHash != nil
        rules = link.content.rules
        variants = link.content.variants
        expired = link.isGone(at: service.now())
        createdBy = link.createdByApp ? "app" : "admin"
        deferredMatch = link.deferredMatch
        installProof = link.installProof
        installProofFor = link.installProofFor ?? InstallProofAction.defaultActions
        label = link.label
        disabled = link.disabled
        campaign = link.campaign
        minimumVersions = MinimumVersionsResponse(ios: link.minimumVersions.ios, android: link.minimumVersions.android)
        forcedRedirect = link.forcedRedirect
        self.clicks = clicks.map(ClickCounts.init)
    }
}

extension LinkResponse: APIObject, OpenAPISchema {
    static let schemaName = "Link"

    /// `null` for a missing optional field; `clicks` only when counted.
    static let fields: [APIField<Self>] = [
        APIField("code", \.code, "The short code, unique on its domain."),
        APIField("domain", \.domain, "The host of the domain the link lives on (the short link's host)."),
        APIField("url", \.url, "The short link."),
    ] + APIField.deepLinkFields + [
        APIField("hasMetadata", \.hasMetadata),
        APIField("redeemLimit", \.redeemLimit),
        APIField("redeemCount", \.redeemCount, minimum: 0),
        APIField("fallbacks", \.fallbacks),
        APIField("preview", \.preview),
        APIField("createdAt", \.createdAt, format: "date-time"),
        APIField("expiresAt", \.expiresAt, format: "date-time"),
        APIField("expiredURL", \.expiredURL, "Where the link sends every visitor once expired, instead of answering 410."),
        APIField("validSince", \.validSince, "When the link starts opening (404 before); null: from its creation.", format: "date-time"),
        APIField("maxClicks", \.maxClicks, "How many clicks the link answers; null: no limit.", minimum: 1),
        APIField("remainingClicks", \.remainingClicks, "Clicks left of maxClicks (read when the link was); null without a limit.",
                 minimum: 0),
        APIField("rules", \.rules, "The redirect rules, in order (the first whose conditions all hold fires); null for none."),
        APIField("variants", \.variants, "The A/B test (visitors no rule fired for are split among its variants), with winner and "
                     + "decidedAt once it has ended; null for none."),
        APIField("passwordProtected", \.passwordProtected,
                 "Whether the link asks for a password: a form in the browser, Switchyard-Link-Password on the app's resolve and redeem."),
        APIField("expired", \.expired, "Whether the link no longer opens: deleted, switched off, expired or out of clicks."),
        APIField("createdBy", \.createdBy, "Who created the link: a team admin key, or the app with its app key (route links only).",
                 oneOf: ["admin", "app"]),
        APIField("deferredMatch", \.deferredMatch,
                 "Which deferred claims may hand the link out: only one that carries the code, or a heuristic one too."),
        APIField("installProof", \.installProof,
                 "What an install must prove before it spends a redemption (attested: an App Attest assertion); null: the service's default for redeem-limited links."),
        APIField("installProofFor", \.installProofFor,
                 "The app endpoints installProof applies to: redeem, and resolve (its metadata only to an attested install); [\"redeem\"] unless the link says."),
        APIField("label", \.label, "What people call the link (a Firebase link's name); the list's q searches it."),
        APIField("disabled", \.disabled, "Switched off (an imported archived Firebase link): it answers 410."),
        APIField("campaign", \.campaign, "Campaign fields kept on the link (utm_source, utm_medium, utm_campaign, utm_term, "
                     + "utm_content, at, ct, mt, pt)."),
        APIField("minimumVersions", \.minimumVersions),
        APIField("forcedRedirect", \.forcedRedirect, "Phones without the app go straight to their fallback, without the page."),
        APIField("clicks", \.clicks, whenAbsent: .omitted),
    ]
}

/// The oldest app versions a link is meant for (the `MinimumVersions` schema), as given.
struct MinimumVersionsResponse: Sendable, Hashable {
    /// The oldest iOS app version (`imv`).
    var ios: String?
    /// The oldest Android version code (`amv`).
    var android: String?
}

extension MinimumVersionsResponse: APIObject, OpenAPISchema {
    static let schemaName = "MinimumVersions"

    static let fields: [APIField<Self>] = [
        APIField("ios", \.ios, "The oldest iOS app version."), APIField("android", \.android, "The oldest Android version code."),
    ]
}

/// A link's clicks by platform (the `Clicks` schema).
struct ClickCounts: Sendable, Hashable {
    var total: Int
    var ios: Int
    var android: Int
    var desktop: Int
    var crawler: Int
    var other: Int

    /// The counts the store keeps, with their total.
    init(_ counts: [Click.Platform: Int]) {
        total = counts.values.reduce(0, +)
        ios = counts[.ios] ?? 0
        android = counts[.android] ?? 0
        desktop = counts[.desktop] ?? 0
        crawler = counts[.crawler] ?? 0
        other = counts[.other] ?? 0
    }
}

extension ClickCounts: APIObject, OpenAPISchema {
    static let schemaName = "Clicks"

    static let fields: [APIField<Self>] = [
        APIField("total", \.total, minimum: 0), APIField("ios", \.ios, minimum: 0), APIField("android", \.android, minimum: 0),
        APIField("desktop", \.desktop, minimum: 0), APIField("crawler", \.crawler, minimum: 0), APIField("other", \.other, minimum: 0),
    ]
}

/// A page of the team's links, newest first (the `LinkPageResponse` schema).
struct LinkPageResponse: Sendable, Hashable, ResponseEncodable {
    var links: [LinkResponse]
    /// The cursor of the next page; null on the last one.
    var nextCursor: String?

    /// Creates a page.
    init(links: [LinkResponse], nextCursor: String?) {
        self.links = links
        self.nextCursor = nextCursor
    }
}

extension LinkPageResponse: APIObject, OpenAPISchema {
    static let schemaName = "LinkPage"

    static let fields: [APIField<Self>] = [APIField("links", \.links), APIField("nextCursor", \.nextCursor)]
}

extension DeferredMatch: APIEnumeration {}

extension InstallProof: APIEnumeration {}

/// What a link opens, as the admin API (``LinkResponse``) and the app (``Resolution``) both answer
/// it: the route with its parameters, and the deep-link URLs.
protocol DeepLinkMembers {
    var route: String { get }
    var routeName: String? { get }
    var routeParameters: [String: String] { get }
    var queryParameters: [String: String] { get }
    var universalLink: String? { get }
    var schemeURL: String? { get }
}

extension APIField where Object: DeepLinkMembers {
    /// `route`, `routeName`, `routeParameters`, `queryParameters`, `universalLink` and `schemeURL`.
    static var deepLinkFields: [APIField<Object>] {
        [
            APIField("route", \.route, "The route's pattern in the route table now: a link follows its route by name (or former name), "
                        + "else by the pattern it was made with (then as stored, when no route has either)."),
            APIField("routeName", \.routeName, "The route's name now; null for a route without one."),
            APIField("routeParameters", \.routeParameters),
            APIField("queryParameters", \.queryParameters),
            APIField("universalLink", \.universalLink, "Built from the route table as it is now; null without a host, or when the link "
                        + "no longer opens (its route is gone, or its parameters no longer satisfy the route's pattern)."),
            APIField("schemeURL", \.schemeURL, "Built from the route table as it is now; null without a scheme, or when the link no longer opens."),
        ]
    }
}
