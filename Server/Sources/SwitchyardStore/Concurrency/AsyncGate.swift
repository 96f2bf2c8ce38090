import Synchronization

/// Lets at most a fixed number of tasks run a body at once; the others wait for a turn without
/// blocking a thread, and get it in the order they came.
///
/// The SQLite store reads through a gate as wide as GRDB's reader pool: GRDB waits for a free
/// reader on a `DispatchSemaphore`, blocking the thread, so with the gate in front a read never
/// waits there (``SQLiteLinkStore``).
///
/// ```swift
/// let gate = AsyncGate(limit: 5)
/// let link = try await gate.run { try await pool.read { db in try fetch(db) } }
/// ```
package final class AsyncGate: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// The first waiter not yet resumed (the array is compacted when it is all resumed).
        var head = 0
    }

    private let state: Mutex<State>

    /// A gate that lets `limit` bodies (at least one) run at once.
    package init(limit: Int) {
        state = Mutex(State(available: max(1, limit)))
    }

    /// Runs `body` once fewer than the limit are running.
    package func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    /// How many bodies may start now without waiting (for tests).
    var available: Int { state.withLock { $0.available } }

    /// How many callers are waiting for a turn (for tests).
    var waiting: Int { state.withLock { $0.waiters.count - $0.head } }

    private func enter() async {
        let admitted = state.withLock { state -> Bool in
            guard state.available > 0 else { return false }
            state.available -= 1
            return true
        }
        if admitted { return }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let admittedNow = state.withLock { state -> Bool in
                if state.available > 0 {
                    state.available -= 1
                    return true
                }
                state.waiters.append(waiter)
                return false
            }
            if admittedNow { waiter.resume() }
        }
    }

    /// Hands the turn to the longest waiter, or gives it back.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.head < state.waiters.count else {
                state.available += 1
                return nil
            }
            let waiter = state.waiters[state.head]
            state.head += 1
            if state.head == state.waiters.count {
                state.waiters.removeAll(keepingCapacity: true)
                state.head = 0
            }
            return waiter
        }
        next?.resume()
    }
}
