public import Switchyard
public import SwitchyardStore
public import SwitchyardRules
public import SwitchyardTraffic

/// Everything the link service needs besides its store: the route table, where it listens, the
/// keys it accepts and its limits.
///
/// ```swift
/// let table = try RouteTableFile.load(path: "routes.json")
/// let configuration = ServiceConfiguration(
///     routes: table, baseURL: "https://go.example.com",
///     adminKeys: ["s3cret-admin-key": "shop-team"], appKeys: ["s3cret-app-key"])
/// ```
public struct ServiceConfiguration: Sendable {
    /// The route table every new link is validated against; its hosts, schemes and apps shape the
    /// deep links, the association files and the allowed fallback domains.
    public var routes: RouteTableConfiguration
    /// App-defined parameter constraints the table uses, beside `int` and `uuid`.
    public var constraints: [ParameterConstraint]
    /// The public base URL of short links (`https://go.example.com`); a link's URL is this plus `/code`.
    public var baseURL: String
    /// The address to listen on.
    public var host: String
    /// The port to listen on (0 picks a free one).
    public var port: Int
    /// Admin API keys and the team each one acts for.
    public var adminKeys: [String: String]
    /// Keys the app uses to resolve and redeem links, and to create route links.
    public var appKeys: [String]
    /// The team links created with an app key belong to (the dashboard of that team lists them,
    /// marked as the app's); nil: the one team of the admin keys, or `app` when they name several.
    public var appKeyTeam: String?
    /// Domains (and their subdomains) fallback URLs may point to, beside the table's hosts and
    /// the app stores.
    public var allowedFallbackDomains: [String]
    /// Size and paging limits.
    public var limits: Limits
    /// How long an open is remembered for heuristic deferred matching (`POST
    /// /api/v1/deferred/claim`); nil (the default) turns heuristic matching off.
    public var deferredWindow: Duration?
    /// The proxies in front of the service (addresses or CIDR ranges), whose `X-Forwarded-For` is
    /// believed; from any other peer the connection's address is the client's.
    public var trustedProxies: [AddressRange]
    /// Where a client address's country comes from (`--geoip FILE`: a MaxMind-format database);
    /// nil for none: country conditions are refused at create, country figures are "unknown".
    public var countryLookup: (any CountryLookup)? = nil
    /// How each click is counted (issue 55): `bot` by the built-in list of crawler, scanner and
    /// monitor patterns (and the operator's, `--bot-patterns FILE`), a `HEAD` or a prefetch;
    /// `duplicate` for a person's repeat on one link from one address and user agent within the
    /// hour (judged by this instance); else `human`.
    public var traffic = TrafficClassifier()
    /// The port of a second listener that answers only `GET /metrics`, without a key (on
    /// ``host``); nil (the default): `/metrics` is on the main port and needs an admin key.
    public var metricsPort: Int?
    /// Signed webhooks: which addresses deliveries may reach, and their timing.
    public var webhooks = WebhookSettings()
    /// Apple App Attest: environments per app, the proof redeem-limited links ask by default, and
    /// the cap on distinct installs per client address.
    public var attest = AppAttestSettings()
    /// Where the bootstrap domain (``baseURL``'s host) sends a code it has no link for and an
    /// expired link without an `expiredURL` (its `root` is not used: the bootstrap domain's `/` is
    /// the dashboard); stored domains keep their own (`switchyard domains`).
    public var bootstrapRedirects = LinkDomain.Redirects()
    /// How often each instance reads the stored link domains again: a domain added or removed
    /// through one instance is served by every instance within this time.
    public var domainRefreshInterval: Duration = .seconds(1)

    /// Creates a configuration.
    public init(
        routes: RouteTableConfiguration,
        constraints: [ParameterConstraint] = [],
        baseURL: String = "http://127.0.0.1:8080",
        host: String = "127.0.0.1",
        port: Int = 8080,
        adminKeys: [String: String] = [:],
        appKeys: [String] = [],
        allowedFallbackDomains: [String] = [],
        limits: Limits = Limits(),
        deferredWindow: Duration? = nil,
        trustedProxies: [AddressRange] = [],
        metricsPort: Int? = nil
    ) {
        self.routes = routes
        self.constraints = constraints
        self.baseURL = baseURL
        self.host = host
        self.port = port
        self.adminKeys = adminKeys
        self.appKeys = appKeys
        self.allowedFallbackDomains = allowedFallbackDomains
        self.limits = limits
        self.deferredWindow = deferredWindow
        self.trustedProxies = trustedProxies
        self.metricsPort = metricsPort
    }

