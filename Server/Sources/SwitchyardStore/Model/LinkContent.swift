public import Foundation
public import Switchyard
public import SwitchyardRules

/// What a link's creator sets: the route it opens with its parameters, the private metadata it
/// carries, its redeem limit, its per-platform fallbacks and preview, when it stops opening.
/// The create body decodes into it, the rules check it, the store keeps it (one column each,
/// ``SmartLink``'s column table) and the answers are written from it.
///
/// ```swift
/// var content = LinkContent(route: "product/:id", routeParameters: ["id": "42"])
/// content.redeemLimit = 1
/// let link = SmartLink(code: "spring", team: "shop", content: content, createdAt: .now)
/// ```
public struct LinkContent: Sendable, Hashable, Codable {
    /// The route's pattern as written in the route table (a creator names it by name or pattern).
    public var route: String
    /// The route's name, if it has one.
    public var routeName: String?
    /// Route parameters, validated against the route table when the link was created.
    public var routeParameters: [String: String]
    /// Query parameters added to the deep link.
    public var queryParameters: [String: String]
    /// Private data for the app, served only with the app key.
    public var metadata: [String: JSONValue]?
    /// How many times the metadata may be redeemed; nil for no limit.
    public var redeemLimit: Int?
    /// Per-platform fallback URLs.
    public var fallbacks: SmartLink.Fallbacks
    /// Open Graph preview shown to link-preview crawlers.
    public var preview: SmartLink.Preview
    /// When the link stops opening (410 after this instant, or ``expiredURL``); nil for never.
    public var expiresAt: Date?
    /// Where the link sends every visitor once it has expired, instead of answering 410; nil for
    /// the 410 page. A deleted or switched-off link answers 410 whatever it says.
    public var expiredURL: String?
    /// When the link starts opening: before this instant it is not found (404, as if it did not
    /// exist yet); nil: from its creation.
    public var validSince: Date? = nil
    /// How many clicks the link answers (people's opens of `GET /{code}`; crawlers, `HEAD` and
    /// previews do not count); after the last, it is expired. nil: no limit.
    public var maxClicks: Int? = nil
    /// The salted hash of the link's password, as the service makes it (scrypt, in the PHC string
    /// format); nil: no password. The password itself is never kept.
    public var passwordHash: String? = nil
    /// The link's redirect rules, in order: the first whose conditions all hold decides where a
    /// visitor goes; nil (or empty) for none.
    public var rules: [RedirectRule]? = nil
    /// The link's A/B test: visitors no rule fired for are split among its variants; nil for none.
    public var variants: LinkVariants? = nil
    /// Which deferred claims may hand the link out; nil for
    /// ``DeferredMatch/default(metadata:redeemLimit:)`` (a stored link always says).
    public var deferredMatch: DeferredMatch?
    /// What people call the link (a Firebase link's "Link name"): shown in the dashboard and the
    /// API, and matched by their search; nil for none.
    public var label: String?
    /// Whether the link is switched off (an archived Firebase link): it answers 410 as an
    /// expired link does, and keeps its code.
    public var disabled: Bool
    /// Campaign parameters kept on the link (a Firebase link's `utm_source`, `utm_medium`,
    /// `utm_campaign`, `utm_term`, `utm_content`, `at`, `ct`, `mt`, `pt`); nil when none.
    public var campaign: [String: String]?
    /// The oldest app versions the link is meant for (a Firebase link's `imv` and `amv`), stored
    /// and shown as given.
    public var minimumVersions: SmartLink.MinimumVersions
    /// Whether phones without the app go straight to their fallback, skipping the page with the
    /// buttons (a Firebase link's `efr=1`).
    public var forcedRedirect: Bool
    /// What the link asks of an install before it spends a redemption; nil leaves it to the
    /// service's default for redeem-limited links.
    public var installProof: InstallProof?
    /// The app endpoints ``installProof`` applies to; nil is ``InstallProofAction/defaultActions``
    /// (the redeem only).
    public var installProofFor: [InstallProofAction]?

    /// Creates a link's content; only the route is required.
    public init(route: String, routeName: String? = nil, routeParameters: [String: String] = [:],
                queryParameters: [String: String] = [:], metadata: [String: JSONValue]? = nil, redeemLimit: Int? = nil,
                fallbacks: SmartLink.Fallbacks = SmartLink.Fallbacks(), preview: SmartLink.Preview = SmartLink.Preview(),
                expiresAt: Date? = nil, expiredURL: String? = nil, deferredMatch: DeferredMatch? = nil, label: String? = nil,
                disabled: Bool = false, campaign: [String: String]? = nil,
                minimumVersions: SmartLink.MinimumVersions = SmartLink.MinimumVersions(), forcedRedirect: Bool = false,
                installProof: InstallProof? = nil, installProofFor: [InstallProofAction]? = nil) {
        self.route = route
        self.routeName = routeName
        self.routeParameters = routeParameters
        self.queryParameters = queryParameters
        self.metadata = metadata
        self.redeemLimit = redeemLimit
        self.fallbacks = fallbacks
        self.preview = preview
        self.expiresAt = expiresAt
        self.expiredURL = expiredURL
        self.deferredMatch = deferredMatch
        self.label = label
        self.disabled = disabled
        self.campaign = campaign
        self.minimumVersions = minimumVersions
        self.forcedRedirect = forcedRedirect
        self.installProof = installProof
        self.installProofFor = installProofFor
    }

    /// Whether its expiry has passed at `now`.
    public func isExpired(at now: Date) -> Bool {
        expiresAt.map { $0 <= now } ?? false
    }

    /// Whether it has not started yet at `now` (``validSince`` is still ahead).
    public func isNotYetValid(at now: Date) -> Bool {
        validSince.map { now < $0 } ?? false
    }

    /// The URLs a visitor may be sent to, each with its field's name in the API: every one must
    /// pass the service's fallback domains when the link is made.
    public var redirectURLs: [(url: String, field: String)] {
        [(fallbacks.ios, "fallbacks.ios"), (fallbacks.android, "fallbacks.android"), (fallbacks.web, "fallbacks.web"),
         (fallbacks.iPad, "fallbacks.ipad"), (fallbacks.appStore, "fallbacks.appStore"), (expiredURL, "expiredURL")]
            .compactMap { url, field in url.map { ($0, field) } }
    }
}
