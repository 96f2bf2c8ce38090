/// The first-launch check in flight, shared by the copies of one ``DeferredLinks``: a call made
/// while another runs waits for that one's outcome instead of running a second check (a second
/// pasteboard read, a second resolve of the kept link, a second open).
package final class DeferredCheckFlight: Sendable {
    /// nil while no check runs; otherwise the calls waiting for the running one's outcome.
    private let waiters = Locked<[CheckedContinuation<DeferredLinks.Outcome?, Never>]?>(nil)

    /// Runs `check`, or, while another call's check runs, waits for that one's outcome. The first
    /// caller runs the check in its own task (its cancellation applies); the others resume with
    /// its outcome.
    package func run(_ check: () async -> DeferredLinks.Outcome) async -> DeferredLinks.Outcome {
        let joined: DeferredLinks.Outcome? = await withCheckedContinuation { continuation in
            let leads = waiters.withLock { waiting -> Bool in
                guard waiting != nil else {
                    waiting = []
                    return true
                }
                waiting?.append(continuation)
                return false
            }
            if leads { continuation.resume(returning: nil) }
        }
        if let joined { return joined }
        let outcome = await check()
        let waiting = waiters.withLock { waiting in
            defer { waiting = nil }
            return waiting ?? []
        }
        for waiter in waiting { waiter.resume(returning: outcome) }
        return outcome
    }

    /// How many calls wait for the running check (for tests).
    package var waiting: Int {
        waiters.withLock { $0?.count ?? 0 }
    }
}
