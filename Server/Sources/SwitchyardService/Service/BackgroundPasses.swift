import Synchronization

/// How many passes each timed background service has finished: a test hook, so that a test waits
/// for "two sweeps after I moved the clock" instead of sleeping and hoping the loop ran (on a
/// loaded machine it may not have).
package final class BackgroundPasses: Sendable {
    /// The timed background services.
    package enum Loop: Sendable, Hashable {
        case deferredSweep
        case expirySweep
        case variantDecision
    }

    private let counts = Mutex<[Loop: Int]>([:])

    package init() {}

    /// Passes of `loop` finished so far.
    package func finished(_ loop: Loop) -> Int {
        counts.withLock { $0[loop, default: 0] }
    }

    /// Counts one finished pass of `loop`.
    func count(_ loop: Loop) {
        counts.withLock { $0[loop, default: 0] += 1 }
    }
}
