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
        // The operation ends only when this resumes it, whatever cancellation says: once the
        // caller has been answered, or 30 s in. A deadline that waited for it (a task group) would
        // answer after 30 s, not 0.2 s; the bound leaves room for a machine busy with a whole test
        // run and other builds (the cooperative pool was seen starved for 3.8 s there).
        let releaser = Task {
            try? await Task.sleep(for: .seconds(30))   // cut short once the caller was answered
            while pending.withLock({ $0 == nil }) { await Task.yield() }
            pending.withLock { $0?.resume(); $0 = nil }
        }
        let started = ContinuousClock.now
        let outcome = try await withDeadline(.milliseconds(200)) { () async -> Int in
            await withCheckedContinuation { continuation in pending.withLock { $0 = continuation } }
            return 1
        }
        let waited = started.duration(to: .now)
        releaser.cancel()
        await releaser.value
        guard case .timedOut = outcome else { Issue.record("got \(outcome)"); return }
        #expect(waited < .seconds(15), "the caller waited \(waited)")
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
