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
