extension Navigator {
    /// A link offered to ``admit(_:dropsRepeats:)``, or one refused before it could be offered (a
    /// user activity without a link), whose outcome is reported in its place.
    enum Offer {
        case link(Arrival)
        case refused(RoutingOutcome)
    }

    /// What became of one offer: answered at once (refused, a repeat, held until ready), or queued
    /// to run, its outcome to come.
    enum Admission {
        case answered(RoutingOutcome)
        case queued(OutcomePromise)

        /// Whether the navigator took the offer: the `Bool` a `handle` call answers.
        var taken: Bool {
            switch self {
            case .answered(let outcome): outcome.handled
            case .queued: true
            }
        }
    }

    /// The link running now on this task, if any: a link routed from inside it runs at once.
    @TaskLocal static var running: ObjectIdentifier?

    /// The one way in for every link: decides each offer at once, in order. A refusal is reported;
    /// a repeat within ``duplicateWindow`` (when `dropsRepeats`) is reported as a duplicate; a
    /// taken link joins the queue (reported as held until ready when the navigator is not ready)
    /// and runs in its turn.
    func admit(_ offers: [Offer], dropsRepeats: Bool) -> [Admission] {
        let now = clock.now()
        var reports: [RoutingOutcome] = []
        var cancelled: [QueuedLink] = []
        var race: LinkRace?
        let admissions = state.withLock { state -> [Admission] in
            state.recent.removeAll { now - $0.at >= state.duplicateWindow }
            return offers.map { offer in
                guard case .link(let arrival) = offer else {
                    if case .refused(let outcome) = offer { reports.append(outcome); return .answered(outcome) }
                    preconditionFailure("an offer is a link or a refusal")
                }
                let (link, router): (DeepLink, Router?)
                switch Self.decision(arrival, routers: state.routers, smartLinks: state.smartLinks) {
                case .refuse(let outcome):
                    reports.append(outcome)
                    return .answered(outcome)
                case .take(let taken, let taker):
                    (link, router) = (taken, taker)
                }
                if dropsRepeats {
                    if state.recent.contains(where: { $0.input == arrival.input && $0.source == arrival.source }) {
                        reports.append(.duplicate(link))
                        return .answered(.duplicate(link))
                    }
                    state.recent.append(RecentArrival(input: arrival.input, source: arrival.source, at: now))
                }
                if state.ordering == .latestWins {
                    cancelled += state.queue.waiting
                    state.queue.waiting = []
                    race = state.queue.inFlight?.race
                }
                state.queue.nextID += 1
                let entry = QueuedLink(id: state.queue.nextID, arrival: arrival, link: link, router: router,
                                       routers: state.routers)
                state.queue.waiting.append(entry)
                guard state.isReady else {
                    reports.append(.heldUntilReady(link))
                    return .answered(.heldUntilReady(link))
                }
                return .queued(entry.promise)
            }
        }
        for entry in cancelled {
            report(.cancelled(entry.link))
            entry.promise.fulfil(.cancelled(entry.link))
        }
        race.map(cancelInFlight)
        for outcome in reports { report(outcome) }
        startDraining()
        return admissions
    }

    /// Ends the link in flight as cancelled (a newer link came under ``LinkOrdering/latestWins``).
    private func cancelInFlight(_ race: LinkRace) {
        let link = state.withLock { $0.queue.inFlight.flatMap { $0.race === race ? $0.link : nil } }
        if let link { race.finish(.cancelled(link)) }
    }

    /// Starts a task that runs the queue, unless one runs it or the navigator is not ready.
    func startDraining() {
        let start = state.withLock { state -> Bool in
            guard state.isReady, !state.queue.draining, !state.queue.waiting.isEmpty else { return false }
            state.queue.draining = true
            return true
        }
        if start { Task { await drain() } }
    }

    /// Runs the queued links one at a time, in order, while the navigator is ready; each outcome
    /// is reported, then handed to whoever awaits it.
    private func drain() async {
        while true {
            let step = state.withLock { state -> Result<(QueuedLink, LinkRace), IdleWaiters> in
                guard state.isReady, !state.queue.waiting.isEmpty else {
                    state.queue.draining = false
                    defer { state.queue.idleWaiters = [] }
                    return .failure(IdleWaiters(continuations: state.queue.idleWaiters))
                }
                let next = state.queue.waiting.removeFirst()
                let race = LinkRace()
                state.queue.inFlight = (next.id, race, next.link)
                return .success((next, race))
            }
            switch step {
            case .failure(let idle):
                for waiter in idle.continuations { waiter.resume() }
                return
            case .success(let (entry, race)):
                let outcome = await run(entry, in: race)
                state.withLock { $0.queue.inFlight = nil }
                report(outcome)
                entry.promise.fulfil(outcome)
            }
        }
    }

