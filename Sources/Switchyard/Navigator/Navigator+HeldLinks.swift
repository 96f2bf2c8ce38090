/// What a navigator does with a link a gate holds while it already keeps one: see
/// ``Navigator/gatedLinkPolicy``.
public enum GatedLinkPolicy: Sendable, Hashable {
    /// The newer link takes the place of the one kept (the default): after login the app opens
    /// what the user tapped last. The older is reported ``RoutingOutcome/replaced(_:by:)``.
    case keepNewest
    /// The link kept stays; the newer is reported ``RoutingOutcome/replaced(_:by:)`` (replaced by
    /// the one kept) instead of held: the first tap wins.
    case keepOldest
    /// Every held link is kept, in the order they came, and ``Navigator/openPendingLink()`` opens
    /// them all in that order.
    case keepAll
}

/// A link a gate held, with the router whose store persists it.
struct GatedLink: Sendable {
    let link: DeepLink
    let router: Router
}

extension Navigator {
    /// The links the routers' gates held (``RoutingOutcome/heldByGate(_:)``), oldest first,
    /// waiting for ``openPendingLink()``. They belong to the navigator: replacing ``routers``
    /// (pre-login for post-login) keeps them.
    public var heldLinks: [DeepLink] {
        state.withLock { $0.gated.map(\.link) }
    }

    /// What happens to a link a gate holds while the navigator already keeps one:
    /// ``GatedLinkPolicy/keepNewest`` (the default), ``GatedLinkPolicy/keepOldest`` or
    /// ``GatedLinkPolicy/keepAll``. Each link a policy drops is reported ``RoutingOutcome/replaced(_:by:)``.
    ///
    /// ```swift
    /// navigator.gatedLinkPolicy = .keepAll   // after login, open every link tapped while logged out
    /// ```
    public var gatedLinkPolicy: GatedLinkPolicy {
        get { state.withLock { $0.gatedLinkPolicy } }
        set { state.withLock { $0.gatedLinkPolicy = newValue } }
    }

    /// Keeps a link a gate of `router` held, by ``gatedLinkPolicy``; the replaced one is reported.
    ///
    /// - Returns: the outcome to answer for the link: held by the gate, or replaced by the one kept.
    func keep(_ outcome: RoutingOutcome, heldBy router: Router) -> RoutingOutcome {
        guard case .heldByGate(let link) = outcome else { return outcome }
        let (answer, replaced): (RoutingOutcome, RoutingOutcome?) = state.withLock { state in
            let kept = state.gated.last?.link
            switch (state.gatedLinkPolicy, kept) {
            case (.keepOldest, let kept?):
                return (.replaced(link, by: kept), nil)
            case (.keepNewest, let kept?):
                state.gated = [GatedLink(link: link, router: router)]
                return (outcome, .replaced(kept, by: link))
            default:
                state.gated.append(GatedLink(link: link, router: router))
                return (outcome, nil)
            }
        }
        if case .replaced(_, let kept) = answer, let router = state.withLock({ $0.gated.first?.router }) {
            router.persist(kept)   // the store keeps the link that will open
        }
        replaced.map(report)
        return answer
    }

    /// Opens the links a gate held (``heldLinks``, and a link a router restored from its
    /// ``Router/pendingLinkStore``: the same link held and restored opens once) once the gate
    /// opens (after login): each once, oldest first,
    /// through the current routers' whole pipeline again, so a gate still closed holds it again.
    /// Each outcome goes to ``onOutcome``.
    ///
    /// ```swift
    /// func didLogIn() async { await navigator.openPendingLink() }
    /// ```
    /// - Returns: the outcome of the last link opened, or nil when none was held.
    @discardableResult
    public func openPendingLink() async -> RoutingOutcome? {
        let links = takeHeldLinks()
        var last: RoutingOutcome?
        for held in links {
            last = await route(Arrival(input: held.link.url, source: held.link.source, metadata: held.link.metadata,
                                       smartLink: held.link.smartLink))
        }
        return last
    }

    /// Drops the links a gate held without opening them (the user cancelled the login, say).
    public func discardHeldLinks() {
        _ = takeHeldLinks()
    }

    /// Takes every held link out (those restored into routers first), each link once: a link the
    /// navigator holds that a router also restored from its store (the app restores at every
    /// appearance of its root screen) opens once. Clears their stores.
    private func takeHeldLinks() -> [GatedLink] {
        let links = state.withLock { state -> [GatedLink] in
            let restored = state.routers.compactMap { router in router.takePendingLink().map { GatedLink(link: $0, router: router) } }
            defer { state.gated = [] }
            var seen = Set<String>()
            return (restored + state.gated).filter { seen.insert($0.link.url).inserted }
        }
        var cleared: [Router] = []
        for held in links where !cleared.contains(where: { $0 === held.router }) {
            held.router.clearPendingLinkStore(link: held.link.url)
            cleared.append(held.router)
        }
        return links
    }
}
