import Switchyard
import Synchronization

/// A navigator clock that moves only when a test advances it: a deadline passes when the test
/// says so, never after a wall-clock wait.
final class TestClock: Sendable {
    private struct Sleeper {
        let id: Int
        let until: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state = Mutex<(now: Duration, nextID: Int, sleepers: [Sleeper], cancelled: Set<Int>)>((.zero, 0, [], []))

    /// The clock to give the navigator.
    var clock: NavigatorClock {
        NavigatorClock(now: { [self] in state.withLock { $0.now } }, sleep: { [self] duration in try await sleep(duration) })
    }

    /// How many tasks sleep on the clock now.
    var sleeping: Int { state.withLock { $0.sleepers.count } }

    /// Moves time on, waking every sleeper whose time has come.
    func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now += duration
            let due = state.sleepers.filter { $0.until <= state.now }
            state.sleepers.removeAll { $0.until <= state.now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Waits (a bounded number of yields) until `count` tasks sleep on the clock.
    func waitForSleepers(_ count: Int) async {
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

/// A gate a destination waits on until the test opens it.
final class Latch: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Lets every waiter through, now and later.
    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until the latch is open (not cancellable: a destination that ignores cancellation).
    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }
}
