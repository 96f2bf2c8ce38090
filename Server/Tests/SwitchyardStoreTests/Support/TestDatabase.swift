import Foundation
import Logging
import Synchronization
import Testing
@testable import SwitchyardStore

/// A back end the conformance suite runs against.
enum Backend: String, Sendable {
    case memory
    case sqlite
    case postgres

    /// The server the PostgreSQL tests use; nil skips them.
    static let postgresURL = ProcessInfo.processInfo.environment["SWITCHYARD_POSTGRES_URL"]
        .flatMap { $0.isEmpty ? nil : $0 }
}

extension Trait where Self == ConditionTrait {
    /// Skips a suite or test unless `SWITCHYARD_POSTGRES_URL` names a server (CI sets it).
    static var needsPostgres: Self {
        .enabled(if: Backend.postgresURL != nil, "SWITCHYARD_POSTGRES_URL not set: PostgreSQL suite skipped")
    }
}

/// One isolated database for one test (a temporary SQLite file, or a PostgreSQL schema of its
/// own), opened as many times as the test likes; everything is closed and removed afterwards.
final class TestDatabase: Sendable {
    let backend: Backend
    /// The SQLite file, or the PostgreSQL schema.
    let location: String
    private let directory: URL?
    private let opened = Mutex<[any LinkStore]>([])
    /// The in-memory back end's one instance: every `open()` of this database is the same store.
    private let memory = InMemoryLinkStore()

    private init(backend: Backend) throws {
        self.backend = backend
        let unique = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        switch backend {
        case .memory:
            directory = nil
            location = "memory"
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-store-\(unique)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            self.directory = directory
            location = directory.appendingPathComponent("links.sqlite").path
        case .postgres:
            directory = nil
            location = "t_\(unique.prefix(20))"
        }
    }

    /// Runs `body` with a fresh database of `backend`, then closes every store it opened and
    /// removes the database.
    static func with(_ backend: Backend, _ body: (TestDatabase) async throws -> Void) async throws {
        let database = try TestDatabase(backend: backend)
        do {
            try await body(database)
        } catch {
            try? await database.tearDown()
            throw error
        }
        try await database.tearDown()
    }

    /// A new store instance on this database, migrated unless told otherwise; closed at the end
    /// of the test unless `tracked` is false (then it is simply dropped).
    func open(migrate: Bool = true, tracked: Bool = true) async throws -> any LinkStore {
        let store: any LinkStore = switch backend {
        case .memory: memory
        case .sqlite: try SQLiteLinkStore(path: location)
        case .postgres: try PostgresLinkStore(url: Backend.postgresURL ?? "", schema: location, timeout: Self.timeout,
                                              maximumConnections: 8, logger: Self.logger)
        }
        if tracked { opened.withLock { $0.append(store) } }
        if migrate { try await store.migrate() }
        return store
    }

    /// How long one PostgreSQL call may take in the tests, a liveness bound: the service's 5 s default
    /// is a production setting, which a loaded 2-core machine running every suite at once can miss.
    static let timeout: Duration = .seconds(120)

    /// Warnings and worse only: closing a store mid-connect logs at info.
    static let logger: Logger = {
        var logger = Logger(label: "switchyard.store.test")
        logger.logLevel = .warning
        return logger
    }()

    private func tearDown() async throws {
        for store in opened.withLock({ stores in defer { stores = [] }; return stores }) {
            try await store.close()
        }
        switch backend {
        case .memory:
            break
        case .sqlite:
            if let directory { try FileManager.default.removeItem(at: directory) }
        case .postgres:
            let admin = try PostgresLinkStore(url: Backend.postgresURL ?? "", timeout: Self.timeout, logger: Self.logger)
            try await admin.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(location) CASCADE")
            try await admin.close()
        }
    }
}
