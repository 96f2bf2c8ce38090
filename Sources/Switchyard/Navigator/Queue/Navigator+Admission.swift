extension Navigator {
    /// Who offers links to ``admit(_:from:)``.
    enum Entry: Equatable {
        /// A system callback that must answer a `Bool` at once (every `handle`): a repeat of a link
        /// still waiting, running or held, or finished within ``duplicateWindow``, is dropped.
        case system
        /// The app, which awaits the outcome (``route(_:source:metadata:)``, ``navigate(to:parameters:query:)``,
        /// ``openPendingLink()``, deferred links): repeats are kept, and a link offered from inside
        /// a running link's destination runs at once, inside it.
        case app
    }

    /// A link offered to ``admit(_:from:)``, or one refused before it could be offered (a user
    /// activity without a link, a route whose URL cannot be built), whose outcome is reported in
    /// its place.
    enum Offer {
        case link(Arrival)
        case refused(RoutingOutcome)
    }

    /// What became of one offer: answered at once (refused, a repeat, held until ready), queued
    /// to run, its outcome to come, or taken to run at once inside the running link.
    enum Admission {
        case answered(RoutingOutcome)
        case queued(OutcomePromise)
        case inline(QueuedLink)

        /// Whether the navigator took the offer: the `Bool` a `handle` call answers.
        var taken: Bool {
            switch self {
            case .answered(let outcome): outcome.handled
            case .queued, .inline: true
            }
        }
    }

    /// The link running now on this task, if any: a link the app routes from inside it runs at once.
    @TaskLocal static var running: ObjectIdentifier?

    /// The one way in for every link, whichever entry point it came through (URLs, user
    /// activities, notifications, quick actions, launches, the app's own routing, deferred links):
    /// decides each offer at once, in order. A refusal is reported; from a system callback, a
    /// repeat (``duplicateWindow``) is reported as a duplicate; a taken link joins the queue
    /// (reported as held until ready when the navigator is not ready) and runs in its turn
    /// through its router's filters, handlers and destination, its outcome reported when it has
    /// run. Under ``LinkOrdering/latestWins`` it cancels the links before it.
    func admit(_ offers: [Offer], from entry: Entry) -> [Admission] {
        let now = clock.now()
        let inline = entry == .app && Self.running == ObjectIdentifier(self)
        var reports: [RoutingOutcome] = []
        var cancelled: [QueuedLink] = []
        var race: LinkRace?
        var awaiting: [(index: Int, link: DeepLink, router: Router)] = []
        var admissions = state.withLock { state -> [Admission] in
            state.recent.removeAll { now - $0.at >= state.duplicateWindow }
            return offers.enumerated().map { index, offer in
                let arrival: Arrival
                switch offer {
                case .refused(let outcome):
                    reports.append(outcome)
                    return .answered(outcome)
                case .link(let offered):
                    arrival = offered
                }
                let (link, taker): (DeepLink, Taker?)
                switch Self.decision(arrival, routers: state.routers, smartLinks: state.smartLinks) {
                case .refuse(let outcome):
                    if let (link, router) = state.awaitingDestination(arrival, refused: outcome) {
                        if entry == .system, state.isRepeat(arrival.input) {
                            reports.append(.duplicate(link))
                            return .answered(.duplicate(link))
                        }
                        awaiting.append((index, link, router))
                        return .answered(.heldByGate(link))
                    }
                    reports.append(outcome)
                    return .answered(outcome)
                case .take(let taken, let takenBy):
                    (link, taker) = (taken, takenBy)
                }
                if inline {
                    return .inline(QueuedLink(id: 0, arrival: arrival, link: link, taker: taker, routers: state.routers))
                }
                if entry == .system, state.isRepeat(arrival.input) {
                    reports.append(.duplicate(link))
                    return .answered(.duplicate(link))
                }
                if state.ordering == .latestWins {
                    cancelled += state.queue.waiting
                    state.queue.waiting = []
                    race = state.queue.inFlight?.race
                }
                state.queue.nextID += 1
                let queued = QueuedLink(id: state.queue.nextID, arrival: arrival, link: link, taker: taker,
                                        routers: state.routers)
                state.queue.waiting.append(queued)
                guard state.isReady else {
                    reports.append(.heldUntilReady(link))
                    return .answered(.heldUntilReady(link))
                }
                return .queued(queued.promise)
            }
        }
        for held in awaiting {
            let answer = keep(.heldByGate(held.link), heldBy: held.router)
            admissions[held.index] = .answered(answer)
            reports.append(answer)
        }
        for entry in cancelled { settle(entry, .cancelled(entry.link)) }
        race.map(cancelInFlight)
        for outcome in reports { report(outcome) }
        startDraining()
        return admissions
    }

    /// Offers one link (or refusal) from the app and awaits its outcome: answered at once, run in
    /// its turn, or run now inside the running link.
    func route(_ offer: Offer) async -> RoutingOutcome {
        switch admit([offer], from: .app)[0] {
        case .answered(let outcome):
            return outcome
        case .queued(let promise):
            return await promise.value
        case .inline(let entry):
            // A link that timed out (or was cancelled) and ignores it navigates no more.
            guard !Task.isCancelled else {
                let outcome = RoutingOutcome.cancelled(entry.link)
                report(outcome)
                return outcome
            }
            let outcome = await execute(entry)
            settle(entry, outcome)
            return outcome
        }
    }

    /// The end of every taken link: remembered for ``duplicateWindow``, its outcome reported,
    /// then handed to whoever awaits it.
    func settle(_ entry: QueuedLink, _ outcome: RoutingOutcome) {
        let now = clock.now()
        state.withLock { state in
            if state.duplicateWindow > .zero { state.recent.append(RecentArrival(input: entry.arrival.input, at: now)) }
        }
        report(outcome)
        entry.promise.fulfil(outcome)
    }

    /// Ends the link in flight as cancelled (a newer link came under ``LinkOrdering/latestWins``).
    private func cancelInFlight(_ race: LinkRace) {
        let link = state.withLock { $0.queue.inFlight.flatMap { $0.race === race ? $0.link : nil } }
        if let link { race.finish(.cancelled(link)) }
    }
}

extension Navigator.State {
    /// Whether a system callback's `input` is the same tap as a link this launch already has:
    /// one waiting (held until ready, however long) or running, one a gate holds, or one that
    /// finished less than ``Navigator/duplicateWindow`` ago; whatever source each came with.
    /// A zero window keeps every repeat.
    func isRepeat(_ input: String) -> Bool {
        guard duplicateWindow > .zero else { return false }
        return queue.holds(input) || gated.contains { $0.link.url == input } || recent.contains { $0.input == input }
    }
}

extension Navigator.State {
    /// The link and the router to hold it for, when ``Navigator/awaitsDestinations`` is on and
    /// `refused` is a link to a route a router's table declares but nothing maps yet (a module
    /// loaded after login).
    func awaitingDestination(_ arrival: Navigator.Arrival, refused: RoutingOutcome) -> (DeepLink, Router)? {
        guard awaitsDestinations, case .unhandled(let unhandled) = refused, unhandled.route != nil else { return nil }
        for router in routers {
            if case .refuse(.unhandled(var link)) = router.decision(arrival.input, source: arrival.source), link.route != nil {
                if let metadata = arrival.metadata { link.metadata = metadata }
                if let smartLink = arrival.smartLink { link.smartLink = smartLink }
                return (link, router)
            }
        }
        return nil
    }
}
