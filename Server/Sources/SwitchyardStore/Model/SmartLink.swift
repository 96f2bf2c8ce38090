public import Foundation
public import Switchyard

/// A smart link as stored: its identity (code, team, when and by whom it was made, whether it
/// was deleted), its ``LinkContent`` (everything its creator sets) and its counters.
///
/// The content's fields read as the link's own (`link.route`, `link.fallbacks.ios`), through
/// dynamic member lookup; a new link field is a property of ``LinkContent`` and a column of the
/// one column table both back ends store links through.
@dynamicMemberLookup
public struct SmartLink: Sendable, Hashable, Codable {
    /// The short code (`/{code}`); never reused, even after the link is deleted.
    public var code: String
    /// The team (API key owner) the link belongs to.
    public var team: String
    /// What the link's creator set: its route, parameters, metadata, limits, fallbacks, preview.
    public var content: LinkContent
    /// How many times it has been redeemed.
    public var redeemCount: Int
    /// How many clicks it has answered toward its ``LinkContent/maxClicks`` (counted only for a
    /// link that has one).
    public var clickCount: Int = 0
    /// When the link was created.
    public var createdAt: Date
    /// When the link was deleted (410 from then on); nil while it is live.
    public var deletedAt: Date?
    /// Whether the app created it with its app key (a route link only), not a team's admin key.
    public var createdByApp: Bool

    /// A field of the link's content, read and written as the link's own.
    public subscript<Value>(dynamicMember field: WritableKeyPath<LinkContent, Value>) -> Value {
        get { content[keyPath: field] }
        set { content[keyPath: field] = newValue }
    }

    /// Which deferred claims may hand the link out: as its content says, else
    /// ``DeferredMatch/default(metadata:redeemLimit:)``.
    public var deferredMatch: DeferredMatch {
        get { content.deferredMatch ?? DeferredMatch.default(metadata: content.metadata, redeemLimit: content.redeemLimit) }
        set { content.deferredMatch = newValue }
    }

    /// A stored link from its identity, content and counters.
    public init(code: String, team: String, content: LinkContent, redeemCount: Int = 0, createdAt: Date,
                deletedAt: Date? = nil, createdByApp: Bool = false) {
        self.code = code
        self.team = team
        self.content = content
        self.redeemCount = redeemCount
        self.createdAt = createdAt
        self.deletedAt = deletedAt
        self.createdByApp = createdByApp
        self.content.deferredMatch = deferredMatch
    }

    /// Creates a stored link value, field by field.
    public init(code: String, team: String, route: String, routeName: String? = nil,
                routeParameters: [String: String] = [:], queryParameters: [String: String] = [:],
                metadata: [String: JSONValue]? = nil, redeemLimit: Int? = nil, redeemCount: Int = 0,
                fallbacks: Fallbacks = Fallbacks(), preview: Preview = Preview(), createdAt: Date,
                expiresAt: Date? = nil, deletedAt: Date? = nil, createdByApp: Bool = false,
                deferredMatch: DeferredMatch? = nil, label: String? = nil, disabled: Bool = false,
                campaign: [String: String]? = nil, minimumVersions: MinimumVersions = MinimumVersions(),
                forcedRedirect: Bool = false, installProof: InstallProof? = nil,
                installProofFor: [InstallProofAction]? = nil) {
        self.init(code: code, team: team, content: LinkContent(
            route: route, routeName: routeName, routeParameters: routeParameters, queryParameters: queryParameters,
            metadata: metadata, redeemLimit: redeemLimit, fallbacks: fallbacks, preview: preview, expiresAt: expiresAt,
            deferredMatch: deferredMatch, label: label, disabled: disabled, campaign: campaign,
            minimumVersions: minimumVersions, forcedRedirect: forcedRedirect, installProof: installProof,
            installProofFor: installProofFor), redeemCount: redeemCount, createdAt: createdAt, deletedAt: deletedAt,
            createdByApp: createdByApp)
    }

    /// The oldest app versions a link is meant for, as text (`"2.1"` on iOS, a version code such
    /// as `"120"` on Android).
    public struct MinimumVersions: Sendable, Hashable, Codable {
        /// The oldest iOS app version.
        public var ios: String?
        /// The oldest Android version code.
        public var android: String?
        /// Creates minimum versions.
        public init(ios: String? = nil, android: String? = nil) {
            self.ios = ios
            self.android = android
        }
    }

    /// Whether the link opens no route: every platform goes to its web fallback (a Firebase deep
    /// link that matched no route, imported with `--unrouted web`). Its ``route`` is empty.
    public var isWebLink: Bool { content.route.isEmpty }

    /// Per-platform URLs used when the app cannot open the link.
    public struct Fallbacks: Sendable, Hashable, Codable {
        /// Where iOS users go without the app (the App Store page, say).
        public var ios: String?
        /// Where Android users go without the app.
        public var android: String?
        /// Where desktop browsers go.
        public var web: String?
        /// Where iPads go without the app, instead of ``ios`` (a Firebase link's `ipfl`).
        public var iPad: String?
        /// The App Store page the iPhone page offers as "Get the app" when ``ios`` is another
        /// URL (a Firebase link's `isi` beside its `ifl`).
        public var appStore: String?
        /// Creates fallbacks.
        public init(ios: String? = nil, android: String? = nil, web: String? = nil, iPad: String? = nil, appStore: String? = nil) {
            self.ios = ios
            self.android = android
            self.web = web
            self.iPad = iPad
            self.appStore = appStore
        }
    }

