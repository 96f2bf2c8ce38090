import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@_spi(SwitchyardService) import Switchyard
import SwitchyardService
@testable import SwitchyardStore
import Synchronization

/// The stores the HTTP suites run on.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The actor-based store, for speed.
    case memory
    /// A real SQLite file in the temporary directory.
    case sqlite
    /// A schema of its own on the PostgreSQL server `SWITCHYARD_POSTGRES_URL` names (CI sets it).
    case postgres

    var description: String { rawValue }

    static let postgresURL = ProcessInfo.processInfo.environment["SWITCHYARD_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The stores this run has: PostgreSQL only when a server is named.
    static var available: [StoreKind] { postgresURL == nil ? [.memory, .sqlite] : [.memory, .sqlite, .postgres] }

    func make() async throws -> any LinkStore {
        switch self {
        case .memory: return InMemoryLinkStore()
        case .sqlite: return try SQLiteLinkStore(path: TemporaryDatabase().path)
        case .postgres:
            let schema = "http_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
            // Few connections per test: the suites run in parallel against one server. Each call may
            // take two minutes, a liveness bound: a whole run migrates a schema per test at once.
            return try PostgresLinkStore(url: Self.postgresURL ?? "", schema: String(schema), timeout: .seconds(120), maximumConnections: 3,
                                         logger: Harness.logger)
        }
    }

    /// Removes what `make()` created, once the store is closed.
    static func cleanUp(_ store: any LinkStore) async {
        if let sqlite = store as? SQLiteLinkStore { TemporaryDatabase.remove(sqlite) }
        if let postgres = store as? PostgresLinkStore, let url = postgresURL,
           let admin = try? PostgresLinkStore(url: url, logger: Harness.logger) {
            try? await admin.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(postgres.schema) CASCADE")
            try? await admin.close()
        }
    }
}

/// A fresh SQLite path under the temporary directory; its files are removed by `remove()`.
struct TemporaryDatabase: Sendable {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-test-\(UUID().uuidString).sqlite").path

    static func remove(_ store: SQLiteLinkStore) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }
    }

    func remove() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// A clock tests can move.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_900_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

enum Keys {
    static let admin = "admin-key-shop-team"
    static let otherTeam = "admin-key-other-team"
    static let app = "app-key-shop"
}

/// Builds the service on a real socket (Hummingbird's `.live` client) around a store.
struct Harness: Sendable {
    let store: any LinkStore
    let recorder: ClickRecorder
    /// The open cache's refresher, which runs no pass on its own: `refreshNow()` reads again the
    /// cached links due at the clock's time.
    let refresher = OpenLinkRefresher(periodic: false)
    /// The timed sweeps' finished passes: wait for one with ``waitForPasses(_:_:)``.
    let passes = BackgroundPasses()
    let clock: TestClock

    static let routes = RouteTableConfiguration(
        schemes: ["shop"], hosts: ["shop.example.com"],
        apps: AppIdentifiers(
            ios: ["TEAMID.com.example.shop"],
            android: [.init(package: "com.example.shop", sha256CertFingerprints: ["AA:BB:CC"])]),
        routes: [
            RouteDefinition("about/team"),
            RouteDefinition("product/:product_id", name: "product"),
            RouteDefinition("order/:id<int>", name: "order", since: AppVersionRequirement(ios: DottedVersion("2.3"), android: 230)),
            RouteDefinition("user/:id(/:tab)", name: "user"),
            RouteDefinition("docs/{path...}", name: "docs"),
            RouteDefinition("legal/terms", webOnly: true),
            RouteDefinition("list/*", name: "anyList"),
        ])

    static func configuration(routes: RouteTableConfiguration = Harness.routes) -> ServiceConfiguration {
        ServiceConfiguration(
            routes: routes, baseURL: "https://go.example.com/", host: "127.0.0.1", port: 0,
            adminKeys: [Keys.admin: "shop", Keys.otherTeam: "other"], appKeys: [Keys.app],
            allowedFallbackDomains: ["example.org"],
            limits: .init(maximumBodySize: 4096, defaultPageSize: 50, clickFlushInterval: .milliseconds(50)))
    }

    static var logger: Logger {
        var logger = Logger(label: "switchyard-test")
        logger.logLevel = .critical
        return logger
    }

    /// Runs `body` against a live server on `kind`'s store, with the patient live client (see
    /// ``PatientLiveClient``); `RequestsAtOnce` sends many requests at once on connections of their own.
    static func live<T: Sendable>(
        _ kind: StoreKind, configuration: ServiceConfiguration = Harness.configuration(),
        webhookResolver: (@Sendable (String) async -> [String])? = nil,
        _ body: @Sendable (any TestClientProtocol, Harness) async throws -> T
    ) async throws -> T {
        let store = try await kind.make()
        try await store.migrate()
        let harness = Harness(store: store, recorder: ClickRecorder(store: store, logger: logger, interval: .milliseconds(50)),
                              clock: TestClock())
        let app = try buildApplication(configuration: configuration, store: store, logger: logger,
                                       clickRecorder: harness.recorder, openLinkRefresher: harness.refresher, passes: harness.passes,
                                       now: { [clock = harness.clock] in clock.now }, webhookResolver: webhookResolver)
        let result: T
        do {
            result = try await app.testLive { client in try await body(client, harness) }
        } catch {
            try? await store.close()
            await StoreKind.cleanUp(store)
            throw error
        }
        try await store.close()
        await StoreKind.cleanUp(store)
        return result
    }
}

/// Requests and answers, spelled short.
extension TestClientProtocol {
    func send(_ method: HTTPRequest.Method, _ uri: String, key: String? = Keys.admin, json: String? = nil,
              headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        if let key { headers[.authorization] = "Bearer \(key)" }
        if json != nil && headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await executeRequest(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Creates a link and returns its JSON; fails the test unless 201.
    func create(_ json: String, key: String = Keys.admin) async throws -> JSONValue {
        let response = try await send(.post, "/api/v1/links", key: key, json: json)
        guard response.status == .created else {
            throw HarnessError("expected 201, got \(response.status.code): \(response.text)")
        }
        return try response.json()
    }

    func open(_ code: String, userAgent: String?, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        if let userAgent { headers[.userAgent] = userAgent }
        return try await executeRequest(uri: "/\(code)", method: .get, headers: headers, body: nil)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    func json() throws -> JSONValue { try JSONValue.parse(text) }
}

enum Agents {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
    /// Desktop Safari, which is also what iPadOS sends by default.
    static let macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15"
    static let crawlers = [
        "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "Twitterbot/1.0",
        "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
        "WhatsApp/2.23.20.0",
        "TelegramBot (like TwitterBot)",
        "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    ]
}

extension Harness {
    /// Waits until `loop` has finished `count` more passes (two make sure that one began after
    /// whatever the caller did last, such as moving the clock).
    func waitForPasses(_ loop: BackgroundPasses.Loop, _ count: Int = 2) async throws {
        let target = passes.finished(loop) + count
        try await eventually("\(count) passes of \(loop)") { passes.finished(loop) >= target }
    }
}
