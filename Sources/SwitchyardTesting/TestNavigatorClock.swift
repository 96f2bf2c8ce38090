public import Switchyard

/// A ``NavigatorClock`` that moves only when the test advances it: a link's deadline
/// (``Navigator/linkDeadline``) and the duplicate window (``Navigator/duplicateWindow``) pass when
/// the test says so, never after a wall-clock wait.
///
/// ```swift
/// let clock = TestNavigatorClock()
/// let navigator = Navigator(routers: [router], clock: clock.clock)
/// navigator.handle("shop://orders/7")
/// clock.advance(by: .seconds(3))   // past the duplicate window
/// ```
public final class TestNavigatorClock: Sendable {
    private struct Sleeper {
        let id: Int
        let until: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state = Locked<(now: Duration, nextID: Int, sleepers: [Sleeper], cancelled: Set<Int>)>((.zero, 0, [], []))

    /// Creates a clock at time zero.
    public init() {}

    /// The clock to give the navigator.
    public var clock: NavigatorClock {
        NavigatorClock(now: { [self] in state.withLock { $0.now } }, sleep: { [self] duration in try await sleep(duration) })
    }

    /// The time elapsed since the clock was created, as the test moved it.
    public var now: Duration { state.withLock { $0.now } }

    /// How many tasks sleep on the clock now (a link running against its deadline is one).
    public var sleeping: Int { state.withLock { $0.sleepers.count } }

    /// Moves time on, waking every sleeper whose time has come.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now += duration
            let due = state.sleepers.filter { $0.until <= state.now }
            state.sleepers.removeAll { $0.until <= state.now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Waits (a bounded number of yields) until `count` tasks sleep on the clock: a link started
    /// in a background task has begun running against its deadline.
    public func waitForSleepers(_ count: Int) async {
        for _ in 0..<20_000 where sleeping < count { await Task.yield() }
    }

    private func sleep(_ duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.cancelled.remove(id) != nil { return true }
                    state.sleepers.append(Sleeper(id: id, until: state.now + duration, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
