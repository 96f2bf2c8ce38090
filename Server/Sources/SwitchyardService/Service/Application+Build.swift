package import Foundation
public import Hummingbird
import HummingbirdCore
import NIOCore
import ServiceLifecycle
public import Logging
import Switchyard
import SwitchyardGeoIP
public import SwitchyardStore

/// Builds the link service's Hummingbird application: the API, `GET /{code}`, the association
/// files, `/health`, `/metrics` and the OpenAPI document. `/` is left free for the dashboard.
///
/// The click recorder runs as one of the application's services, so it starts with the server
/// and writes its last batch after the server has stopped on graceful shutdown; so does the sweep
/// that deletes expired opens remembered for heuristic deferred matching.
///
/// ```swift
/// let store = InMemoryLinkStore()
/// let app = try buildApplication(configuration: configuration, store: store, logger: Logger(label: "switchyard"))
/// try await app.runService()
/// ```
///
/// - Parameters:
///   - configuration: the route table, keys, address and limits.
///   - store: where links and clicks live; migrated before the server starts.
///   - logger: the service's logger.
/// - Throws: ``RouteTableBuildError`` when the route table does not compile.
public func buildApplication(
    configuration: ServiceConfiguration,
    store: any LinkStore,
    logger: Logger
) throws -> some ApplicationProtocol {
    try buildApplication(configuration: configuration, store: store, logger: logger, clickRecorder: nil)
}

/// ``buildApplication(configuration:store:logger:)`` with the package's test hooks: a click
/// recorder the caller keeps (tests call its `flush()` to wait for clicks to be written), the open
/// cache's refresher (tests call its `refreshNow()` after moving the clock) and the clock (tests
/// move it to expire links). Not public: the service itself always makes its own.
///
/// - Parameters:
///   - clickRecorder: the recorder to run; `nil` makes one from the configuration's limits.
///   - openLinkRefresher: the open cache's refresher to run; `nil` makes one.
///   - passes: counts the timed sweeps' finished passes (tests wait for a sweep with it).
///   - now: the clock.
///   - webhookResolver: answers webhook hosts' addresses instead of the system's resolver.
package func buildApplication(
    configuration: ServiceConfiguration,
    store: any LinkStore,
    logger: Logger,
    clickRecorder: ClickRecorder?,
    openLinkRefresher: OpenLinkRefresher? = nil,
    passes: BackgroundPasses? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    webhookResolver: (@Sendable (_ host: String) async -> [String])? = nil
) throws -> some ApplicationProtocol {
    var made = try makeService(configuration: configuration, store: store, logger: logger,
                               clickRecorder: clickRecorder, now: now)
    if let webhookResolver { made.webhookPolicy.resolver = WebhookResolver(resolve: webhookResolver) }
    let service = made
    let router = makeRouter(service: service)
    // Parse every page template now: one that does not parse stops the service here, not on its first page.
    _ = Templates.library
    let recorder = service.recorder
    // Every twentieth of the lifetime: an entry due between half and three quarters of its lifetime
    // is read again before four fifths of it, which leaves a fifth for the read. At most 100 passes
    // a second, whatever the lifetime (a shorter one leaves entries to expire and opens to read them);
    // none with the cache off.
    let refresher = openLinkRefresher ?? OpenLinkRefresher()
    let lifetime = configuration.limits.openCacheLifetime
    let passInterval = lifetime > .zero ? max(lifetime / 20, .milliseconds(10)) : .zero
    refresher.start(every: passInterval, logger: logger) { try await service.refreshOpenCache() }
    let sweeper = DeferredSweeper(store: store, window: configuration.deferredWindow,
                                  interval: configuration.limits.deferredSweepInterval, logger: logger, now: now,
                                  passes: passes)

    let expirySweeper = ExpirySweeper(store: store, interval: configuration.limits.expirySweepInterval, logger: logger, now: now,
                                      clickRetention: configuration.limits.clickRetention,
                                      auditRetention: configuration.limits.auditRetention, passes: passes)
    let webhooks = WebhookDispatcher(store: store, subscriptions: service.webhookSubscriptions, policy: service.webhookPolicy,
                                     settings: configuration.webhooks, logger: logger, now: now)
    let keyUses = KeyUseWriter(directory: service.keyDirectory, interval: .seconds(5), logger: logger)
    let domains = PeriodicRefresh(what: "the link domains", interval: configuration.domainRefreshInterval, logger: logger) {
        try await service.domains.refresh(from: store)
    }
    let teamRules = PeriodicRefresh(what: "the teams' default rules", interval: configuration.domainRefreshInterval, logger: logger) {
        try await service.teamRules.refresh(from: store)
    }
    let decider = VariantDecider(service: service, interval: configuration.limits.expirySweepInterval, logger: logger, passes: passes)
    var services: [any Service] = [recorder, sweeper, refresher, expirySweeper, decider, webhooks, keyUses, domains, teamRules]
    if let database = configuration.countryLookup as? GeoIPDatabase {
        services.append(GeoIPReloader(database: database, interval: .seconds(30), logger: logger))
    }
    if let metricsPort = configuration.metricsPort {
        // A second listener that answers `GET /metrics` only; the main port then has none.
        services.append(Application(
            router: OperationsAPI.metricsRouter(service: service),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: metricsPort),
                                                    serverName: "switchyard-metrics"),
            logger: logger))
    }

    let limits = configuration.limits
    let http1 = HTTP1Channel.Configuration(
        idleTimeout: TimeAmount(limits.idleTimeout),
        httpDecoderConfiguration: .init(maxHeaderFieldSize: limits.maximumHeaderSize, maxHeaderListSize: limits.maximumHeaderSize,
                                        maxHeaderFieldCount: limits.maximumHeaderCount))
    var app = Application(
        router: router,
        server: .http1(configuration: http1),
        configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                serverName: "switchyard"),
        services: services,
        logger: logger)
    app.beforeServerStarts {
        try await store.migrate()
        try await service.domains.refresh(from: store)
        try await service.teamRules.refresh(from: store)
        await sweeper.sweep()
        await webhooks.refresh()
    }
    return app
}