    /// The service's size, paging and batching limits.
    public struct Limits: Sendable {
        /// The largest request body accepted (413 above it).
        public var maximumBodySize: Int
        /// The page size of a listing when the request names none.
        public var defaultPageSize: Int
        /// The largest page size a listing accepts.
        public var maximumPageSize: Int
        /// The length of generated codes (62 letters, so 8 gives about 2 × 10¹⁴ codes).
        public var codeLength: Int
        /// Clicks written in one transaction at most (buffered clicks are written at least every
        /// ``clickFlushInterval`` whatever their number). Each write also adds one row of totals
        /// per link, day and platform in it, so large batches of busy links cost fewer writes
        /// (see BENCHMARKS.md, "What clicks still cost, and 10,000 a transaction").
        public var clickBatchSize: Int
        /// How often buffered clicks are written.
        public var clickFlushInterval: Duration
        /// Clicks kept in memory while the database is unreachable; the oldest are dropped beyond.
        public var clickBufferCapacity: Int
        /// Links each team may create (API and dashboard together); nil for no limit. Over it: 429
        /// with `Retry-After`.
        public var createRate: RateLimit?
        /// Redeems and resolves each client address (an IPv6 /64) may make; nil for no limit. Over
        /// it: 429 with `Retry-After`.
        public var redeemRate: RateLimit?
        /// Deferred claims each client address (an IPv6 /64) may make, matched or not: a claim is a
        /// guess at the coarse signals of a device, so the rate is low. nil for no limit.
        public var claimRate: RateLimit?
        /// The largest request head's header block, in bytes (one field or all together); a larger
        /// one is answered 400 and the connection closed.
        public var maximumHeaderSize: Int
        /// The most header fields a request may carry (400 and close above it).
        public var maximumHeaderCount: Int
        /// How long a connection may stay idle before the server closes it.
        public var idleTimeout: Duration
        /// How long `GET /{code}` may answer from a link it read before (zero: always read the
        /// store). A change made through another instance shows within this time.
        public var openCacheLifetime: Duration
        /// The most links `GET /{code}` keeps in memory.
        public var openCacheCapacity: Int
        /// How often opens remembered for heuristic deferred matching are deleted once expired (and,
        /// with matching off, any an earlier run left).
        public var deferredSweepInterval: Duration
        /// Dashboard sign-in attempts and wrong admin keys each client address may make (an IPv6
        /// /64); nil for no limit. Over it: 429 with `Retry-After`, and until the address is back
        /// under the rate its sign-ins and wrong keys are refused (a valid API key never is).
        public var keyGuessRate: RateLimit?
        /// Password guesses on links (the form's posts, the app's resolves and redeems with a
        /// password) each client address may make (an IPv6 /64); nil for no limit.
        public var passwordGuessRate: RateLimit? = Limits.defaultPasswordGuessRate
        /// Password guesses one link takes from every address together; nil for no limit. Over
        /// it the link's form answers 429 for everyone until the bucket refills, so guessing
        /// from many addresses gains nothing.
        public var passwordLinkGuessRate: RateLimit? = Limits.defaultPasswordLinkGuessRate
        /// How long a dashboard session lasts unused.
        public var sessionIdleTimeout: Duration
        /// How long a dashboard session lasts at most, however much it is used.
        public var sessionLifetime: Duration
        /// How long a request with an `Idempotency-Key` waits for an earlier one with that key
        /// still in flight before it is answered 409.
        public var idempotencyWait: Duration
        /// How often expired state is deleted: idempotency records past 24 hours and full rate
        /// buckets in a shared database.
        public var expirySweepInterval: Duration
        /// Links one install may create with the app key (`install` in the body), besides its
        /// address's share of ``createRate``; nil for no limit. Over it: 429 with `Retry-After`.
        public var appCreateRate: RateLimit? = Limits.defaultAppCreateRate
        /// Links the app keys may create together, per app key and per team, whatever the address
        /// or install (made-up installs from many addresses stop here); nil for no limit. Over it:
        /// 429 with `Retry-After`.
        public var appCreateTotalRate: RateLimit? = Limits.defaultAppCreateTotalRate
        /// How long raw clicks (instant, platform, referrer, campaign) are kept; older ones are
        /// deleted by the expiry sweep in small batches, and the per-day counts stay. nil keeps them.
        public var clickRetention: Duration?
        /// Requests each admin, editor or viewer key may make, per instance (the app's keys are limited
        /// per client address instead); nil for no limit. Every answer carries `RateLimit-Limit`,
        /// `RateLimit-Remaining` and `RateLimit-Reset`; over it: 429 with `Retry-After`.
        public var keyRequestRate: RateLimit? = Limits.defaultKeyRequestRate
        /// How long audit log entries are kept (deleted by the expiry sweep); nil keeps them.
        public var auditRetention: Duration? = Limits.defaultAuditRetention