    /// Open Graph tags for link previews.
    public struct Preview: Sendable, Hashable, Codable {
        /// `og:title`.
        public var title: String?
        /// `og:description`.
        public var description: String?
        /// `og:image`, an absolute URL.
        public var image: String?
        /// Creates a preview.
        public init(title: String? = nil, description: String? = nil, image: String? = nil) {
            self.title = title
            self.description = description
            self.image = image
        }
    }

    /// Whether the link no longer opens at `now` (deleted, disabled, expired, or out of clicks):
    /// such links answer 410.
    public func isGone(at now: Date) -> Bool {
        deletedAt != nil || content.disabled || content.isExpired(at: now) || isOutOfClicks
    }

    /// Whether it has answered its ``LinkContent/maxClicks``.
    /// When the link's A/B test is to be decided (its end, while it has no winner); nil for
    /// none. The store keeps it in a column of its own, so that the tests to decide are found
    /// without reading every link; setting it does nothing (it follows ``LinkContent/variants``).
    public var variantsPendingEnd: Date? {
        get { content.variants?.pendingEnd }
        set {}
    }

    /// Whether the link has run out of clicks.
    public var isOutOfClicks: Bool { content.maxClicks.map { clickCount >= $0 } ?? false }

    /// Clicks left; nil without a limit.
    public var remainingClicks: Int? { content.maxClicks.map { max(0, $0 - clickCount) } }

    /// Whether its metadata can still be redeemed.
    public var isExhausted: Bool { content.redeemLimit.map { redeemCount >= $0 } ?? false }

    /// Redemptions left; nil without a limit.
    public var remainingRedemptions: Int? { content.redeemLimit.map { max(0, $0 - redeemCount) } }
}

/// How sure a deferred claim must be before it hands out a link.
///
/// A heuristic claim matches a device on coarse signals (address, OS version, language): someone
/// on the same network can guess them. Links that carry something of value (metadata, a redeem
/// limit) therefore default to ``exact``: only a claim that carries the code itself (the copied
/// short link, Android's install referrer) gets them.
public enum DeferredMatch: String, Sendable, Hashable, Codable, CaseIterable {
    /// Only a claim that carries the link's code.
    case exact
    /// A heuristic claim too (it gets the route and parameters, never the metadata).
    case any

    /// `exact` for a link with metadata (a non-empty object) or a redeem limit, `any` otherwise.
    public static func `default`(metadata: [String: JSONValue]?, redeemLimit: Int?) -> DeferredMatch {
        (metadata?.isEmpty == false || redeemLimit != nil) ? .exact : .any
    }
}

/// One open of a smart link.
public struct Click: Sendable, Hashable, Codable {
    /// The platform a click came from, judged by its User-Agent.
    public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
        /// iPhone, iPad.
        case ios
        /// Android.
        case android
        /// A desktop browser.
        case desktop
        /// A link-preview crawler (Slack, iMessage, Facebook, ...).
        case crawler
        /// Anything else.
        case other
    }

    /// The link's code.
    public var code: String
    /// When it was opened.
    public var at: Date
    /// From which platform.
    public var platform: Platform
    /// The `Referer` header, if any.
    public var referrer: String?
    /// Campaign parameters the link was opened with (a Firebase long link's `utm_source`,
    /// `utm_campaign`, `at`, `ct` ...); nil when there were none.
    public var campaign: [String: String]?

    /// How a click is counted (issue 55): every click is raw; a person's (`human` or `duplicate`)
    /// is human; a person's first on the link from one address and user agent within the hour
    /// (`human`) is unique.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A person's click.
        case human
        /// A robot's: a crawler, scanner or monitor (user agent, referrer or address range),
        /// a `HEAD`, a prefetch.
        case bot
        /// A person's repeat: the same link, address and user agent within the hour.
        case duplicate
    }

    /// How it is counted (`human` for clicks stored before classes were kept).
    public var kind: Kind
    /// The client's country (ISO 3166-1 alpha-2, from `--geoip`), never its address; nil when
    /// unknown (no database, or an address it has no country for).
    public var country: String?

    private enum CodingKeys: String, CodingKey {
        case code, at, platform, referrer, campaign, kind, country
    }

    /// Reads a click; one written before kinds were kept is `human`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(code: try container.decode(String.self, forKey: .code), at: try container.decode(Date.self, forKey: .at),
                  platform: try container.decode(Platform.self, forKey: .platform),
                  referrer: try container.decodeIfPresent(String.self, forKey: .referrer),
                  campaign: try container.decodeIfPresent([String: String].self, forKey: .campaign),
                  kind: try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .human,
                  country: try container.decodeIfPresent(String.self, forKey: .country))
    }

    /// Creates a click.
    public init(code: String, at: Date, platform: Platform, referrer: String? = nil, campaign: [String: String]? = nil,
                kind: Kind = .human, country: String? = nil) {
        self.code = code
        self.at = at
        self.platform = platform
        self.referrer = referrer
        self.campaign = campaign
        self.kind = kind
        self.country = country
    }

    /// Whether the click came from a crawler.
    public var isCrawler: Bool { platform == .crawler }
}
