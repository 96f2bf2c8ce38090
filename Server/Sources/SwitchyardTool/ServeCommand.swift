import ArgumentParser
import Foundation
import Logging
import SwitchyardCommand
import SwitchyardGeoIP
import SwitchyardService
import SwitchyardStore
import SwitchyardTraffic
import SwitchyardRules

/// `switchyard serve`: the link service. Keys come from `SWITCHYARD_API_KEY` and
/// `SWITCHYARD_APP_KEY` (generated and printed once when unset).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the smart-link service (SQLite by default, PostgreSQL with a postgres:// URL).")

    @Option(help: ArgumentHelp("The route-table file (JSON).", valueName: "file"))
    var routes: String = ServeSettings.defaultRoutesPath

    @Option(help: ArgumentHelp("sqlite:PATH or a postgres:// URL.", valueName: "database"), transform: DatabaseLocation.parse)
    var database: DatabaseLocation = .sqlite(path: "switchyard.sqlite")

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port: Int = 8080

    @Option(name: .customLong("base-url"), help: ArgumentHelp("The public base URL of short links.", valueName: "url"))
    var baseURL: String?

    @Option(name: .customLong("create-rate"),
            help: ArgumentHelp("Links each team (or app client) may create: COUNT/second|minute|hour, or off.", valueName: "rate"),
            transform: RateArgument.parse)
    var createRate = RateArgument(rate: ServiceConfiguration.Limits.defaultCreateRate)

    @Option(name: .customLong("app-create-rate"),
            help: ArgumentHelp("Links each install may create with the app key: COUNT/second|minute|hour, or off.", valueName: "rate"),
            transform: RateArgument.parse)
    var appCreateRate = RateArgument(rate: ServiceConfiguration.Limits.defaultAppCreateRate)

    @Option(name: .customLong("app-create-total-rate"),
            help: ArgumentHelp("""
                Links the app keys may create together, per app key and per team, whatever the address or install: \
                COUNT/second|minute|hour, or off.
                """, valueName: "rate"),
            transform: RateArgument.parse)
    var appCreateTotalRate = RateArgument(rate: ServiceConfiguration.Limits.defaultAppCreateTotalRate)

    @Option(name: .customLong("redeem-rate"),
            help: ArgumentHelp("Resolves and redeems each client address (IPv6: each /64) may make: COUNT/second|minute|hour, or off.",
                               valueName: "rate"),
            transform: RateArgument.parse)
    var redeemRate = RateArgument(rate: ServiceConfiguration.Limits.defaultRedeemRate)

    @Option(name: .customLong("claim-rate"),
            help: ArgumentHelp("Deferred claims each client address (IPv6: each /64) may make, matched or not: COUNT/second|minute|hour, or off.",
                               valueName: "rate"),
            transform: RateArgument.parse)
    var claimRate = RateArgument(rate: ServiceConfiguration.Limits.defaultClaimRate)

    @Option(name: .customLong("deferred-window"),
            help: ArgumentHelp("""
                Heuristic deferred deep links: how long an open is remembered (a salted hash of the \
                client's address, OS version and language, never the values), as 30m, 2h or 1d; off by default.
                """, valueName: "duration"))
    var deferredWindow: DurationArgument = .off

    @Option(name: .customLong("click-retention"),
            help: ArgumentHelp("""
                How long raw clicks (instant, platform, referrer, campaign) are kept, as 30d or 12h, or off to keep                 them; older ones are deleted in small batches and the per-day counts stay.
                """, valueName: "duration"))
    var clickRetention = DurationArgument(argument: "90d")!

    @Option(name: .customLong("key-rate"),
            help: ArgumentHelp("""
                Requests each admin, editor or viewer key may make on each instance, counted in its memory \
                (not shared): N instances let a key make N times this in all, so to cap a key at R give each \
                instance R/N (3 instances, 1200/minute in all: 400/minute). COUNT/second|minute|hour, or off.
                """, valueName: "rate"),
            transform: RateArgument.parse)
    var keyRate = RateArgument(rate: ServiceConfiguration.Limits.defaultKeyRequestRate)

    @Option(name: .customLong("audit-retention"),
            help: ArgumentHelp("How long the audit log's entries are kept, as 365d, or off to keep them.", valueName: "duration"))
    var auditRetention = DurationArgument(argument: "365d")!

    @Option(name: .customLong("trusted-proxy"),
            help: ArgumentHelp("A proxy in front of the service whose X-Forwarded-For is believed: an address or a CIDR range such as 10.0.0.0/8 (repeatable).",
                               valueName: "range"),
            transform: ServeSettings.addressRange)
    var trustedProxies: [AddressRange] = []

    @Option(name: .customLong("geoip"),
            help: ArgumentHelp("A MaxMind-format country database (GeoLite2 Country or DB-IP Lite, .mmdb) for country rules and figures; reloaded when the file changes.",
                               valueName: "file"))
    var geoip: String?

    @Option(name: .customLong("bot-patterns"),
            help: ArgumentHelp("More crawler, scanner and monitor patterns, a JSON file of the built-in list's shape (see the README's \"Which clicks count\"); added to the built-in list.",
                               valueName: "file"))
    var botPatterns: String?

    @Option(name: .customLong("not-found-redirect"),
            help: ArgumentHelp("Where the --base-url domain sends a code it has no link for, instead of 404 (stored domains keep their own: switchyard domains).",
                               valueName: "url"))
    var notFoundRedirect: String?

    @Option(name: .customLong("expired-redirect"),
            help: ArgumentHelp("Where the --base-url domain sends an expired link without its own expiredURL, instead of 410.", valueName: "url"))
    var expiredRedirect: String?

    @Option(name: .customLong("key-guess-rate"),
            help: ArgumentHelp("""
                Dashboard sign-ins and wrong admin keys each client address (IPv6: each /64) may make: \
                COUNT/second|minute|hour, or off. Over it, the address's sign-ins and wrong keys are refused (429); a valid API key never is.
                """, valueName: "rate"),
            transform: RateArgument.parse)
    var keyGuessRate = RateArgument(rate: ServiceConfiguration.Limits.defaultKeyGuessRate)

    @Option(name: .customLong("password-guess-rate"),
            help: ArgumentHelp("""
                Password guesses on links (the form's, the app's resolve and redeem) each client address (IPv6: each /64) \
                may make: COUNT/second|minute|hour, or off.
                """, valueName: "rate"),
            transform: RateArgument.parse)
    var passwordGuessRate = RateArgument(rate: ServiceConfiguration.Limits.defaultPasswordGuessRate)

    @Option(name: .customLong("link-password-guess-rate"),
            help: ArgumentHelp("Password guesses one link takes from every address together: COUNT/second|minute|hour, or off.",
                               valueName: "rate"),
            transform: RateArgument.parse)
    var linkPasswordGuessRate = RateArgument(rate: ServiceConfiguration.Limits.defaultPasswordLinkGuessRate)

    @Option(name: .customLong("install-proof"),
            help: ArgumentHelp("""
                What a redeem-limited link that does not say (installProof) asks of an install: attested (an App \
                Attest assertion) or none.
                """, valueName: "attested|none"),
            transform: ServeSettings.installProof)
    var installProof: InstallProof = .none

    @Option(name: .customLong("installs-per-address"),
            help: ArgumentHelp("""
                Distinct unattested installs one client address (IPv6: its /64) may spend of one link per hour, \
                or off.
                """, valueName: "count"),
            transform: ServeSettings.installCap)
    var installsPerAddress: Int? = AppAttestSettings.defaultInstallsPerAddressPerHour

    @Option(name: .customLong("unattested-redeems-per-link"),
            help: ArgumentHelp("""
                Redemptions of one link that installs without App Attest may spend in all, every address together, \
                or off (then only --installs-per-address limits them).
                """, valueName: "count"),
            transform: ServeSettings.unattestedCap)
    var unattestedRedeemsPerLink: Int? = AppAttestSettings.defaultUnprovedRedeemsPerLink

    @Option(name: .customLong("challenges-per-address"),
            help: ArgumentHelp("""
                App Attest challenges one client address (IPv6: its /64) may hold at once, neither used nor expired, \
                or off.
                """, valueName: "count"),
            transform: ServeSettings.challengeCap)
    var challengesPerAddress: Int? = AppAttestSettings.defaultChallengesPerAddress

    @Option(name: .customLong("challenges-in-all"),
            help: ArgumentHelp("App Attest challenges outstanding at once, every address together, or off.", valueName: "count"),
            transform: ServeSettings.challengesInAllCap)
    var challengesInAll: Int? = AppAttestSettings.defaultChallengesInAll

    @Option(name: .customLong("keys-per-install"),
            help: ArgumentHelp("App Attest keys one install may attest, or off.", valueName: "count"),
            transform: ServeSettings.keysPerInstallCap)
    var keysPerInstall: Int? = AppAttestSettings.defaultKeysPerInstall

    @Option(name: .customLong("attest-development"),
            help: ArgumentHelp("An iOS app id (TEAMID.bundle) whose App Attest keys come from the development environment (repeatable).",
                               valueName: "app-id"))
    var attestDevelopment: [String] = []

    @Option(name: .customLong("attest-categories"),
            help: ArgumentHelp("""
                An iOS app id and the validation categories its attestations and assertions may state, as                 TEAMID.bundle=app-store,testflight (names: app-store, testflight, development, enterprise, platform,                 developer-id, or a number); repeatable. Without it, any category.
                """, valueName: "app-id=categories"))
    var attestCategories: [String] = []

    @Option(name: .customLong("attest-minimum-bundle-version"),
            help: ArgumentHelp("""
                An iOS app id and the lowest bundle version its attestations and assertions may state, as                 TEAMID.bundle=120; repeatable.
                """, valueName: "app-id=version"))
    var attestMinimumBundleVersion: [String] = []

    @Option(name: .customLong("database-timeout"),
            help: ArgumentHelp("""
                How long a request waits on the database (PostgreSQL's answer or a pooled connection, SQLite's \
                write lock) before it is answered 503 with Retry-After, as 5s.
                """, valueName: "duration"))
    var databaseTimeout = DurationArgument(argument: "5s")!

    @Option(name: .customLong("metrics-port"),
            help: ArgumentHelp("""
                A second port (on --host) that answers GET /metrics without a key; the main port then has \
                no /metrics. Without it, /metrics is on the main port and needs the admin key.
                """, valueName: "port"))
    var metricsPort: Int?

    @Flag(name: .customLong("allow-breaking-routes"),
          help: "Start even when stored live links no longer open under the route table (see `switchyard routes diff`).")
    var allowBreakingRoutes = false

    @Flag(name: .customLong("webhook-allow-private"),
          help: "Let webhooks reach loopback, private, link-local and CGNAT addresses (cloud metadata addresses stay refused).")
    var webhookAllowPrivate = false

    @Option(name: .customLong("webhook-timeout"),
            help: ArgumentHelp("How long one webhook delivery attempt may take, as 10s.", valueName: "duration"))
    var webhookTimeout = DurationArgument(argument: "10s")!

    @Option(name: .customLong("webhook-retry-delay"),
            help: ArgumentHelp("The delay before a failed webhook delivery's first retry, doubled (with jitter) at each later one up to an hour, as 10s.",
                               valueName: "duration"))
    var webhookRetryDelay = DurationArgument(argument: "10s")!

    @Option(name: .customLong("webhook-retry-window"),
            help: ArgumentHelp("How long a failed webhook delivery is retried before it is marked failed (the dashboard lists it), as 24h.",
                               valueName: "duration"))
    var webhookRetryWindow = DurationArgument(argument: "24h")!

    func run() async throws {
        var settings = ServeSettings(routesPath: routes, database: database, host: host, port: port, baseURL: baseURL,
                                     environment: ProcessInfo.processInfo.environment)
        settings.createRate = createRate.rate
        settings.appCreateRate = appCreateRate.rate
        settings.appCreateTotalRate = appCreateTotalRate.rate
        settings.redeemRate = redeemRate.rate
        settings.claimRate = claimRate.rate
        settings.deferredWindow = deferredWindow.duration
        settings.clickRetention = clickRetention.duration
        settings.auditRetention = auditRetention.duration
        settings.keyRequestRate = keyRate.rate
        settings.metricsPort = metricsPort
        settings.databaseTimeout = try databaseTimeout.required(
            "--database-timeout", as: "5s", because: "a request cannot wait on the database forever")
        settings.keyGuessRate = keyGuessRate.rate
        settings.passwordGuessRate = passwordGuessRate.rate
        settings.linkPasswordGuessRate = linkPasswordGuessRate.rate
        settings.trustedProxies = trustedProxies
        if let geoip {
            do {
                settings.geoIP = try GeoIPDatabase(path: geoip)
            } catch {
                throw ValidationError("--geoip: \(error.message)")
            }
        }
        if let botPatterns {
            do {
                settings.botPatterns = BotPatterns.builtIn.merging(try BotPatterns(contentsOf: URL(filePath: botPatterns)))
            } catch {
                throw ValidationError("--bot-patterns: \(error.message)")
            }
        }
        settings.bootstrapRedirects = LinkDomain.Redirects(
            notFound: try ServeSettings.redirect(notFoundRedirect, "--not-found-redirect"),
            expired: try ServeSettings.redirect(expiredRedirect, "--expired-redirect"))
        settings.allowBreakingRoutes = allowBreakingRoutes
        settings.attest.redeemLimitedDefault = installProof
        settings.attest.installsPerAddressPerHour = installsPerAddress
        settings.attest.unprovedRedeemsPerLink = unattestedRedeemsPerLink
        settings.attest.challengesPerAddress = challengesPerAddress
        settings.attest.challengesInAll = challengesInAll
        settings.attest.keysPerInstall = keysPerInstall
        for appID in attestDevelopment { settings.attest.environments[appID] = .development }
        try ServeSettings.attestPolicies(categories: attestCategories, minimumVersions: attestMinimumBundleVersion,
                                         into: &settings.attest.policies)
        settings.webhooks.allowPrivateAddresses = webhookAllowPrivate
        settings.webhooks.timeout = try webhookTimeout.required(
            "--webhook-timeout", as: "10s", because: "a delivery cannot wait on its receiver forever")
        settings.webhooks.firstRetryDelay = try webhookRetryDelay.required(
            "--webhook-retry-delay", as: "10s", because: "a failed delivery is retried after a delay")
        settings.webhooks.retryWindow = try webhookRetryWindow.required(
            "--webhook-retry-window", as: "24h", because: "a failed delivery is given up at the end of a window")
        var logger = Logger(label: "switchyard") { ServiceLogHandler(label: $0) }
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        do {
            try await serve(settings, logger: logger)
        } catch let refusal as BreakingRoutes {
            for line in refusal.description.split(separator: "\n") {
                FileHandle.standardError.write(Data((CommandFailure.prefix + line + "\n").utf8))
            }
            throw ExitCode.failure
        }
    }
}
