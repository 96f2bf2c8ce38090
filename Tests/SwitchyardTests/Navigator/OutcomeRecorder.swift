import Switchyard
import Synchronization

/// Collects what a navigator reports to `onOutcome`, for tests that assert every link's fate.
final class OutcomeRecorder: Sendable {
    private let outcomes = Mutex<[String]>([])

    /// Installs itself as the navigator's outcome hook.
    init(_ navigator: Navigator) {
        navigator.onOutcome = { [self] outcome in outcomes.withLock { $0.append("\(outcome)") } }
    }

    /// Every outcome so far, in the order reported.
    var all: [String] { outcomes.withLock { $0 } }

    /// Waits (a bounded number of yields) until `count` outcomes were reported by background tasks.
    func wait(for count: Int) async -> [String] {
        for _ in 0..<20_000 where all.count < count { await Task.yield() }
        return all
    }
}
