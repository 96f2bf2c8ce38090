import Foundation
import Synchronization
import Testing
@testable import SwitchyardStore

/// `withDeadline`: the caller gets its answer at the deadline even when the operation ignores
/// cancellation (as a PostgreSQL query left in flight by a stopping server can).
@Suite struct DeadlineTests {
    struct Refused: Error, Equatable {}

    @Test func aValueInTimeIsReturned() async throws {
        let outcome = try await withDeadline(.seconds(5)) { 42 }
        guard case .value(42) = outcome else { Issue.record("got \(outcome)"); return }
    }

    @Test func anErrorInTimeIsThrown() async {
        await #expect(throws: Refused()) {
            _ = try await withDeadline(.seconds(5)) { () async throws -> Int in throw Refused() }
        }
    }

    @Test func cancellingTheCallerCancelsTheWait() async throws {
        let task = Task {
            try await withDeadline(.seconds(30)) { () async throws -> Int in
                try await Task.sleep(for: .seconds(30))
                return 1
            }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }
}
