import Testing
@testable import SwitchyardStore

/// Serialized, as the other PostgreSQL suites, so the tests never exhaust the server's connections.
@Suite(
    "Webhook store conformance on PostgreSQL",
    .serialized,
    .needsPostgres)
struct PostgresWebhookConformanceTests {
    @Test("PostgreSQL", arguments: WebhookStoreConformance.allCases)
    func postgres(_ check: WebhookStoreConformance) async throws { try await check.run(on: .postgres) }
}
