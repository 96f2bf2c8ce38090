extension Navigator {
    /// What the navigator does with a link the moment it arrives: takes it, or refuses it with
    /// the outcome that says why.
    enum Decision {
        case take(DeepLink)
        case refuse(RoutingOutcome)
    }

    /// The decision for one link against these routers (see ``canOpen(_:source:)``): a short link
    /// of the service is taken; otherwise the first router that reads the link and has a
    /// destination for it takes it; otherwise the most telling refusal.
    static func decision(_ offer: HeldLink, routers: [Router], smartLinks: SmartLinkRouting?) -> Decision {
        if let smartLinks, let code = smartLinks.client.code(in: offer.input) {
            var link = DeepLink(url: offer.input, source: offer.source == .deferred ? .deferred : .smartLink)
            link.smartLink = SmartLinkReference(code: code, url: offer.input)
            return .take(link)
        }
        var refusal: RoutingOutcome?
        for router in routers {
            switch router.decision(offer.input, source: offer.source) {
            case .take(var link):
                if let metadata = offer.metadata { link.metadata = metadata }
                return .take(link)
            case .refuse(let outcome):
                refusal = moreTelling(refusal, outcome)
            }
        }
        return .refuse(refusal ?? .unhandled(DeepLink(url: offer.input, source: offer.source ?? .url,
                                                        metadata: offer.metadata)))
    }

    /// Whether this navigator takes `input`, decided at once and the same before and after
    /// ``markReady()``: what ``handle(_:source:metadata:)`` answers, without doing anything.
    ///
    /// - a short link of ``smartLinks``' service is taken (the outcome of resolving it arrives
    ///   later, as ``RoutingOutcome/unresolvedSmartLink(_:_:)`` when it fails);
    /// - otherwise a router must read it and have a destination for it: its route's (a closure,
    ///   or screens when the router applies plans) or the default route's. Filters are not run,
    ///   so a link a gate will hold is taken.
    ///
    /// ```swift
    /// navigator.canOpen("shop://product/42")            // true: a destination for product/:id
    /// navigator.canOpen("fb123://authorize?code=x")     // false, before markReady() as after
    /// ```
    /// - Complexity: one resolution per router tried.
    public func canOpen(_ input: String, source: LinkSource? = nil) -> Bool {
        let (routers, smartLinks) = state.withLock { ($0.routers, $0.smartLinks) }
        if case .take = Self.decision(HeldLink(input: input, source: source, metadata: nil), routers: routers,
                                      smartLinks: smartLinks) {
            return true
        }
        return false
    }

    /// The one call for a link a system callback hands over (`application(_:open:options:)`,
    /// `scene(_:openURLContexts:)`, `.onOpenURL`, ...): decides at once whether the navigator takes
    /// it (``canOpen(_:source:)``) and answers that, the `Bool` to return to the system, so that
    /// an SDK chained after this one gets what the app does not take. A taken link is held until
    /// ``markReady()`` or routed in a task; a refused one is reported to ``onOutcome`` with its
    /// reason. Every outcome goes to ``onOutcome``.
    ///
    /// ```swift
    /// func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
    ///     navigator.handle(url.absoluteString) || OtherSDK.handle(url)   // false: the next SDK may take it
    /// }
    /// ```
    /// - Parameters:
    ///   - input: the link (a URL's `absoluteString`, a path or a URN).
    ///   - source: where it came from; derived from its form when nil.
    ///   - metadata: smart-link metadata to attach.
    /// - Returns: whether the navigator took the link.
    @discardableResult
    public func handle(_ input: String, source: LinkSource? = nil, metadata: [String: JSONValue]? = nil) -> Bool {
        take([.link(HeldLink(input: input, source: source, metadata: metadata))]) > 0
    }

    /// A link offered to ``take(_:)``, or one refused before it could be offered (a user
    /// activity without a link), whose outcome is reported in its place.
    enum Offer {
        case link(HeldLink)
        case refused(RoutingOutcome)
    }

    /// Decides each offer at once, in order: refusals are reported; taken links are held in order
    /// when the navigator is not ready, else routed one after another in a single task (so they
    /// open in the order they came).
    ///
    /// - Returns: how many were taken.
    func take(_ offers: [Offer]) -> Int {
        var reports: [RoutingOutcome] = []
        var taken: [HeldLink] = []
        let holding = state.withLock { state in
            for offer in offers {
                guard case .link(let offer) = offer else {
                    if case .refused(let outcome) = offer { reports.append(outcome) }
                    continue
                }
                switch Self.decision(offer, routers: state.routers, smartLinks: state.smartLinks) {
                case .take(let link):
                    if !state.isReady {
                        // One tap can reach two entry points at a cold launch (SwiftUI hands the
                        // launch URL to `.onOpenURL` as well as to the scene delegate's options).
                        if state.held.contains(where: { $0.input == offer.input }) { taken.append(offer); continue }
                        state.held.append(offer)
                        reports.append(.held(link))
                    }
                    taken.append(offer)
                case .refuse(let outcome):
                    reports.append(outcome)
                }
            }
            return !state.isReady
        }
        for outcome in reports { report(outcome) }
        if !holding && !taken.isEmpty {
            let toRoute = taken
            Task {
                for offer in toRoute {
                    await route(offer.input, source: offer.source, metadata: offer.metadata)
                }
            }
        }
        return taken.count
    }
}
