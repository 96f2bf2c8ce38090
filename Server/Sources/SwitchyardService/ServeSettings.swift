public import Switchyard

/// What `switchyard serve` is given, independent of how the command line reads it.
///
/// ```swift
/// let settings = try ServeSettings(database: "sqlite:switchyard.sqlite", environment: ProcessInfo.processInfo.environment)
/// ```
public struct ServeSettings: Sendable {
    /// The route-table file (`--routes`).
    public var routesPath: String
    /// Where the links live (`--database`).
    public var database: DatabaseLocation
    /// The address to listen on (`--host`).
    public var host: String
    /// The port (`--port`).
    public var port: Int
    /// The public base URL of short links (`--base-url`); `http://HOST:PORT` when nil.
    public var baseURL: String?
    /// The admin API key (`SWITCHYARD_API_KEY`).
    public var adminKey: String
    /// The app key (`SWITCHYARD_APP_KEY`).
    public var appKey: String
    /// Links each team may create (`--create-rate`); nil for no limit.
    public var createRate: RateLimit? = ServiceConfiguration.Limits.defaultCreateRate
    /// Redeems each app key may make (`--redeem-rate`); nil for no limit.
    public var redeemRate: RateLimit? = ServiceConfiguration.Limits.defaultRedeemRate
    /// How long opens are remembered for heuristic deferred matching (`--deferred-window`); nil: off.
    public var deferredWindow: Duration?
    /// Proxies whose `X-Forwarded-For` is believed (`--trusted-proxy`).
    public var trustedProxies: Set<String> = []
    /// Whether either key was generated because its variable was unset (print them once).
    public var generatedKeys: [String]

    /// The default route table, relative to the working directory.
    public static let defaultRoutesPath = "Examples/shop/routes.json"
    /// The default database.
    public static let defaultDatabase = "sqlite:switchyard.sqlite"
    /// The team the admin key acts for.
    public static let defaultTeam = "default"

    /// Reads settings, taking keys from `SWITCHYARD_API_KEY` and `SWITCHYARD_APP_KEY` in
    /// `environment` and generating any that is unset (named in ``generatedKeys``).
    public init(
        routesPath: String = ServeSettings.defaultRoutesPath,
        database: String = ServeSettings.defaultDatabase,
        host: String = "127.0.0.1",
        port: Int = 8080,
        baseURL: String? = nil,
        environment: [String: String]
    ) throws(DatabaseLocation.Error) {
        self.routesPath = routesPath
        self.database = try DatabaseLocation(database)
        self.host = host
        self.port = port
        self.baseURL = baseURL
        var generated: [String] = []
        func key(_ name: String) -> String {
            if let value = environment[name], !value.isEmpty { return value }
            generated.append(name)
            return "sy_" + LinkCodes.generate(length: 32)
        }
        adminKey = key("SWITCHYARD_API_KEY")
        appKey = key("SWITCHYARD_APP_KEY")
        generatedKeys = generated
    }

    /// The lines to print at start-up for generated keys (empty when both came from the environment).
    public var generatedKeysNotice: [String] {
        generatedKeys.map { name in
            "\(name) was not set; generated for this run: \(name == "SWITCHYARD_API_KEY" ? adminKey : appKey)"
        }
    }

    /// The service configuration for a loaded route table.
    public func configuration(routes: RouteTableConfiguration) -> ServiceConfiguration {
        ServiceConfiguration(
            routes: routes, baseURL: baseURL ?? "http://\(host):\(port)", host: host, port: port,
            adminKeys: [adminKey: Self.defaultTeam], appKeys: [appKey],
            limits: ServiceConfiguration.Limits(createRate: createRate, redeemRate: redeemRate),
            deferredWindow: deferredWindow, trustedProxies: trustedProxies)
    }

    /// A `--create-rate` or `--redeem-rate` value: `COUNT/second|minute|hour`, or `off` for no limit.
    public static func rate(_ text: String) throws(RateLimit.ParseError) -> RateLimit? {
        text.lowercased() == "off" ? nil : try RateLimit(parsing: text)
    }
}

/// `--database`: `sqlite:PATH` (or a path ending in `.sqlite`/`.db`) or a `postgres://` URL.
public enum DatabaseLocation: Sendable, Hashable {
    /// An SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL connection URL.
    case postgres(url: String)

    /// A `--database` value that is neither.
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// What was wrong.
        public let message: String
        /// Creates an error.
        public init(message: String) { self.message = message }
        /// The message.
        public var description: String { message }
    }

    /// Parses a `--database` value.
    public init(_ text: String) throws(Error) {
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
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url):
            guard let at = url.lastIndex(of: "@"), let scheme = url.range(of: "://"),
                  let colon = url[scheme.upperBound..<at].firstIndex(of: ":") else { return url }
            return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
        }
    }
}
