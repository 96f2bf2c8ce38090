import Hummingbird
import Switchyard
import SwitchyardStore

/// How the service knows which link the app asks about: the code itself arrived (a tap, the
/// copied short link, Android's install referrer), or a heuristic match of a device's coarse
/// signals guessed it. Only an exact match ever carries the code, the metadata or a redemption.
enum MatchConfidence: String, Codable, Sendable, Hashable {
    /// The code itself arrived.
    case exact
    /// A deferred claim matched the device on its address, OS version and language.
    case heuristic
}

/// What the app gets for a link (the `Resolution` schema): the deep link, its URLs, how sure the
/// service is that this is the link (``match``) and, for an exact match, the code, the redeem
/// state and the metadata of a link without a redeem limit. A redeem-limited link's metadata is
/// only given by a successful redeem. The answer of `resolve` and of a deferred claim.
struct Resolution: Codable, Sendable, Hashable, ResponseEncodable {
    /// Null for a heuristic match: without the code nothing can be redeemed.
    var code: String?
    /// The deep link: the universal link, else the custom-scheme URL.
    var url: String?
    var universalLink: String?
    var schemeURL: String?
    var route: String
    var routeName: String?
    var routeParameters: [String: String]
    var queryParameters: [String: String]
    var match: MatchConfidence
    /// Whether `redeem` would give the metadata now (an exact match of a link with redemptions left).
    var redeemable: Bool
    /// The remaining fields are null for a heuristic match.
    var redeemLimit: Int?
    var redeemCount: Int?
    /// Redemptions left; null without a limit.
    var remaining: Int?
    var exhausted: Bool?
    /// A link without a redeem limit: its metadata. Null for a redeem-limited link (redeem gives it),
    /// and for a heuristic match.
    var metadata: [String: JSONValue]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case code, url, universalLink, schemeURL, route, routeName, routeParameters, queryParameters, match, redeemable,
             redeemLimit, redeemCount, remaining, exhausted, metadata
    }

    /// A stored link, as the app sees it with this confidence.
    init(_ link: SmartLink, match: MatchConfidence, service: LinkService) {
        let urls = service.deepLinkURLs(link)
        url = urls.universal ?? urls.scheme
        universalLink = urls.universal
        schemeURL = urls.scheme
        route = link.route
        routeName = link.routeName
        routeParameters = link.routeParameters
        queryParameters = link.queryParameters
        self.match = match
        guard match == .exact else {
            redeemable = false
            return
        }
        code = link.code
        redeemable = !link.isExhausted && (link.redeemLimit != nil || link.metadata != nil)
        redeemLimit = link.redeemLimit
        redeemCount = link.redeemCount
        remaining = link.remainingRedemptions
        exhausted = link.isExhausted
        metadata = link.redeemLimit == nil ? link.metadata : nil
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
        try container.encode(match, forKey: .match)
        try container.encode(redeemable, forKey: .redeemable)
        try container.encode(redeemLimit, forKey: .redeemLimit)
        try container.encode(redeemCount, forKey: .redeemCount)
        try container.encode(remaining, forKey: .remaining)
        try container.encode(exhausted, forKey: .exhausted)
        try container.encode(metadata, forKey: .metadata)
    }
}

extension MatchConfidence {
    /// The schema of a `match` field.
    static var schema: JSONSchema {
        .string("exact: the code itself arrived (a tap, the copied short link, the install referrer); "
                    + "heuristic: a deferred claim matched the device's coarse signals (never the code, the metadata or a redemption).",
                oneOf: ["exact", "heuristic"])
    }
}

extension Resolution: OpenAPISchema {
    static let schemaName = "Resolution"

    static var schema: JSONSchema {
        let text = JSONSchema.string().nullable()
        return .object([
            "code": text.described("Null for a heuristic match."),
            "url": text.described("The deep link (universal link, else custom-scheme URL)."),
            "universalLink": text,
            "schemeURL": text,
            "route": .string(),
            "routeName": text,
            "routeParameters": .map(of: .string()),
            "queryParameters": .map(of: .string()),
            "match": MatchConfidence.schema,
            "redeemable": JSONSchema.boolean.described("Whether redeem would give the metadata now."),
            "redeemLimit": JSONSchema.integer().nullable(),
            "redeemCount": JSONSchema.integer().nullable(),
            "remaining": JSONSchema.integer().nullable().described("Redemptions left; null without a limit."),
            "exhausted": JSONSchema.boolean.nullable(),
            "metadata": JSONSchema.object().nullable().described(
                "A link without a redeem limit: its metadata. Null for a redeem-limited link (redeem gives it) and for a heuristic match."),
        ], required: ["code", "url", "route", "routeParameters", "queryParameters", "match", "redeemable", "metadata"])
    }
}

/// One redemption (the `Redemption` schema): the metadata, and how many are left. `replayed` is
/// true when this install had redeemed the link before: nothing was spent again.
struct Redemption: Codable, Sendable, Hashable, ResponseEncodable {
    var code: String
    var metadata: [String: JSONValue]?
    var redeemCount: Int
    var redeemLimit: Int?
    /// Redemptions left; null without a limit.
    var remaining: Int?
    var match: MatchConfidence
    /// Whether this install had redeemed the link before (nothing spent now).
    var replayed: Bool

    enum CodingKeys: String, CodingKey, CaseIterable {
        case code, metadata, redeemCount, redeemLimit, remaining, match, replayed
    }

    /// A link redeemed by an install, now or (`replayed`) before.
    init(_ link: SmartLink, replayed: Bool) {
        code = link.code
        metadata = link.metadata
        redeemCount = link.redeemCount
        redeemLimit = link.redeemLimit
        remaining = link.remainingRedemptions
        match = .exact
        self.replayed = replayed
    }

    /// Writes `null` for every missing optional field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(redeemCount, forKey: .redeemCount)
        try container.encode(redeemLimit, forKey: .redeemLimit)
        try container.encode(remaining, forKey: .remaining)
        try container.encode(match, forKey: .match)
        try container.encode(replayed, forKey: .replayed)
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
            "match": MatchConfidence.schema,
            "replayed": JSONSchema.boolean.described("True when this install had redeemed the link before: nothing was spent again."),
        ], required: ["code", "metadata", "redeemCount", "match", "replayed"])
    }
}