/// The handlers' shared state for a configuration and a store.
func makeService(
    configuration: ServiceConfiguration, store: any LinkStore, logger: Logger,
    clickRecorder: ClickRecorder? = nil, now: @escaping @Sendable () -> Date = { Date() }
) throws -> LinkService {
    let table = try RouteTable(configuration.routes, constraints: configuration.constraints)
    if AssociationFiles.hasNoApps(table) {
        logger.warning("the route table names no apps: apple-app-site-association and assetlinks.json list no app; add \"apps\" to the route table file")
    }
    let metrics = ServiceMetrics()
    let recorder = clickRecorder ?? ClickRecorder(
        store: store, logger: logger, batchSize: configuration.limits.clickBatchSize,
        interval: configuration.limits.clickFlushInterval, capacity: configuration.limits.clickBufferCapacity)
    recorder.observeWrites { metrics.clicksRecorded($0) }
    let subscriptions = WebhookSubscriptions()
    let domains = DomainDirectory(baseURL: configuration.baseURL, redirects: configuration.bootstrapRedirects)
    recorder.deliverWebhooks {
        WebhookEventMaker(subscriptions: subscriptions, bootstrapHost: domains.bootstrap.domain.host, now: now).clicked()
    }
    let associations = AssociationFiles(table: table)
    if associations.appleAppSiteAssociation.utf8.count > AssociationFiles.appleSizeLimit {
        logger.error("apple-app-site-association is over Apple's 128 KB limit", metadata: [
            "bytes": "\(associations.appleAppSiteAssociation.utf8.count)"])
    }
    return LinkService(
        configuration: configuration, store: store,
        builder: DeepLinkBuilder(table: table),
        fallbacks: FallbackPolicy(tableHosts: table.configuration.hosts, extra: configuration.allowedFallbackDomains),
        adminKeys: APIKeyring(configuration.adminKeys),
        // Each app key its own owner ("app1", "app2", ...), so each has its own redeem rate.
        appKeys: APIKeyring(Dictionary(configuration.appKeys.enumerated().map { ($1, "app\($0 + 1)") },
                                       uniquingKeysWith: { first, _ in first })),
        keyDirectory: KeyDirectory(store: store),
        recorder: recorder, metrics: metrics, associations: associations,
        limiter: RateLimiter(create: configuration.limits.createRate, redeem: configuration.limits.redeemRate,
                             claim: configuration.limits.claimRate,
                             keyGuesses: configuration.limits.keyGuessRate, appCreate: configuration.limits.appCreateRate,
                             appCreateTotal: configuration.limits.appCreateTotalRate,
                             keyRequests: configuration.limits.keyRequestRate,
                             passwordGuesses: configuration.limits.passwordGuessRate,
                             linkPasswordGuesses: configuration.limits.passwordLinkGuessRate,
                             shared: store as? any SharedRateLimits),
        openCache: OpenLinkCache(lifetime: configuration.limits.openCacheLifetime, capacity: configuration.limits.openCacheCapacity,
                                 missBatchSize: store.missBatchSize),
        domains: domains,
        deferred: configuration.deferredWindow.map { DeferredMatching(window: $0, adminKeys: Array(configuration.adminKeys.keys)) },
        webhookSubscriptions: subscriptions,
        webhookPolicy: WebhookAddressPolicy(allowPrivate: configuration.webhooks.allowPrivateAddresses),
        logger: logger, now: now,
        passwordCookie: PasswordCookie(adminKeys: Array(configuration.adminKeys.keys)),
        geoIP: configuration.countryLookup)
}

