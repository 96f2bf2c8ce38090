import Foundation
public import Logging
import PostgresNIO
import Synchronization

/// The shared store: PostgreSQL through postgres-nio's pooled `PostgresClient`, for several
/// service instances on one database.
///
/// ```swift
/// let store = try PostgresLinkStore(url: "postgres://switchyard:secret@db:5432/switchyard")
/// try await store.migrate()
/// ```
///
/// The store runs its client in a task of its own from `init` until ``close()``. While the server
/// is unreachable every call fails within ``timeout`` with ``StoreError`` `.unavailable`; the pool
/// keeps reconnecting (with backoff) and calls succeed again once the server is back, without
/// reopening the store.
public final class PostgresLinkStore: LinkStore {
    /// The schema the tables live in.
    public let schema: String
    /// How long a call may wait for a connection and its answer.
    public let timeout: Duration
    let url: PostgresURL
    let client: PostgresClient
    let running: Task<Void, Never>
    let logger: Logger
    let refusalProbe = Mutex(RefusalProbe())
    /// How long the connection attempt that names a refusal may take, after a call timed out.
    let refusalTimeout: Duration

    /// Connects lazily to the database at `url` (`postgres://user:password@host:port/database`,
    /// optionally `?sslmode=disable|prefer|require|verify-full&schema=NAME`).
    ///
    /// - Parameters:
    ///   - url: The server and database; the password may be percent-encoded.
    ///   - schema: The schema for the tables, created by ``migrate()``; overrides the URL's
    ///     `schema`; default `public`.
    ///   - timeout: How long one call may wait before failing as unavailable.
    ///   - maximumConnections: The pool's size.
    ///   - refusalTimeout: How long the store's own connection attempt may take, after a call
    ///     timed out, to name what refused it (a wrong password, a missing database); by default
    ///     the smaller of `timeout` and three seconds.
    ///   - logger: Where the pool logs connection failures and queries (at trace level).
    /// - Throws: ``StoreError`` (`.configuration`) for a malformed URL or schema name.
    public init(url: String, schema: String? = nil, timeout: Duration = .seconds(5), maximumConnections: Int = 20,
                refusalTimeout: Duration? = nil, logger: Logger = Logger(label: "switchyard.store.postgres")) throws {
        let parsed = try PostgresURL(parsing: url)
        let schema = schema ?? parsed.schema ?? "public"
        guard PostgresURL.isSchemaName(schema) else {
            throw StoreError(.configuration, "schema '\(schema)' must be lowercase letters, digits and underscores")
        }
        self.url = parsed
        self.schema = schema
        self.timeout = timeout
        self.refusalTimeout = refusalTimeout ?? min(timeout, .seconds(3))
        self.logger = logger
        var configuration = PostgresClient.Configuration(
            host: parsed.host, port: parsed.port, username: parsed.username, password: parsed.password,
            database: parsed.database, tls: Self.tls(parsed.tls))
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = timeout
        configuration.options.additionalStartupParameters = [
            ("search_path", schema),
            ("application_name", String("switchyard/\(schema)".prefix(63))),
        ]
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        running = Task { await client.run() }
    }

    /// Stops the pool and closes its connections; the store answers nothing afterwards.
    public func close() async throws {
        running.cancel()
        await running.value
    }

    public func ping() async throws {
        try await run { client in _ = try await client.query("SELECT 1").collect() }
    }

    /// The pool's TLS for a mode.
    static func tls(_ mode: PostgresURL.TLSMode) -> PostgresClient.Configuration.TLS {
        guard let settings = tlsSettings(mode) else { return .disable }
        return settings.required ? .require(settings.configuration) : .prefer(settings.configuration)
    }

    /// What a mode asks of TLS: nil when it is off, else whether the connection must use it and its
    /// settings. The server's certificate is checked only for `verify-full`, as libpq does.
    static func tlsSettings(_ mode: PostgresURL.TLSMode) -> (required: Bool, configuration: TLSConfiguration)? {
        guard mode != .disable else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        if mode != .verifyFull { configuration.certificateVerification = .none }
        return (mode != .prefer, configuration)
    }

    // MARK: Running queries

    /// Runs `body` against the pool, failing as unavailable after ``timeout`` (or `deadline`, for a
    /// maintenance query that scans a table) without waiting for `body` to notice its cancellation,
    /// and mapping PostgreSQL's failures to ``StoreError``s.
    func run<T: Sendable>(deadline: Duration? = nil, _ body: @escaping @Sendable (PostgresClient) async throws -> T) async throws -> T {
        let client = client
        let timeout = deadline ?? self.timeout
        do {
            switch try await withDeadline(timeout, { try await body(client) }) {
            case .value(let value):
                return value
            case .timedOut:
                // A refused connection is named: the pool only retries it, so the wait alone says nothing.
                let refused = await refusal(within: refusalTimeout).map { "; a new connection is refused: \($0)" }
                throw StoreError(.unavailable, "PostgreSQL at \(url.endpoint) did not answer within \(timeout)\(refused ?? "")")
            }
        } catch {
            throw map(error)
        }
    }

    /// Runs one statement and returns its rows.
    func rows(_ query: PostgresQuery, deadline: Duration? = nil) async throws -> [PostgresRow] {
        try await run(deadline: deadline) { client in try await client.query(query, logger: self.logger).collect() }
    }
}

extension PostgresLinkStore {
    /// Runs literal SQL (tests and maintenance only: nothing is bound).
    func execute(unsafeSQL sql: String) async throws {
        _ = try await rows(PostgresQuery(unsafeSQL: sql))
    }

    /// The one integer literal SQL answers (tests only: how many rows a table holds).
    func integer(unsafeSQL sql: String) async throws -> Int {
        try await rows(PostgresQuery(unsafeSQL: sql)).first?.decode(Int.self) ?? 0
    }
}
