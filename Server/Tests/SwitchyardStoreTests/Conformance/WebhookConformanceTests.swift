import Testing
@testable import SwitchyardStore

/// The webhook conformance cases on each back end (PostgreSQL when `SWITCHYARD_POSTGRES_URL` is set).
@Suite("Webhook store conformance")
struct WebhookConformanceTests {
    @Test("In memory", arguments: WebhookStoreConformance.allCases)
    func memory(_ check: WebhookStoreConformance) async throws { try await check.run(on: .memory) }

    @Test("SQLite", arguments: WebhookStoreConformance.allCases)
    func sqlite(_ check: WebhookStoreConformance) async throws { try await check.run(on: .sqlite) }
}
