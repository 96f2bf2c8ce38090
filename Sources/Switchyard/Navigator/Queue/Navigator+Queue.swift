extension Navigator {
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
                state.queue.inFlight = (next.id, race, next.link, next.arrival.input)
                return .success((next, race))
            }
            switch step {
            case .failure(let idle):
                for waiter in idle.continuations { waiter.resume() }
                return
            case .success(let (entry, race)):
                let outcome = await run(entry, in: race)
                state.withLock { $0.queue.inFlight = nil }
                settle(entry, outcome)
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

    /// Runs a taken link: through the router that took it, as it was resolved and on the snapshot
    /// of the router's table and destinations it was resolved against (a registration made since
    /// does not change where it goes), or decided again when the navigator's routers changed since; a short link of the service is resolved first. A link a
    /// gate holds is kept by the navigator (``heldLinks``).
    func execute(_ entry: QueuedLink) async -> RoutingOutcome {
        let (routers, smartLinks) = state.withLock { ($0.routers, $0.smartLinks) }
        var (link, taker) = (entry.link, entry.taker)
        if !Self.same(routers, entry.routers) {
            switch Self.decision(entry.arrival, routers: routers, smartLinks: smartLinks) {
            case .refuse(let outcome): return outcome
            case .take(let taken, let takenBy): (link, taker) = (taken, takenBy)
            }
        }
        guard let taker else {
            guard let smartLinks, let code = link.smartLink?.code else { return .unhandled(link) }
            return await routeSmartLink(code: code, link: link, routing: smartLinks, routers: routers,
                                        unresolved: entry.arrival.unresolved, password: entry.arrival.password)
        }
        return keep(await taker.run(link), heldBy: taker.router)
    }

    /// Whether two router lists are the same routers, in the same order.
    static func same(_ first: [Router], _ second: [Router]) -> Bool {
        first.count == second.count && zip(first, second).allSatisfy { $0 === $1 }
    }

    /// A short link of the configured service: resolved by the service, then routed as its deep
    /// link with the link's metadata and source ``LinkSource/smartLink`` (``LinkSource/deferred``
    /// when it came through an install). When it cannot be resolved, the outcome says why
    /// (``RoutingOutcome/unresolvedSmartLink(_:_:)``), or the routers' default route takes it when
    /// the routing asks for that, except for a link that asks for a password: only the user can
    /// answer that, so the app gets the outcome. A link whose failure is already known is not
    /// resolved again.
    private func routeSmartLink(code: String, link unresolved: DeepLink, routing: SmartLinkRouting, routers: [Router],
                                unresolved known: SmartLinkError?, password: String?) async -> RoutingOutcome {
        let failure: SmartLinkError
        do throws(SmartLinkError) {
            if let known { throw known }
            let resolved = try await routing.client.resolve(code: code, password: password)
            let arrival = Arrival(input: resolved.url, source: unresolved.source, metadata: resolved.metadata,
                                  smartLink: resolved.smartLink)
            switch Self.decision(arrival, routers: routers, smartLinks: nil) {
            case .refuse(let outcome): return outcome
            case .take(let link, let taker):
                guard let taker else { return .unhandled(link) }
                return keep(await taker.run(link), heldBy: taker.router)
            }
        } catch {
            failure = error
        }
        if routing.onFailure == .openDefaultRoute, !failure.asksForPassword {
            for router in routers {
                let outcome = await router.route(unresolved: unresolved, keepsHeld: false)
                if case .unhandled = outcome { continue }
                return keep(outcome, heldBy: router)
            }
        }
        return .unresolvedSmartLink(unresolved, failure)
    }
}
