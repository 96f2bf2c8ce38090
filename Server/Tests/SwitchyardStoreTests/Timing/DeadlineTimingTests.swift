import Foundation
import Synchronization
import Testing
@testable import SwitchyardStore

extension TimingTests {
    /// `withDeadline` measured: the caller is answered at the deadline, within a bound that a
    /// starved cooperative pool would break (a timing suite: see ``TimingTests``).
    @Suite struct DeadlineTimingTests {
        @Test func anOperationThatIgnoresCancellationDoesNotHoldTheCaller() async throws {
            let pending = Mutex<CheckedContinuation<Void, Never>?>(nil)
            // The operation ends only when this resumes it, whatever cancellation says: once the
            // caller has been answered, or 30 s in. A deadline that waited for it (a task group) would
            // answer after 30 s, not 0.2 s.
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
            #expect(waited < .seconds(1.5), "the caller waited \(waited)")
        }
    }
}
