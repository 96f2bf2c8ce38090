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

    @Test func anOperationThatIgnoresCancellationDoesNotHoldTheCaller() async throws {
        let pending = Mutex<CheckedContinuation<Void, Never>?>(nil)
        // The operation ends only when this resumes it, 5 s in, whatever cancellation says; a
        // deadline that waited for it (a task group) would answer after 5 s, not 0.2 s. The bound
        // leaves room for a machine busy with other builds.
        let releaser = Task {
            try? await Task.sleep(for: .seconds(5))
            while pending.withLock({ $0 == nil }) { await Task.yield() }
            pending.withLock { $0?.resume(); $0 = nil }
        }
        let started = ContinuousClock.now
        let outcome = try await withDeadline(.milliseconds(200)) { () async -> Int in
            await withCheckedContinuation { continuation in pending.withLock { $0 = continuation } }
            return 1
        }
        let waited = started.duration(to: .now)
        guard case .timedOut = outcome else { Issue.record("got \(outcome)"); return }
        #expect(waited < .seconds(3.5), "the caller waited \(waited)")
        await releaser.value
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