/// Every route the service answers: the API, the association files, operations, `GET /{code}`
/// and the dashboard.
///
/// The groups are added in this order, each behind ``ProblemMiddleware``; a route's path (its
/// `endpointPath`, the metrics' label) is the group's path followed by the route's own.
func makeRouter(service: LinkService) -> HTTPRouter<ServiceRequestContext> {
    let router = HTTPRouter(context: ServiceRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: ProblemMiddleware(service: service))
    router.addRoutes(OperationsAPI(service: service, openAPI: OpenAPIDocument.text).routes)
    router.addRoutes(LinksAPI(service: service).routes, atPath: "api/v1/links")
    router.addRoutes(AppAPI(service: service).routes, atPath: "api/v1")
    router.addRoutes(AttestAPI(service: service).routes, atPath: "api/v1/attest")
    router.addRoutes(WebhooksAPI(service: service).routes, atPath: "api/v1/webhooks")
    router.addRoutes(KeysAPI(service: service).routes, atPath: "api/v1/keys")
    router.addRoutes(AuditAPI(service: service).routes, atPath: "api/v1/audit")
    router.addRoutes(DomainsAPI(service: service).routes, atPath: "api/v1/domains")
    router.addRoutes(TeamRulesAPI(service: service).routes, atPath: "api/v1/team/rules")
    router.addRoutes(InstallsAPI(service: service).routes, atPath: "api/v1/installs")
    router.addRoutes(StatsAPI(service: service).routes)
    // Firebase Dynamic Links' REST API (`POST /v1/shortLinks`); its long links (`GET /?link=`) are
    // answered from the dashboard's `/` route, which hands them to FirebaseLongLinkOpener.
    router.addRoutes(FirebaseShortLinksAPI(service: service).routes, atPath: "v1/shortLinks")
    router.addRoutes(LinkOpener(service: service).routes)
    // The dashboard: HTML at `/` and `/dashboard/...` (Dashboard/Dashboard.swift), signed in with the admin key.
    router.addRoutes(Dashboard(service: service).routes)
    return router
}
