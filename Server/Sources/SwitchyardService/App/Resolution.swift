import Hummingbird
import Switchyard
import SwitchyardStore

/// How the service knows which link the app asks about: the code itself arrived (a tap, the
/// copied short link, Android's install referrer), or a heuristic match of a device's coarse
/// signals guessed it. Only an exact match ever carries the code, the metadata or a redemption.
enum MatchConfidence: String, Codable, Sendable, Hashable, CaseIterable {
    /// The code itself arrived.
    case exact
    /// A deferred claim matched the device on its address, OS version and language.
    case heuristic
}

/// What the app gets for a link (the `Resolution` schema): the deep link, its URLs, how sure the
/// service is that this is the link (``match``) and, for an exact match, the code, the redeem
/// state and the metadata of a link without a redeem limit. A redeem-limited link's metadata is
/// only given by a successful redeem. The answer of `resolve` and of a deferred claim.
struct Resolution: DeepLinkMembers, Sendable, Hashable, ResponseEncodable {
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
    /// Whether the app that asked (its `Switchyard-App-Version`) is older than the link's route or
    /// the link itself needs: then there is no deep link, no metadata and nothing this app may
    /// redeem (the redeem state is still given).
    var appTooOld: Bool
    /// For an app too old: the oldest version that opens the link (`2.3`, or a version code).
    var requiredVersion: String?
    /// For an app too old: where to send the user (the store page to update, else the web fallback).
    var fallback: String?
    /// Whether the resolve named an attested key (`Switchyard-Attest-Key`) that the service does
    /// not know, for a link whose metadata needs an attested install: the metadata is withheld,
    /// and the app attests a new key and resolves again (the SDK does, once).
    var attestKeyUnknown = false
    /// The redirect rule that decided (its index); nil when none did.
    var rule: Int? = nil
    /// Where a URL rule sends this visitor: the app should open it in the browser; nil otherwise.
    var redirect: String? = nil
    /// The link's A/B variant this install got (or the click chose, for a deferred link); nil without a test.
    var variant: Int? = nil

    /// A stored link, as the app sees it with this confidence; `release` is the app that asked;
    /// `withholdingMetadata` when the install did not prove itself as the link's policy asks, and
    /// `attestKeyUnknown` when the key it named is not one the service knows.
    init(_ link: SmartLink, match: MatchConfidence, service: LinkService, release: AppRelease? = nil,
         withholdingMetadata: Bool = false, attestKeyUnknown: Bool = false) {
        self.attestKeyUnknown = attestKeyUnknown
        (route, routeName) = StoredLinkRoute.shown(link, in: service.table)
        routeParameters = link.routeParameters
        queryParameters = link.queryParameters
        self.match = match
        if let tooOld = AppVersionGate.check(link, release: release, in: service.table) {
            appTooOld = true
            requiredVersion = tooOld.requiredVersion
            fallback = tooOld.fallback
            redeemable = false
            guard match == .exact else { return }
            code = link.code
            (redeemLimit, redeemCount, remaining, exhausted) = (link.redeemLimit, link.redeemCount, link.remainingRedemptions, link.isExhausted)
            return
        }
        appTooOld = false
        let urls = service.deepLinkURLs(link)
        url = urls.universal ?? urls.scheme
        universalLink = urls.universal
        schemeURL = urls.scheme
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
        metadata = link.redeemLimit == nil && !withholdingMetadata ? link.metadata : nil
    }
}

extension MatchConfidence: APIEnumeration {
    static var valueSchema: JSONSchema {
        casesSchema.refined("exact: the code itself arrived (a tap, the copied short link, the install referrer); "
                                + "heuristic: a deferred claim matched the device's coarse signals (never the code, the metadata or a redemption).")
    }
}

extension Resolution: APIObject, OpenAPISchema {
    static let schemaName = "Resolution"

    /// `null` for every missing optional field.
    static let fields: [APIField<Self>] = [
        APIField("code", \.code, "Null for a heuristic match."),
        APIField("url", \.url, "The deep link (universal link, else custom-scheme URL)."),
    ] + APIField.deepLinkFields + [
        APIField("match", \.match),
        APIField("redeemable", \.redeemable, "Whether redeem would give the metadata now."),
        APIField("redeemLimit", \.redeemLimit),
        APIField("redeemCount", \.redeemCount),
        APIField("remaining", \.remaining, "Redemptions left; null without a limit."),
        APIField("exhausted", \.exhausted),
        APIField("metadata", \.metadata,
                 "A link without a redeem limit: its metadata. Null for a redeem-limited link (redeem gives it) and for a heuristic match."),
        APIField("appTooOld", \.appTooOld,
                 "True when the app that asked (its Switchyard-App-Version header) is older than the stricter of the route's `since` and "
                    + "the link's own minimum version: then url, universalLink, schemeURL and metadata are null, redeemable is false, "
                    + "and requiredVersion and fallback say what to do. False without the header."),
        APIField("requiredVersion", \.requiredVersion, "For an app too old: the oldest version that opens the link (dotted numbers on iOS, a versionCode on Android)."),
        APIField("fallback", \.fallback,
                 "For an app too old: the App Store page to update (the link's appStore, else its iOS fallback) or the Android fallback, "
                    + "else the web fallback; null when the link has none."),
        APIField("rule", \.rule, "The index of the link's redirect rule that decided (a route rule's route is the one answered); null when none did.",
                 minimum: 0),
        APIField("redirect", \.redirect, "Where a URL rule (or URL variant) sends this visitor: open it in the browser instead of the route; null otherwise."),
        APIField("variant", \.variant, "The index of the link's A/B variant this install opens (its own, the one its click chose for a deferred "
                     + "link, or a decided test's winner); null when the link has no test or a rule decided.", minimum: 0),
        APIField("attestKeyUnknown", \.attestKeyUnknown,
                 "True when the request named an attested key (Switchyard-Attest-Key) that the service does not know, for a link whose "
                    + "metadata is handed only to an attested install: the metadata is null, and the app should attest a new key "
                    + "(POST /api/v1/attest) and resolve again (the SDK forgets its key, attests and retries once). False otherwise."),
    ]
}

/// One redemption (the `Redemption` schema): the metadata, and how many are left. `replayed` is
/// true when this install had redeemed the link before: nothing was spent again.
struct Redemption: Sendable, Hashable, ResponseEncodable {
    var code: String
    var metadata: [String: JSONValue]?
    var redeemCount: Int
    var redeemLimit: Int?
    /// Redemptions left; null without a limit.
    var remaining: Int?
    var match: MatchConfidence
    /// Whether this install had redeemed the link before (nothing spent now).
    var replayed: Bool

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
}

extension Redemption: APIObject, OpenAPISchema {
    static let schemaName = "Redemption"

    /// `null` for every missing optional field.
    static let fields: [APIField<Self>] = [
        APIField("code", \.code),
        APIField("metadata", \.metadata),
        APIField("redeemCount", \.redeemCount),
        APIField("redeemLimit", \.redeemLimit),
        APIField("remaining", \.remaining),
        APIField("match", \.match),
        APIField("replayed", \.replayed, "True when this install had redeemed the link before: nothing was spent again."),
    ]
}
