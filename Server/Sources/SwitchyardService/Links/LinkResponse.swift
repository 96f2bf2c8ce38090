import Foundation
import Hummingbird
import Switchyard
import SwitchyardStore

/// A link as its team sees it (the `Link` schema): everything but the metadata, which only the app
/// reads. The answer of create, inspect and update, and an item of ``LinkPageResponse``.
struct LinkResponse: Codable, Sendable, Hashable, ResponseEncodable {
    var code: String
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
    var fallbacks: FallbackURLs
    var preview: LinkPreview
    /// ISO 8601 (``APIDates``).
    var createdAt: String
    var expiresAt: String?
    var expired: Bool
    /// `admin` or `app`: which kind of key created the link.
    var createdBy: String
    /// `exact` or `any`: which deferred claims may hand the link out.
    var deferredMatch: DeferredMatch
    /// Click counts, on inspect only.
    var clicks: ClickCounts?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case code, url, route, routeName, routeParameters, queryParameters, universalLink, schemeURL, hasMetadata,
             redeemLimit, redeemCount, fallbacks, preview, createdAt, expiresAt, expired, createdBy, deferredMatch, clicks
    }

    /// A stored link, with its click counts when given.
    init(_ link: SmartLink, service: LinkService, clicks: [Click.Platform: Int]? = nil) {
        let urls = service.deepLinkURLs(link)
        code = link.code
        url = service.shortURL(link.code)
        route = link.route
        routeName = link.routeName
        routeParameters = link.routeParameters
        queryParameters = link.queryParameters
        universalLink = urls.universal
        schemeURL = urls.scheme
        hasMetadata = link.metadata != nil
        redeemLimit = link.redeemLimit
        redeemCount = link.redeemCount
        fallbacks = FallbackURLs(link.fallbacks)
        preview = LinkPreview(link.preview)
        createdAt = APIDates.text(link.createdAt)
        expiresAt = link.expiresAt.map(APIDates.text)
        expired = link.isGone(at: service.now())
        createdBy = link.createdByApp ? "app" : "admin"
        deferredMatch = link.deferredMatch
        self.clicks = clicks.map(ClickCounts.init)
    }

    /// Writes `null` for a missing optional field, and `clicks` only when counted.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(url, forKey: .url)
        try container.encode(route, forKey: .route)
        try container.encode(routeName, forKey: .routeName)
        try container.encode(routeParameters, forKey: .routeParameters)
        try container.encode(queryParameters, forKey: .queryParameters)
        try container.encode(universalLink, forKey: .universalLink)
        try container.encode(schemeURL, forKey: .schemeURL)
        try container.encode(hasMetadata, forKey: .hasMetadata)
        try container.encode(redeemLimit, forKey: .redeemLimit)
        try container.encode(redeemCount, forKey: .redeemCount)
        try container.encode(fallbacks, forKey: .fallbacks)
        try container.encode(preview, forKey: .preview)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(expired, forKey: .expired)
        try container.encode(createdBy, forKey: .createdBy)
        try container.encode(deferredMatch, forKey: .deferredMatch)
        try container.encodeIfPresent(clicks, forKey: .clicks)
    }
}

extension LinkResponse: OpenAPISchema {
    static let schemaName = "Link"

    static var schema: JSONSchema {
        let text = JSONSchema.string().nullable()
        return .object([
            "code": .string(),
            "url": .string("The short link."),
            "route": .string(),
            "routeName": text,
            "routeParameters": .map(of: .string()),
            "queryParameters": .map(of: .string()),
            "universalLink": text,
            "schemeURL": text,
            "hasMetadata": .boolean,
            "redeemLimit": JSONSchema.integer().nullable(),
            "redeemCount": .integer(minimum: 0),
            "fallbacks": FallbackURLs.responseSchema,
            "preview": LinkPreview.responseSchema,
            "createdAt": .string(format: "date-time"),
            "expiresAt": JSONSchema.string(format: "date-time").nullable(),
            "expired": .boolean,
            "createdBy": .string("Who created the link: a team admin key, or the app with its app key (route links only).",
                                 oneOf: ["admin", "app"]),
            "deferredMatch": .string("Which deferred claims may hand the link out: only one that carries the code, or a heuristic one too.",
                                     oneOf: ["exact", "any"]),
            "clicks": .ref(ClickCounts.self),
        ], required: ["code", "url", "route", "routeParameters", "queryParameters", "hasMetadata", "redeemCount", "fallbacks",
                      "preview", "createdAt", "expired", "createdBy", "deferredMatch"])
    }
}

/// A link's clicks by platform (the `Clicks` schema).
struct ClickCounts: Codable, Sendable, Hashable {
    var total: Int
    var ios: Int
    var android: Int
    var desktop: Int
    var crawler: Int
    var other: Int

    enum CodingKeys: String, CodingKey, CaseIterable {
        case total, ios, android, desktop, crawler, other
    }

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

extension ClickCounts: OpenAPISchema {
    static let schemaName = "Clicks"

    static var schema: JSONSchema {
        let count = JSONSchema.integer(minimum: 0)
        return .object(["total": count, "ios": count, "android": count, "desktop": count, "crawler": count, "other": count],
                       required: ["total", "ios", "android", "desktop", "crawler", "other"])
    }
}

/// A page of the team's links, newest first (the `LinkPageResponse` schema).
struct LinkPageResponse: Codable, Sendable, Hashable, ResponseEncodable {
    var links: [LinkResponse]
    /// The cursor of the next page; null on the last one.
    var nextCursor: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case links, nextCursor
    }

    /// Creates a page.
    init(links: [LinkResponse], nextCursor: String?) {
        self.links = links
        self.nextCursor = nextCursor
    }

    /// Writes `nextCursor` as `null` on the last page.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(links, forKey: .links)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

extension LinkPageResponse: OpenAPISchema {
    static let schemaName = "LinkPage"

    static var schema: JSONSchema {
        .object(["links": .array(of: .ref(LinkResponse.self)), "nextCursor": JSONSchema.string().nullable()],
                required: ["links", "nextCursor"])
    }
}
