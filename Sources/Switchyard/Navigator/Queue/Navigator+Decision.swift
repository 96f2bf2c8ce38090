extension Navigator {
    /// What the navigator does with a link the moment it arrives: takes it (with the router that
    /// will run it and the snapshot the link was resolved against; none for a short link of the
    /// service), or refuses it with the outcome that says why.
    enum Decision {
        case take(DeepLink, Taker?)
        case refuse(RoutingOutcome)
    }

    /// The router that took a link, and the snapshot of its table and destinations the link was
    /// resolved against: the link runs on it as it was resolved, without resolving it again.
    struct Taker: Sendable {
        let router: Router
        let snapshot: Router.Compiled

        /// Runs the taken link through the router's pipeline.
        func run(_ link: DeepLink) async -> RoutingOutcome {
            await router.route(resolved: link, snapshot: snapshot, keepsHeld: false)
        }
    }

    /// The decision for one link against these routers (see ``canOpen(_:source:)``): a short link
    /// of the service is taken; otherwise the first router that reads the link and has a
    /// destination for it takes it; otherwise the most telling refusal.
    static func decision(_ arrival: Arrival, routers: [Router], smartLinks: SmartLinkRouting?) -> Decision {
        if let smartLinks, let code = smartLinks.client.code(in: arrival.input) {
            var link = DeepLink(url: arrival.input, source: arrival.source == .deferred ? .deferred : .smartLink)
            link.smartLink = SmartLinkReference(code: code, url: arrival.input)
            return .take(link, nil)
        }
        var refusal: RoutingOutcome?
        for router in routers {
            switch router.decision(arrival.input, source: arrival.source) {
            case .take(var link, let snapshot):
                if let metadata = arrival.metadata { link.metadata = metadata }
                if let smartLink = arrival.smartLink { link.smartLink = smartLink }
                return .take(link, Taker(router: router, snapshot: snapshot))
            case .refuse(let outcome):
                refusal = moreTelling(refusal, outcome)
            }
        }
        return .refuse(refusal ?? .unhandled(DeepLink(url: arrival.input, source: arrival.source ?? .url,
                                                        metadata: arrival.metadata)))
    }

    /// Of two refusals, the one that says more: a router that could read the link (unhandled)
    /// over one that could not (rejected); otherwise the first.
    static func moreTelling(_ first: RoutingOutcome?, _ next: RoutingOutcome) -> RoutingOutcome {
        guard let first else { return next }
        if case .rejected = first, case .unhandled = next { return next }
        return first
    }
}
