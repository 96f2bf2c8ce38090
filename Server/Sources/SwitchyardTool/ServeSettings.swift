import ArgumentParser
import Switchyard
import SwitchyardGeoIP
import SwitchyardService
import SwitchyardStore
import SwitchyardTraffic
import SwitchyardAttest
import Foundation
import SwitchyardRules

/// What `switchyard serve` is given, independent of how the command line reads it.
///
/// ```swift
/// let settings = try ServeSettings(database: "sqlite:switchyard.sqlite", environment: ProcessInfo.processInfo.environment)
/// ```
struct ServeSettings: Sendable {
    /// The route-table file (`--routes`).
    var routesPath: String
    /// Where the links live (`--database`).
    var database: DatabaseLocation
    /// How long a request waits on the database before it is answered 503 (`--database-timeout`).
    var databaseTimeout: Duration = .seconds(5)
    /// The address to listen on (`--host`).
    var host: String
    /// The port (`--port`).
    var port: Int
    /// The base URL of short links (`--base-url`); `http://HOST:PORT` when nil.
    var baseURL: String?
    /// The admin API key (`SWITCHYARD_API_KEY`).
    var adminKey: String
    /// The app key (`SWITCHYARD_APP_KEY`).
    var appKey: String
    /// Links each team may create (`--create-rate`); nil for no limit.
    var createRate: RateLimit? = ServiceConfiguration.Limits.defaultCreateRate
    /// Links each install may create with the app key (`--app-create-rate`); nil for no limit.
    var appCreateRate: RateLimit? = ServiceConfiguration.Limits.defaultAppCreateRate
    /// `--app-create-total-rate`.
    var appCreateTotalRate: RateLimit? = ServiceConfiguration.Limits.defaultAppCreateTotalRate
    /// Resolves and redeems each client address may make (`--redeem-rate`); nil for no limit.
    var redeemRate: RateLimit? = ServiceConfiguration.Limits.defaultRedeemRate
    /// Deferred claims each client address may make (`--claim-rate`); nil for no limit.
    var claimRate: RateLimit? = ServiceConfiguration.Limits.defaultClaimRate
    /// How long opens are remembered for heuristic deferred matching (`--deferred-window`); nil: off.
    var deferredWindow: Duration?
    /// How long raw clicks are kept (`--click-retention`); nil keeps them.
    var clickRetention: Duration? = ServiceConfiguration.Limits.defaultClickRetention
    /// Requests each admin, editor or viewer key may make on each instance, counted in its memory
    /// (`--key-rate`: N instances allow a key N times this); nil for no limit.
    var keyRequestRate: RateLimit? = ServiceConfiguration.Limits.defaultKeyRequestRate
    /// How long audit log entries are kept (`--audit-retention`); nil keeps them.
    var auditRetention: Duration? = ServiceConfiguration.Limits.defaultAuditRetention
    /// Proxies whose `X-Forwarded-For` is believed (`--trusted-proxy`).
    var trustedProxies: [AddressRange] = []
    /// The country database (`--geoip`), opened.
    var geoIP: GeoIPDatabase?
    /// The bot patterns: the built-in list and `--bot-patterns`'s.
    var botPatterns = BotPatterns.builtIn
    /// Where the bootstrap domain sends unknown codes and expired links (`--not-found-redirect`,
    /// `--expired-redirect`).
    var bootstrapRedirects = LinkDomain.Redirects()
    /// Dashboard sign-ins and wrong admin keys each client address may make (`--key-guess-rate`);
    /// nil for no limit.
    var keyGuessRate: RateLimit? = ServiceConfiguration.Limits.defaultKeyGuessRate
    /// `--password-guess-rate` and `--link-password-guess-rate`.
    var passwordGuessRate: RateLimit? = ServiceConfiguration.Limits.defaultPasswordGuessRate
    var linkPasswordGuessRate: RateLimit? = ServiceConfiguration.Limits.defaultPasswordLinkGuessRate
    /// A second port answering only `GET /metrics`, without a key (`--metrics-port`); nil:
    /// `/metrics` is on the main port and needs the admin key.
    var metricsPort: Int?
    /// Whether to start on a route table that breaks live links (`--allow-breaking-routes`).
    var allowBreakingRoutes = false
    /// Webhook deliveries (`--webhook-allow-private`, `--webhook-timeout`, `--webhook-retry-delay`,
    /// `--webhook-retry-window`).
    var webhooks = WebhookSettings()
    /// App Attest (`--install-proof`, `--installs-per-address`, `--challenges-per-address`,
    /// `--attest-development`).
    var attest = AppAttestSettings()
    /// Whether either key was generated because its variable was unset (print them once).
    var generatedKeys: [String]

