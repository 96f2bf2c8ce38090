import Testing
@testable import SwitchyardStore

/// The conformance suite on the in-memory store the HTTP tests use (always runs).
@Suite("In-memory store conformance")
struct InMemoryConformanceTests {
    @Test("In memory passes", arguments: LinkStoreConformance.allCases)
    func conformance(_ check: LinkStoreConformance) async throws {
        try await check.run(on: .memory)
    }
}

/// The conformance suite on the embedded SQLite store (always runs).
@Suite("SQLite store conformance")
struct SQLiteConformanceTests {
    @Test("SQLite passes", arguments: LinkStoreConformance.allCases)
    func conformance(_ check: LinkStoreConformance) async throws {
        try await check.run(on: .sqlite)
    }
}

/// The conformance suite on PostgreSQL: needs `SWITCHYARD_POSTGRES_URL` (CI sets it); serialized
/// so the tests never exhaust the server's connections.
@Suite(
    "PostgreSQL store conformance",
    .serialized,
    .enabled(if: Backend.postgresURL != nil, "SWITCHYARD_POSTGRES_URL not set: PostgreSQL suite skipped"))
struct PostgresConformanceTests {
    @Test("PostgreSQL passes", arguments: LinkStoreConformance.allCases)
    func conformance(_ check: LinkStoreConformance) async throws {
        try await check.run(on: .postgres)
    }
}
