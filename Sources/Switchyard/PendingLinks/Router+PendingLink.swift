import struct Foundation.Date

extension Router {
    /// The link a filter held (``FilterDecision/hold``) while the router was routed on its own,
    /// or restored from the ``pendingLinkStore``, waiting for ``openPendingLink()``: HOKO's
    /// `currentDeeplink`. A newer held link replaces it. A ``Navigator`` keeps the links its
    /// routers' gates hold itself (``Navigator/heldLinks``), so that they outlive a change of routers.
    public var pendingLink: DeepLink? {
        state.withLock { $0.pendingLink }
    }

    /// Where the pending link is persisted, so that it survives the app being killed; nil (the
    /// default) keeps it in memory only. Set it at launch, then call ``restorePendingLink()``.
    public var pendingLinkStore: (any PendingLinkStore)? {
        get { state.withLock { $0.pendingLinkStore } }
        set { state.withLock { $0.pendingLinkStore = newValue } }
    }

    /// Called with every failure of the ``pendingLinkStore`` (a held link that could not be saved,
    /// a saved one that could not be read or removed), after the router has released its lock;
    /// nil (the default) drops them. The routing outcome does not change: a held link stays
    /// ``RoutingOutcome/heldByGate(_:)`` and pending in memory.
    ///
    /// ```swift
    /// router.pendingLinkStoreFailed = { error in logger.error("\(error)") }
    /// ```
    public var pendingLinkStoreFailed: (@Sendable (PendingLinkPersistenceError) -> Void)? {
        get { state.withLock { $0.pendingLinkStoreFailed } }
        set { state.withLock { $0.pendingLinkStoreFailed = newValue } }
    }

    /// How long a persisted pending link stays valid: one hour by default.
    public var pendingLinkLifetime: Duration {
        get { state.withLock { $0.pendingLinkLifetime } }
        set { state.withLock { $0.pendingLinkLifetime = newValue } }
    }

    /// Opens the pending link, at most once: it is cleared (in memory and in the store) before it
    /// is routed again from its URL, source and metadata, through the current table and every
    /// filter, so a gate that is still closed holds it again (HOKO's `openCurrentDeeplink`). An app
    /// with a navigator calls ``Navigator/openPendingLink()``, which reports the outcome to its
    /// ``Navigator/onOutcome``.
    ///
    /// ```swift
    /// func didLogIn() async { await router.openPendingLink() }
    /// ```
    /// - Returns: the outcome, or nil when there was no pending link.
    @discardableResult
    public func openPendingLink() async -> RoutingOutcome? {
        let (link, failure) = state.withLock { state in
            defer { state.pendingLink = nil }
            let failure = state.pendingLink == nil ? nil : state.clearStore(link: state.pendingLink?.url)
            return (state.pendingLink, failure)
        }
        report(failure)
        guard let link else { return nil }
        return await route(link.url, source: link.source, metadata: link.metadata, smartLink: link.smartLink)
    }

    /// Drops the pending link without opening it (the user cancelled the login, say).
    public func discardPendingLink() {
        let failure = state.withLock { state in
            defer { state.pendingLink = nil }
            return state.clearStore(link: state.pendingLink?.url)
        }
        report(failure)
    }

    /// Loads the persisted pending link, at launch. An expired, unreadable or no longer
    /// resolvable record is cleared; a pending link already in memory is kept.
    ///
    /// - Returns: the pending link, if there is one now.
    @discardableResult
    public func restorePendingLink() async -> DeepLink? {
        var failures: [PendingLinkPersistenceError] = []
        let restored = state.withLock { state in
            guard let store = state.pendingLinkStore else { return state.pendingLink }
            let record: PendingLinkRecord?
            do {
                record = try store.load()
            } catch {
                failures.append(PendingLinkPersistenceError(.loadFailed, link: nil, error))
                failures += [state.clearStore(link: nil)].compactMap { $0 }
                return state.pendingLink
            }
            guard let record else { return state.pendingLink }
            guard !record.isExpired(at: Date()),
                  var link = try? state.compiled().table.resolve(record.url, source: record.source) else {
                failures += [state.clearStore(link: record.url)].compactMap { $0 }
                return state.pendingLink
            }
            link.metadata = record.metadata
            link.smartLink = record.smartLink
            if state.pendingLink == nil { state.pendingLink = link }
            return state.pendingLink
        }
        for failure in failures { report(failure) }
        return restored
    }

    /// Takes the pending link out of the router (a restored one, for a navigator to keep), leaving
    /// the store as it is.
    package func takePendingLink() -> DeepLink? {
        state.withLock { state in
            defer { state.pendingLink = nil }
            return state.pendingLink
        }
    }

    /// Keeps a held link as the pending link, and persists it.
    func hold(_ link: DeepLink) {
        state.withLock { $0.pendingLink = link }
        persist(link)
    }

    /// Persists a held link when there is a store; a store that fails is reported to
    /// ``pendingLinkStoreFailed``.
    package func persist(_ link: DeepLink) {
        let failure: PendingLinkPersistenceError? = state.withLock { state in
            guard let store = state.pendingLinkStore else { return nil }
            let now = Date()
            let lifetime = state.pendingLinkLifetime.components
            let seconds = Double(lifetime.seconds) + Double(lifetime.attoseconds) / 1e18
            do {
                try store.save(PendingLinkRecord(url: link.url, source: link.source, metadata: link.metadata,
                                                 smartLink: link.smartLink, createdAt: now,
                                                 expiresAt: now.addingTimeInterval(seconds)))
                return nil
            } catch {
                return PendingLinkPersistenceError(.saveFailed, link: link.url, error)
            }
        }
        report(failure)
    }

    /// Clears the store of a link a navigator kept, when it opens or is dropped.
    package func clearPendingLinkStore(link url: String) {
        report(state.withLock { $0.clearStore(link: url) })
    }

    /// Hands a store failure to the app, outside the lock.
    private func report(_ failure: PendingLinkPersistenceError?) {
        guard let failure, let callback = pendingLinkStoreFailed else { return }
        callback(failure)
    }
}

extension Router.State {
    /// Clears the store, answering its failure instead of throwing it.
    func clearStore(link url: String?) -> PendingLinkPersistenceError? {
        do {
            try pendingLinkStore?.clear()
            return nil
        } catch {
            return PendingLinkPersistenceError(.clearFailed, link: url, error)
        }
    }
}