        /// Creates limits; the defaults suit a small deployment.
        public init(
            maximumBodySize: Int = 64 * 1024,
            defaultPageSize: Int = 50,
            maximumPageSize: Int = 200,
            codeLength: Int = 8,
            clickBatchSize: Int = 10_000,
            clickFlushInterval: Duration = .seconds(1),
            clickBufferCapacity: Int = 100_000,
            createRate: RateLimit? = Limits.defaultCreateRate,
            redeemRate: RateLimit? = Limits.defaultRedeemRate,
            claimRate: RateLimit? = Limits.defaultClaimRate,
            maximumHeaderSize: Int = 16 * 1024,
            maximumHeaderCount: Int = 100,
            idleTimeout: Duration = .seconds(60),
            openCacheLifetime: Duration = .seconds(2),
            openCacheCapacity: Int = 50_000,
            deferredSweepInterval: Duration = .seconds(60),
            keyGuessRate: RateLimit? = Limits.defaultKeyGuessRate,
            sessionIdleTimeout: Duration = .seconds(8 * 3600),
            sessionLifetime: Duration = .seconds(12 * 3600),
            idempotencyWait: Duration = .seconds(5),
            expirySweepInterval: Duration = .seconds(60),
            clickRetention: Duration? = Limits.defaultClickRetention
        ) {
            self.maximumBodySize = maximumBodySize
            self.defaultPageSize = defaultPageSize
            self.maximumPageSize = maximumPageSize
            self.codeLength = codeLength
            self.clickBatchSize = clickBatchSize
            self.clickFlushInterval = clickFlushInterval
            self.clickBufferCapacity = clickBufferCapacity
            self.createRate = createRate
            self.redeemRate = redeemRate
            self.claimRate = claimRate
            self.maximumHeaderSize = maximumHeaderSize
            self.maximumHeaderCount = maximumHeaderCount
            self.idleTimeout = idleTimeout
            self.openCacheLifetime = openCacheLifetime
            self.openCacheCapacity = openCacheCapacity
            self.deferredSweepInterval = deferredSweepInterval
            self.keyGuessRate = keyGuessRate
            self.sessionIdleTimeout = sessionIdleTimeout
            self.sessionLifetime = sessionLifetime
            self.idempotencyWait = idempotencyWait
            self.expirySweepInterval = expirySweepInterval
            self.clickRetention = clickRetention
        }

        /// 30 links an hour per install, in bursts of up to 30: an app shares a link when its user
        /// taps Share, not in a loop.
        public static let defaultAppCreateRate: RateLimit? = RateLimit(30, perSeconds: 3600)
        /// 3,600 links an hour for all copies of the app together, per app key and per team, in
        /// bursts of up to 3,600: with each link at most ``AppKeyBounds/maximumBytes`` of app-written
        /// fields, the app key can add at most about 7 MB an hour to the store.
        public static let defaultAppCreateTotalRate: RateLimit? = RateLimit(3600, perSeconds: 3600)
        /// 1,200 requests a minute per key and instance, in bursts of up to 1,200.
        public static let defaultKeyRequestRate: RateLimit? = RateLimit(1200, perSeconds: 60)
        /// A year of audit log entries.
        public static let defaultAuditRetention: Duration? = .seconds(365 * 86_400)
        /// 90 days of raw clicks.
        public static let defaultClickRetention: Duration? = .seconds(90 * 86_400)
        /// 1,200 links a minute per team, in bursts of up to 1,200.
        public static let defaultCreateRate: RateLimit? = RateLimit(1200, perSeconds: 60)
        /// 6,000 redeems (and resolves) a minute per client address, in bursts of up to 6,000.
        public static let defaultRedeemRate: RateLimit? = RateLimit(6000, perSeconds: 60)
        /// 10 deferred claims a minute per client address, in bursts of up to 10: an app claims once,
        /// on its first launch; someone guessing another device's signals needs many.
        public static let defaultClaimRate: RateLimit? = RateLimit(10, perSeconds: 60)
        /// 10 sign-in attempts and wrong admin keys a minute per client address, in bursts of 10.
        public static let defaultKeyGuessRate: RateLimit? = RateLimit(10, perSeconds: 60)
        /// 10 password guesses a minute per client address, in bursts of 10.
        public static let defaultPasswordGuessRate: RateLimit? = RateLimit(10, perSeconds: 60)
        /// 60 password guesses an hour per link, in bursts of 60.
        public static let defaultPasswordLinkGuessRate: RateLimit? = RateLimit(60, perSeconds: 3600)
    }

    /// A new random key (`sy_` and 32 letters and digits from the system's secure generator), for
    /// a deployment that set none.
    public static func randomKey() -> String { "sy_" + LinkCodes.generate(length: 32) }

    /// The team of a deployment with one admin key (`switchyard serve`'s `SWITCHYARD_API_KEY`).
    public static let defaultTeam = "default"

    /// The base URL without a trailing slash.
    public var trimmedBaseURL: String {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