    /// Who waits for the queue to be empty, handed out when it is.
    struct IdleWaiters: Error {
        let continuations: [CheckedContinuation<Void, Never>]
    }

    /// Starts the queue and waits until it is empty (or the navigator stops being ready).
    func waitUntilIdle() async {
        startDraining()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                let idle = !state.queue.draining && (state.queue.waiting.isEmpty || !state.isReady)
                if !idle { state.queue.idleWaiters.append(continuation) }
                return idle
            }
            if idle { continuation.resume() }
        }
    }

    /// Runs one link in a task of its own, against ``linkDeadline`` and a newer link: the first
    /// outcome wins, and the link's task is cancelled when it lost.
    private func run(_ entry: QueuedLink, in race: LinkRace) async -> RoutingOutcome {
        let deadline = state.withLock { $0.linkDeadline }
        let id = ObjectIdentifier(self)
        return await withCheckedContinuation { continuation in
            race.begin(continuation)
            race.add(Task {
                let outcome = await Self.$running.withValue(id) { await self.execute(entry) }
                race.finish(outcome)
            })
            if let deadline {
                race.add(Task { [clock] in
                    do { try await clock.sleep(deadline) } catch { return }
                    race.finish(.timedOut(entry.link))
                })
            }
        }
    }

    /// Runs a taken link: through the router that took it, as it was resolved, or decided again
    /// when the routers changed since; a short link of the service is resolved first. A link a
    /// gate holds is kept by the navigator (``heldLinks``).
    func execute(_ entry: QueuedLink) async -> RoutingOutcome {
        let (routers, smartLinks) = state.withLock { ($0.routers, $0.smartLinks) }
        var (link, router) = (entry.link, entry.router)
        if !Self.same(routers, entry.routers) {
            switch Self.decision(entry.arrival, routers: routers, smartLinks: smartLinks) {
            case .refuse(let outcome): return outcome
            case .take(let taken, let taker): (link, router) = (taken, taker)
            }
        }
        guard let router else {
            guard let smartLinks, let code = link.smartLink?.code else { return .unhandled(link) }
            return await routeSmartLink(code: code, link: link, routing: smartLinks, routers: routers)
        }
        return keep(await router.route(resolved: link, keepsHeld: false), heldBy: router)
    }

    /// Whether two router lists are the same routers, in the same order.
    static func same(_ first: [Router], _ second: [Router]) -> Bool {
        first.count == second.count && zip(first, second).allSatisfy { $0 === $1 }
    }

    /// A short link of the configured service: resolved by the service, then routed as its deep
    /// link with the link's metadata and source ``LinkSource/smartLink`` (``LinkSource/deferred``
    /// when it came through an install). When it cannot be resolved, the outcome says why
    /// (``RoutingOutcome/unresolvedSmartLink(_:_:)``), or the routers' default route takes it when
    /// the routing asks for that.
    private func routeSmartLink(code: String, link unresolved: DeepLink, routing: SmartLinkRouting,
                                routers: [Router]) async -> RoutingOutcome {
        let failure: SmartLinkError
        do {
            let resolved = try await routing.client.resolve(code: code)
            let arrival = Arrival(input: resolved.url, source: unresolved.source, metadata: resolved.metadata,
                                  smartLink: resolved.smartLink)
            switch Self.decision(arrival, routers: routers, smartLinks: nil) {
            case .refuse(let outcome): return outcome
            case .take(let link, let router):
                guard let router else { return .unhandled(link) }
                return keep(await router.route(resolved: link, keepsHeld: false), heldBy: router)
            }
        } catch {
            failure = error
        }
        if routing.onFailure == .openDefaultRoute {
            for router in routers {
                let outcome = await router.route(resolved: unresolved, keepsHeld: false)
                if case .unhandled = outcome { continue }
                return keep(outcome, heldBy: router)
            }
        }
        return .unresolvedSmartLink(unresolved, failure)
    }
}