    /// The shortest key `serve` accepts: a key is a password that the API and the dashboard
    /// let anyone on the network try.
    static let minimumKeyLength = 16

    /// The default route table, relative to the working directory.
    static let defaultRoutesPath = "Examples/shop/routes.json"
    /// The team the admin key acts for.
    static let defaultTeam = ServiceConfiguration.defaultTeam

    /// Reads settings, taking keys from `SWITCHYARD_API_KEY` and `SWITCHYARD_APP_KEY` in
    /// `environment` and generating any that is unset (named in ``generatedKeys``).
    init(
        routesPath: String = ServeSettings.defaultRoutesPath,
        database: DatabaseLocation = .sqlite(path: "switchyard.sqlite"),
        host: String = "127.0.0.1",
        port: Int = 8080,
        baseURL: String? = nil,
        environment: [String: String]
    ) {
        self.routesPath = routesPath
        self.database = database
        self.host = host
        self.port = port
        self.baseURL = baseURL
        var generated: [String] = []
        func key(_ name: String) -> String {
            if let value = environment[name], !value.isEmpty { return value }
            generated.append(name)
            return ServiceConfiguration.randomKey()
        }
        adminKey = key("SWITCHYARD_API_KEY")
        appKey = key("SWITCHYARD_APP_KEY")
        generatedKeys = generated
    }

    /// Refuses a key shorter than ``minimumKeyLength``, naming its variable.
    func validateKeys() throws(KeyTooShort) {
        for (name, key) in [("SWITCHYARD_API_KEY", adminKey), ("SWITCHYARD_APP_KEY", appKey)] where key.count < Self.minimumKeyLength {
            throw KeyTooShort(message: """
                \(name) is \(key.count) characters long; keys must be at least \(Self.minimumKeyLength) \
                (generate one with: openssl rand -hex 24, or leave it unset to get a random one)
                """)
        }
    }

    /// A key under ``ServeSettings/minimumKeyLength`` characters.
    struct KeyTooShort: CodedError, Sendable, Hashable {
        /// ``ErrorCode/keyTooShort``.
        var code: Code { .keyTooShort }
        /// What was wrong, naming the variable.
        let message: String
    }

    /// Does not print the generated bootstrap keys a store's named keys make unneeded: the admin
    /// key when a working named admin key exists, the app key when a working named app key does.
    /// Such a key is never shown, so nobody holds it (the random admin key still salts deferred
    /// matching's fingerprints, as a generated key always does). A key set in the environment
    /// always works.
    mutating func dropGeneratedKeys(coveredBy roles: Set<AccessKey.Role>) {
        if roles.contains(.admin) { generatedKeys.removeAll { $0 == "SWITCHYARD_API_KEY" } }
        if roles.contains(.app) { generatedKeys.removeAll { $0 == "SWITCHYARD_APP_KEY" } }
    }

    /// The lines to print at start-up for generated keys (empty when both came from the environment).
    var generatedKeysNotice: [String] {
        generatedKeys.map { name in
            "\(name) was not set; generated for this run: \(name == "SWITCHYARD_API_KEY" ? adminKey : appKey)"
        }
    }

    /// `--install-proof`: `attested` or `none`.
    static func installProof(_ text: String) throws -> InstallProof {
        guard let proof = InstallProof(rawValue: text) else {
            throw ValidationError("--install-proof must be attested or none, got '\(text)'")
        }
        return proof
    }

