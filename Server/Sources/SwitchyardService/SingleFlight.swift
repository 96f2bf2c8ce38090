import Synchronization

/// Runs one operation per key at a time: callers that ask for a key while its operation runs wait
/// for that operation's result instead of starting their own.
///
/// `GET /{code}` reads a link it has not cached through this, so a link opened by thousands of
/// people at once (a new campaign, every hot link after a restart) is read from the database
/// once, not once per open that arrived before the first read finished.
///
/// ```swift
/// let reads = SingleFlight<SmartLink?>()
/// let link = try await reads.run(key: code) { try await store.link(code: code) }
/// ```
///
/// A failure reaches every caller that waited for it, except a cancellation: when the task that
/// ran the operation is cancelled (its client went away), each waiter that is not cancelled
/// itself runs the operation again rather than failing with someone else's cancellation.
final class SingleFlight<Value: Sendable>: Sendable {
    /// One running operation and the callers waiting for it.
    private final class Flight: Sendable {
        private struct State {
            var result: Result<Value, any Error>?
            var waiters: [CheckedContinuation<Value, any Error>] = []
        }

        private let state = Mutex(State())

        /// The operation's result, once it has one.
        func value() async throws -> Value {
            try await withCheckedThrowingContinuation { waiter in
                let result = state.withLock { state -> Result<Value, any Error>? in
                    if state.result == nil { state.waiters.append(waiter) }
                    return state.result
                }
                if let result { waiter.resume(with: result) }
            }
        }

        /// The callers waiting for the result.
        var waiting: Int { state.withLock { $0.waiters.count } }

        func finish(_ result: Result<Value, any Error>) {
            let waiters = state.withLock { state in
                state.result = result
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(with: result) }
        }
    }

    private let flights = Striped<[String: Flight]> { [:] }

    /// The number of keys whose operation is running (for tests).
    var running: Int {
        var total = 0
        flights.forEach { total += $0.count }
        return total
    }

    /// The callers waiting for `key`'s running operation (for tests).
    func waiting(for key: String) -> Int {
        let flight = flights.withLock(hash: key.hashValue) { $0[key] }
        return flight?.waiting ?? 0
    }

    /// Runs `operation` for `key`, or waits for the one already running for it.
    func run(key: String, _ operation: () async throws -> Value) async throws -> Value {
        let hash = key.hashValue
        let (flight, leads) = flights.withLock(hash: hash) { flights -> (Flight, Bool) in
            if let running = flights[key] { return (running, false) }
            let flight = Flight()
            flights[key] = flight
            return (flight, true)
        }
        if leads {
            let result: Result<Value, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            flights.withLock(hash: hash) { flights in flights[key] = nil }
            flight.finish(result)
            return try result.get()
        }
        do {
            return try await flight.value()
        } catch is CancellationError where !Task.isCancelled {
            return try await run(key: key, operation)
        }
    }
}
