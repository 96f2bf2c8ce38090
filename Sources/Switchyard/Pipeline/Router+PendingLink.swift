import struct Foundation.Date

extension Router {
    /// The link a filter held (``FilterDecision/hold``), waiting for ``openPendingLink()``: HOKO's
    /// `currentDeeplink`. A newer held link replaces it.
    public var pendingLink: DeepLink? {
        state.withLock { $0.pendingLink }
    }

    /// Where the pending link is persisted, so that it survives the app being killed; nil (the
    /// default) keeps it in memory only. Set it at launch, then call ``restorePendingLink()``.
    public var pendingLinkStore: (any PendingLinkStore)? {
        get { state.withLock { $0.pendingLinkStore } }
        set { state.withLock { $0.pendingLinkStore = newValue } }
    }

    /// How long a persisted pending link stays valid: one hour by default.
    public var pendingLinkLifetime: Duration {
        get { state.withLock { $0.pendingLinkLifetime } }
        set { state.withLock { $0.pendingLinkLifetime = newValue } }
    }

    /// Opens the pending link, at most once: it is cleared (in memory and in the store) before it
    /// is routed again from its URL, source and metadata, through the current table and every
    /// filter, so a gate that is still closed holds it again (HOKO's `openCurrentDeeplink`).
    ///
    /// ```swift
    /// func didLogIn() async { await router.openPendingLink() }
    /// ```
    /// - Returns: whether there was a pending link and it was handled.
    @discardableResult
    public func openPendingLink() async -> Bool {
        await routePendingLink()?.handled ?? false
    }

    /// Like ``openPendingLink()``, with the outcome; nil when there was no pending link.
    public func routePendingLink() async -> RoutingOutcome? {
        let link = state.withLock { state in
            defer { state.pendingLink = nil }
            if state.pendingLink != nil { try? state.pendingLinkStore?.clear() }
            return state.pendingLink
        }
        guard let link else { return nil }
        return await route(link.url, source: link.source, metadata: link.metadata, smartLink: link.smartLink)
    }

    /// Drops the pending link without opening it (the user cancelled the login, say).
    public func discardPendingLink() {
        state.withLock { state in
            state.pendingLink = nil
            try? state.pendingLinkStore?.clear()
        }
    }

    /// Loads the persisted pending link, at launch. An expired, unreadable or no longer
    /// resolvable record is cleared; a pending link already in memory is kept.
    ///
    /// - Returns: the pending link, if there is one now.
    @discardableResult
    public func restorePendingLink() async -> DeepLink? {
        state.withLock { state in
            guard let store = state.pendingLinkStore else { return state.pendingLink }
            let record: PendingLinkRecord?
            do {
                record = try store.load()
            } catch {
                try? store.clear()
                return state.pendingLink
            }
            guard let record else { return state.pendingLink }
            guard !record.isExpired(at: Date()) else {
                try? store.clear()
                return state.pendingLink
            }
            guard var link = try? state.compiled().table.resolve(record.url, source: record.source) else {
                try? store.clear()
                return state.pendingLink
            }
            link.metadata = record.metadata
            link.smartLink = record.smartLink
            if state.pendingLink == nil { state.pendingLink = link }
            return state.pendingLink
        }
    }

    /// Keeps a held link as the pending link, and persists it when there is a store.
    func hold(_ link: DeepLink) {
        state.withLock { state in
            state.pendingLink = link
            guard let store = state.pendingLinkStore else { return }
            let now = Date()
            let lifetime = state.pendingLinkLifetime.components
            let seconds = Double(lifetime.seconds) + Double(lifetime.attoseconds) / 1e18
            try? store.save(PendingLinkRecord(url: link.url, source: link.source, metadata: link.metadata,
                                              smartLink: link.smartLink, createdAt: now,
                                              expiresAt: now.addingTimeInterval(seconds)))
        }
    }
}
