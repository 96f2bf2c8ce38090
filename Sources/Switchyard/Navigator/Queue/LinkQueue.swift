/// The order links run in: see ``Navigator/ordering``.
public enum LinkOrdering: Sendable, Hashable {
    /// Each link waits until the ones that came before it have finished (the default): two quick
    /// taps open one after the other, in the order they came.
    case arrivalOrder
    /// A new link cancels the link in flight and every link still waiting
    /// (``RoutingOutcome/cancelled(_:)``), then runs: only the latest tap lands.
    case latestWins
}

/// A link the navigator took, waiting its turn or running.
struct QueuedLink: Sendable {
    let id: UInt64
    let arrival: Navigator.Arrival
    /// The link the decision resolved, run as it is unless the routers changed since.
    let link: DeepLink
    /// The router that took it, with the snapshot the link was resolved against; nil for a short
    /// link of the service (resolved when it runs).
    let taker: Navigator.Taker?
    /// The routers it was decided against.
    let routers: [Router]
    /// Where its outcome goes once it has run.
    let promise = OutcomePromise()
}

/// The navigator's queue: links waiting, the one in flight, whether a task is draining it, and
/// who waits for it to be empty.
struct LinkQueue {
    var nextID: UInt64 = 0
    var waiting: [QueuedLink] = []
    var inFlight: (id: UInt64, race: LinkRace, link: DeepLink, input: String)?
    var draining = false
    var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Whether a link that arrived as `input` waits in the queue or runs now.
    func holds(_ input: String) -> Bool {
        inFlight?.input == input || waiting.contains { $0.arrival.input == input }
    }
}

/// An input whose link finished a moment ago, for ``Navigator/duplicateWindow``.
struct RecentArrival {
    let input: String
    /// When its link finished.
    let at: Duration
}

/// An outcome that arrives later, awaited by any number of callers.
final class OutcomePromise: Sendable {
    private let state = Locked<(outcome: RoutingOutcome?, waiters: [CheckedContinuation<RoutingOutcome, Never>])>((nil, []))

    /// Delivers the outcome to every caller waiting and to every later one; only the first counts.
    func fulfil(_ outcome: RoutingOutcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<RoutingOutcome, Never>] in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// The outcome, once there is one.
    var value: RoutingOutcome {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> RoutingOutcome? in
                    if state.outcome == nil { state.waiters.append(continuation) }
                    return state.outcome
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

/// One link's run against its deadline and against a newer link: whichever finishes first gives
/// the outcome, and the tasks still running (the link's own, the timer) are cancelled.
final class LinkRace: Sendable {
    private let state = Locked<(outcome: RoutingOutcome?, continuation: CheckedContinuation<RoutingOutcome, Never>?,
                                tasks: [Task<Void, Never>])>((nil, nil, []))

    /// Waits for the first outcome (at once when one came already).
    func begin(_ continuation: CheckedContinuation<RoutingOutcome, Never>) {
        let early = state.withLock { state -> RoutingOutcome? in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        if let early { continuation.resume(returning: early) }
    }

    /// A task to cancel when the race ends (cancelled at once when it has ended).
    func add(_ task: Task<Void, Never>) {
        let ended = state.withLock { state -> Bool in
            if state.outcome == nil { state.tasks.append(task) }
            return state.outcome != nil
        }
        if ended { task.cancel() }
    }

    /// Ends the race with this outcome, unless it has ended.
    ///
    /// - Returns: whether this outcome is the race's.
    @discardableResult
    func finish(_ outcome: RoutingOutcome) -> Bool {
        let ended = state.withLock { state -> (CheckedContinuation<RoutingOutcome, Never>?, [Task<Void, Never>])? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { (state.continuation, state.tasks) = (nil, []) }
            return (state.continuation, state.tasks)
        }
        guard let (continuation, tasks) = ended else { return false }
        continuation?.resume(returning: outcome)
        for task in tasks { task.cancel() }
        return true
    }
}
