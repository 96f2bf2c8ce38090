extension DeferredLinks {
    /// Tries the kept short link again each time `network` says the network returned, until the
    /// link service answers for it: the guarantee that an accepted deferred link is not lost to an
    /// offline first launch, within the launch as well as at the next one.
    ///
    /// It watches only while the ledger keeps a link (it returns at once when none is kept, and as
    /// soon as the kept link is forgotten), tries once per return (returns that arrive during an
    /// attempt collapse into one more), and never beside another attempt: each try goes through
    /// ``openOnFirstLaunch()``'s single flight, joining a check already running. A try that the
    /// service still cannot answer routes nothing (no default route opens while the user is in the
    /// app); one it answers opens the deep link through the navigator and makes the ledger final.
    ///
    /// ```swift
    /// if case .awaitingService = await deferred.openOnFirstLaunch() {
    ///     retry = Task { await deferred.retryWhenNetworkReturns(NetworkPathReachability()) }   // SwitchyardUIKit
    /// }
    /// ```
    /// - Parameter network: tells when the network returns.
    /// - Returns: the outcome of the try that ended the wait (final, or one that left no kept link);
    ///   nil when no link was kept, or none was left at a return (another call ended it), or the
    ///   stream ended first (the task cancelled).
    @discardableResult
    public func retryWhenNetworkReturns(_ network: any NetworkReachability) async -> Outcome? {
        guard hasKeptLink else { return nil }
        // `next()`, not `for await`: Linux's compiler would pick `next(isolation:)` (iOS 18).
        var returns = network.becameReachable().makeAsyncIterator()
        while await returns.next() != nil {
            guard hasKeptLink else { return nil }
            let outcome = await flight.run {
                await recording(retryingKeptLink: true, routesMeanwhile: false) { now in await check(at: now) }
            }
            if outcome.isFinal || !hasKeptLink { return outcome }
        }
        return nil
    }

    /// Whether the ledger keeps a short link (a ledger that cannot be read keeps none).
    private var hasKeptLink: Bool {
        (try? ledger.keptLink()) != nil
    }
}
