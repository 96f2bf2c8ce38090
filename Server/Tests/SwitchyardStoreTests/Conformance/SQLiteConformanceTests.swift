import Testing
@testable import SwitchyardStore

/// The conformance suite on the embedded SQLite store (always runs).
@Suite("SQLite store conformance")
struct SQLiteConformanceTests {
    @Test("SQLite passes", arguments: LinkStoreConformance.allCases)
    func conformance(_ check: LinkStoreConformance) async throws {
        try await check.run(on: .sqlite)
    }
}
