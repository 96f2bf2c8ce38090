import Foundation
import Logging
import Testing
@testable import SwitchyardStore

/// The PostgreSQL servers the process tests use, from the environment (CI sets them); a test whose
/// variable is unset is skipped with the reason.
enum PostgresEnvironment {
    /// `SWITCHYARD_POSTGRES_URL`: the shared test server (scripts/ci-postgres.sh).
    static let url = variable("SWITCHYARD_POSTGRES_URL")
    /// `SWITCHYARD_POSTGRES_FAULT_URL`: a server of its own that the fault test stops and starts
    /// (scripts/ci-postgres-faults.sh).
    static let faultURL = variable("SWITCHYARD_POSTGRES_FAULT_URL")
    /// `SWITCHYARD_POSTGRES_FAULT_CTL`: the command prefix that stops and starts it (`... stop`, `... start`).
    static let faultControl = variable("SWITCHYARD_POSTGRES_FAULT_CTL")

    static let skipped = "SWITCHYARD_POSTGRES_URL not set: PostgreSQL process tests skipped"
    static let faultsSkipped = "SWITCHYARD_POSTGRES_FAULT_URL or SWITCHYARD_POSTGRES_FAULT_CTL not set "
        + "(eval \"$(scripts/ci-postgres-faults.sh)\"): database-fault test skipped"

    private static func variable(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A schema of its own on a PostgreSQL server, so tests running at the same time do not see each
/// other's links; `switchyard serve` is pointed at it with `?schema=` and `drop()` removes it.
struct PostgresSchema: Sendable {
    /// The server's URL, as the environment gave it.
    let server: String
    /// The schema's name.
    let name: String

    init(server: String, prefix: String) {
        self.server = server
        name = prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
    }

    /// The `--database` value: the server's URL with `schema=NAME` added.
    var databaseURL: String { server + (server.contains("?") ? "&" : "?") + "schema=" + name }

    /// The test's own calls wait this long: a liveness bound (the store's default of 5 s is a
    /// service's setting, which a whole test run on two cores has overrun).
    static let timeout: Duration = .seconds(120)

    /// A store on the schema, for reading what the service stored.
    func open() throws -> PostgresLinkStore {
        try PostgresLinkStore(url: server, schema: name, timeout: Self.timeout, maximumConnections: 2, logger: Self.logger)
    }

    /// Drops the schema and everything in it.
    func drop() async throws {
        let admin = try PostgresLinkStore(url: server, timeout: Self.timeout, maximumConnections: 1, logger: Self.logger)
        do {
            try await admin.execute(unsafeSQL: "DROP SCHEMA IF EXISTS \(name) CASCADE")
        } catch {
            try? await admin.close()
            throw error
        }
        try await admin.close()
    }

    /// Warnings and worse only.
    static let logger: Logger = {
        var logger = Logger(label: "switchyard.command-tests.postgres")
        logger.logLevel = .warning
        return logger
    }()
}

/// The suites that run `switchyard serve` on PostgreSQL, one at a time: each loads the machine
/// (hundreds of creations, 100 concurrent redeems, a stopped cluster), and the store suites that
/// run beside them on 2 cores must still answer within their 5 s time limit.
@Suite(.serialized) enum PostgresProcessTests {}