    /// `--installs-per-address`: a count of at least 1, or `off`.
    static func installCap(_ text: String) throws -> Int? {
        try cap(text, option: "--installs-per-address")
    }

    /// `--unattested-redeems-per-link`: a count of at least 1, or `off`.
    static func unattestedCap(_ text: String) throws -> Int? {
        try cap(text, option: "--unattested-redeems-per-link")
    }

    /// `--challenges-in-all`: a count of at least 1, or `off`.
    static func challengesInAllCap(_ text: String) throws -> Int? {
        try cap(text, option: "--challenges-in-all")
    }

    /// `--keys-per-install`: a count of at least 1, or `off`.
    static func keysPerInstallCap(_ text: String) throws -> Int? {
        try cap(text, option: "--keys-per-install")
    }

    /// `--challenges-per-address`: a count of at least 1, or `off`.
    static func challengeCap(_ text: String) throws -> Int? {
        try cap(text, option: "--challenges-per-address")
    }

    private static func cap(_ text: String, option: String) throws -> Int? {
        if text == "off" { return nil }
        guard let count = Int(text), count >= 1 else {
            throw ValidationError("\(option) must be a count of at least 1 or off, got '\(text)'")
        }
        return count
    }

    /// The service configuration for a loaded route table.
    func configuration(routes: RouteTableConfiguration) -> ServiceConfiguration {
        var configuration = ServiceConfiguration(
            routes: routes, baseURL: baseURL ?? "http://\(host):\(port)", host: host, port: port,
            adminKeys: [adminKey: Self.defaultTeam], appKeys: [appKey],
            limits: ServiceConfiguration.Limits(createRate: createRate, redeemRate: redeemRate, claimRate: claimRate,
                                                keyGuessRate: keyGuessRate, clickRetention: clickRetention),
            deferredWindow: deferredWindow, trustedProxies: trustedProxies, metricsPort: metricsPort)
        configuration.webhooks = webhooks
        configuration.attest = attest
        configuration.limits.appCreateRate = appCreateRate
        configuration.limits.appCreateTotalRate = appCreateTotalRate
        configuration.limits.auditRetention = auditRetention
        configuration.limits.keyRequestRate = keyRequestRate
        configuration.bootstrapRedirects = bootstrapRedirects
        configuration.countryLookup = geoIP
        configuration.traffic = TrafficClassifier(bots: botPatterns == .builtIn ? .builtIn : ClickClassifier(patterns: botPatterns))
        configuration.limits.passwordGuessRate = passwordGuessRate
        configuration.limits.passwordLinkGuessRate = linkPasswordGuessRate
        return configuration
    }

    /// A redirect flag's URL, checked: an absolute http or https URL (nil when not given).
    static func redirect(_ text: String?, _ flag: String) throws -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else {
            throw ValidationError("\(flag) '\(text)' is not an absolute http or https URL")
        }
        return text
    }

}

/// `--database`: `sqlite:PATH` (or a path ending in `.sqlite`/`.db`) or a `postgres://` URL.
enum DatabaseLocation: Sendable, Hashable {
    /// An SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL connection URL.
    case postgres(url: String)

    /// A `--database` value that is neither.
    struct Error: CodedError, Sendable, Hashable {
        /// ``ErrorCode/invalidDatabase``.
        var code: Code { .invalidDatabase }
        /// What was wrong.
        let message: String
        /// Creates an error.
        init(message: String) { self.message = message }
    }

    /// Parses a `--database` value.
    init(_ text: String) throws(Error) {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw Error(message: "--database sqlite: needs a file path, as in sqlite:switchyard.sqlite") }
            self = .sqlite(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else if text.hasSuffix(".sqlite") || text.hasSuffix(".db") {
            self = .sqlite(path: text)
        } else {
            throw Error(message: "--database must be sqlite:PATH or a postgres:// URL, got '\(text)'")
        }
    }
}

