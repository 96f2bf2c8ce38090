import Synchronization

/// What ``withDeadline(_:_:)`` gives back: the operation's value, or the news that the deadline
/// passed first.
package enum DeadlineOutcome<T: Sendable>: Sendable {
    case value(T)
    case timedOut
}

/// Runs `operation` in a task of its own and returns its value, or `.timedOut` as soon as
/// `timeout` has passed, **without waiting for the operation to end**: it is cancelled and left
/// to finish on its own. A task group would wait for it, and a PostgreSQL query in flight when
/// the server shuts down does not always end on cancellation (the fault test saw requests hang
/// past 30 s). Cancelling the caller cancels the operation and throws `CancellationError`.
package func withDeadline<T: Sendable>(_ timeout: Duration,
                               _ operation: @escaping @Sendable () async throws -> T) async throws -> DeadlineOutcome<T> {
    let race = DeadlineRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.start(continuation, timeout: timeout, operation: operation)
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The operation and the timer of one ``withDeadline(_:_:)`` call; the first to finish resumes
/// the caller and cancels the other.
final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<DeadlineOutcome<T>, any Error>?
        var tasks: [Task<Void, Never>] = []
        var finished = false
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<DeadlineOutcome<T>, any Error>, timeout: Duration,
               operation: @escaping @Sendable () async throws -> T) {
        let cancelledAlready = state.withLock { state in
            if state.finished { return true }
            state.continuation = continuation
            return false
        }
        if cancelledAlready {
            continuation.resume(throwing: CancellationError())
            return
        }
        let work = Task {
            do {
                finish(.success(.value(try await operation())))
            } catch {
                finish(.failure(error))
            }
        }
        let timer = Task {
            do { try await Task.sleep(for: timeout) } catch { return }
            finish(.success(.timedOut))
        }
        let finishedMeanwhile = state.withLock { state in
            if state.finished { return true }
            state.tasks = [work, timer]
            return false
        }
        if finishedMeanwhile {
            work.cancel()
            timer.cancel()
        }
    }

    /// Resumes the caller with `result` unless something finished first; cancels the tasks.
    func finish(_ result: Result<DeadlineOutcome<T>, any Error>) {
        let (continuation, tasks) = state.withLock { state in
            guard !state.finished else { return (CheckedContinuation<DeadlineOutcome<T>, any Error>?.none, [Task<Void, Never>]()) }
            state.finished = true
            defer {
                state.continuation = nil
                state.tasks = []
            }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: result)
    }
}
