import Testing
@testable import SwitchyardStore

/// The conformance suite on PostgreSQL: needs `SWITCHYARD_POSTGRES_URL` (CI sets it); serialized
/// so the tests never exhaust the server's connections.
@Suite(
    "PostgreSQL store conformance",
    .serialized,
    .needsPostgres)
struct PostgresConformanceTests {
    @Test("PostgreSQL passes", arguments: LinkStoreConformance.allCases)
    func conformance(_ check: LinkStoreConformance) async throws {
        try await check.run(on: .postgres)
    }
}
