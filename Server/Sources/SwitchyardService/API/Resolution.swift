import Hummingbird
import Switchyard
import SwitchyardStore

/// What the app gets for a link (the `Resolution` schema): the deep link, its URLs, and the
/// metadata while redemptions are left. The answer of `resolve` and of a matched deferred claim.
struct Resolution: Codable, Sendable, Hashable, ResponseEncodable {
    var code: String
    /// The deep link: the universal link, else the custom-scheme URL.
    var url: String?
    var universalLink: String?
    var schemeURL: String?
    var route: String
    var routeName: String?
    var routeParameters: [String: String]
    var queryParameters: [String: String]
    var redeemLimit: Int?
    var redeemCount: Int
    var exhausted: Bool
    /// Null once the redeem limit is reached.
    var metadata: [String: JSONValue]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case code, url, universalLink, schemeURL, route, routeName, routeParameters, queryParameters, redeemLimit,
             redeemCount, exhausted, metadata
    }

    /// A stored link, as the app sees it.
    init(_ link: SmartLink, service: LinkService) {
        let urls = service.deepLinkURLs(link)
        code = link.code
        url = urls.universal ?? urls.scheme
        universalLink = urls.universal
        schemeURL = urls.scheme
        route = link.route
        routeName = link.routeName
        routeParameters = link.routeParameters
        queryParameters = link.queryParameters
        redeemLimit = link.redeemLimit
        redeemCount = link.redeemCount
        exhausted = link.isExhausted
        metadata = link.isExhausted ? nil : link.metadata
    }

    /// Writes `null` for every missing optional field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(url, forKey: .url)
        try container.encode(universalLink, forKey: .universalLink)
        try container.encode(schemeURL, forKey: .schemeURL)
        try container.encode(route, forKey: .route)
        try container.encode(routeName, forKey: .routeName)
        try container.encode(routeParameters, forKey: .routeParameters)
        try container.encode(queryParameters, forKey: .queryParameters)
        try container.encode(redeemLimit, forKey: .redeemLimit)
        try container.encode(redeemCount, forKey: .redeemCount)
        try container.encode(exhausted, forKey: .exhausted)
        try container.encode(metadata, forKey: .metadata)
    }
}

extension Resolution: OpenAPISchema {
    static let schemaName = "Resolution"

    static var schema: JSONSchema {
        let text = JSONSchema.string().nullable()
        return .object([
            "code": .string(),
            "url": text.described("The deep link (universal link, else custom-scheme URL)."),
            "universalLink": text,
            "schemeURL": text,
            "route": .string(),
            "routeName": text,
            "routeParameters": .map(of: .string()),
            "queryParameters": .map(of: .string()),
            "redeemLimit": JSONSchema.integer().nullable(),
            "redeemCount": .integer(),
            "exhausted": .boolean,
            "metadata": JSONSchema.object().nullable().described("Null once the redeem limit is reached."),
        ], required: ["code", "url", "route", "routeParameters", "queryParameters", "redeemCount", "exhausted", "metadata"])
    }
}

/// One redemption spent (the `Redemption` schema): the metadata, and how many are left.
struct Redemption: Codable, Sendable, Hashable, ResponseEncodable {
    var code: String
    var metadata: [String: JSONValue]?
    var redeemCount: Int
    var redeemLimit: Int?
    /// Redemptions left; null without a limit.
    var remaining: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case code, metadata, redeemCount, redeemLimit, remaining
    }

    /// A link just redeemed.
    init(_ link: SmartLink) {
        code = link.code
        metadata = link.metadata
        redeemCount = link.redeemCount
        redeemLimit = link.redeemLimit
        remaining = link.redeemLimit.map { max(0, $0 - link.redeemCount) }
    }

    /// Writes `null` for every missing optional field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(redeemCount, forKey: .redeemCount)
        try container.encode(redeemLimit, forKey: .redeemLimit)
        try container.encode(remaining, forKey: .remaining)
    }
}

extension Redemption: OpenAPISchema {
    static let schemaName = "Redemption"

    static var schema: JSONSchema {
        .object([
            "code": .string(),
            "metadata": JSONSchema.object().nullable(),
            "redeemCount": .integer(),
            "redeemLimit": JSONSchema.integer().nullable(),
            "remaining": JSONSchema.integer().nullable(),
        ], required: ["code", "metadata", "redeemCount"])
    }
}