extension DatabaseLocation: CustomStringConvertible {
    /// `sqlite:PATH`, or the PostgreSQL URL with its password hidden.
    var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url):
            guard let at = url.lastIndex(of: "@"), let scheme = url.range(of: "://"),
                  let colon = url[scheme.upperBound..<at].firstIndex(of: ":") else { return url }
            return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
        }
    }
}

extension DatabaseLocation: ExpressibleByArgument {
    /// A `--database` value; nil when it is neither form (the commands parse with
    /// ``DatabaseLocation/init(_:)`` to say why).
    init?(argument: String) { try? self.init(argument) }

    /// Parses an option's text into a location, with the specific error on the command line.
    static func parse(_ text: String) throws -> DatabaseLocation {
        do { return try DatabaseLocation(text) } catch { throw ValidationError(error.message) }
    }
}

extension ServeSettings {
    /// Reads a `--trusted-proxy` value, with the specific error on the command line.
    static func addressRange(_ text: String) throws -> AddressRange {
        do { return try AddressRange(parsing: text) } catch { throw ValidationError(error.message) }
    }
}

/// A `--create-rate`, `--redeem-rate` or `--claim-rate` value: `COUNT/second|minute|hour`, or `off` for no limit.
struct RateArgument: ExpressibleByArgument, Sendable, Equatable {
    /// The rate; nil for `off`.
    let rate: RateLimit?

    init(rate: RateLimit?) { self.rate = rate }

    init?(argument: String) { try? self.init(parsing: argument) }

    /// Parses the text, with the specific error on the command line.
    init(parsing text: String) throws(RateLimit.ParseError) {
        rate = text.lowercased() == "off" ? nil : try RateLimit(parsing: text)
    }

    /// Parses an option's text, with the specific error on the command line.
    static func parse(_ text: String) throws -> RateArgument {
        do { return try RateArgument(parsing: text) } catch { throw ValidationError(error.message) }
    }

    var defaultValueDescription: String { rate?.description ?? "off" }
}

extension ErrorCode<ServeSettings.KeyTooShort> {
    /// An API key in the environment under ``ServeSettings/minimumKeyLength`` characters.
    static var keyTooShort: Self { Self(rawValue: "key_too_short") }
}

extension ErrorCode<DatabaseLocation.Error> {
    /// A `--database` value that is neither `sqlite:PATH` nor a `postgres://` URL.
    static var invalidDatabase: Self { Self(rawValue: "invalid_database") }
}

extension ServeSettings {
    /// Reads `--attest-categories APPID=a,b` and `--attest-minimum-bundle-version APPID=V` into
    /// per-app policies.
    /// - Throws: `ValidationError` naming the option and the value that is not `APPID=...`, an
    ///   unknown category or a version that is not dotted numbers.
    static func attestPolicies(categories: [String], minimumVersions: [String],
                               into policies: inout [String: AppAttestPolicy]) throws {
        func split(_ value: String, _ option: String) throws -> (appID: String, rest: String) {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex, value.index(after: equals) != value.endIndex else {
                throw ValidationError("\(option) takes TEAMID.bundle=VALUE, got '\(value)'")
            }
            return (String(value[..<equals]), String(value[value.index(after: equals)...]))
        }
        for value in categories {
            let (appID, list) = try split(value, "--attest-categories")
            var allowed: Set<ValidationCategory> = []
            for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let category = ValidationCategory(name: name.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("--attest-categories: '\(name)' is not a category (app-store, testflight, development, enterprise, platform, developer-id or a number)")
                }
                allowed.insert(category)
            }
            policies[appID, default: AppAttestPolicy()].allowedCategories = allowed
        }
        for value in minimumVersions {
            let (appID, text) = try split(value, "--attest-minimum-bundle-version")
            guard let version = DottedVersion(text) else {
                throw ValidationError("--attest-minimum-bundle-version: '\(text)' is not a version (one to four dotted numbers)")
            }
            policies[appID, default: AppAttestPolicy()].minimumBundleVersion = version
        }
    }
}
