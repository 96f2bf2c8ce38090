import Testing

/// The cases of a conformance suite (``LinkStoreConformance``, ``WebhookStoreConformance``): each
/// names one check, and the suites run every case against a fresh database of each back end.
protocol ConformanceCase: RawRepresentable<String>, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Runs this case's check on `database`.
    func check(_ database: TestDatabase) async throws
}

extension ConformanceCase {
    var testDescription: String { rawValue }

    /// Runs this check against a fresh database of `backend`.
    func run(on backend: Backend) async throws {
        try await TestDatabase.with(backend) { database in try await check(database) }
    }
}
