extension Navigator {
    /// Whether this navigator takes `input`, decided at once and the same before and after
    /// ``markReady()``: what ``handle(_:source:metadata:)`` answers, without doing anything.
    ///
    /// - a short link of ``smartLinks``' service is taken (the outcome of resolving it arrives
    ///   later, as ``RoutingOutcome/unresolvedSmartLink(_:_:)`` when it fails);
    /// - otherwise a router must read it and have a destination for it: its route's (a closure,
    ///   or screens when the router applies plans) or the default route's. Filters are not run,
    ///   so a link a gate will hold is taken; so is a link to a declared route without a
    ///   destination yet, when ``awaitsDestinations`` is on.
    ///
    /// ```swift
    /// navigator.canOpen("shop://product/42")            // true: a destination for product/:id
    /// navigator.canOpen("fb123://authorize?code=x")     // false, before markReady() as after
    /// ```
    /// - Complexity: one resolution per router tried.
    public func canOpen(_ input: String, source: LinkSource? = nil) -> Bool {
        let arrival = Arrival(input: input, source: source)
        return state.withLock { state in
            switch Self.decision(arrival, routers: state.routers, smartLinks: state.smartLinks) {
            case .take: true
            case .refuse(let outcome): state.awaitingDestination(arrival, refused: outcome) != nil
            }
        }
    }

    /// The one call for a link a system callback hands over (`application(_:open:options:)`,
    /// `scene(_:openURLContexts:)`, `.onOpenURL`, ...): decides at once whether the navigator takes
    /// it (``canOpen(_:source:)``) and answers that, the `Bool` to return to the system, so that
    /// an SDK chained after this one gets what the app does not take. A taken link joins the queue
    /// (held until ``markReady()`` when the navigator is not ready); a repeat of a link still waiting,
    /// running or held, or finished within ``duplicateWindow``, is dropped (answered true: the app took the first); a refused one is
    /// reported to ``onOutcome`` with its reason. Every outcome goes to ``onOutcome``.
    ///
    /// ```swift
    /// func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
    ///     navigator.handle(url.absoluteString) || OtherSDK.handle(url)   // false: the next SDK may take it
    /// }
    /// ```
    /// - Parameters:
    ///   - input: the link (a URL's `absoluteString`, a path or a URN).
    ///   - source: where it came from; derived from its form when nil.
    ///   - metadata: metadata to attach (a smart link's, a notification's payload).
    /// - Returns: whether the navigator took the link.
    @discardableResult
    public func handle(_ input: String, source: LinkSource? = nil, metadata: [String: JSONValue]? = nil) -> Bool {
        take([.link(Arrival(input: input, source: source, metadata: metadata))]) > 0
    }

    /// Offers links from a system callback (repeats dropped): how many were taken.
    func take(_ offers: [Offer]) -> Int {
        admit(offers, from: .system).filter(\.taken).count
    }

    /// Opens a URL, path or URN through the routers and answers what happened: the outcome of the
    /// router that took the link; when none did, ``RoutingOutcome/unhandled(_:)`` if some router
    /// could read it, else the first router's ``RoutingOutcome/rejected(_:)``, whose error says
    /// why (a universal link to a host that is not in the router's `hosts` is
    /// ``LinkInputError/Code/unknownHost``, with the host named). The link waits its turn in the
    /// queue (``linkDeadline`` and ``ordering`` apply); before ``markReady()`` a link the navigator
    /// takes is ``RoutingOutcome/heldUntilReady(_:)`` at once, and one it would not take is
    /// refused at once, as it would be after. Called from inside a running link's destination, it
    /// runs at once. A short link of the link service in ``smartLinks`` is resolved first
    /// (``SmartLinkRouting``). The outcome also goes to ``onOutcome``.
    ///
    /// This is the call for links the app opens itself (a button, a test); a system callback that
    /// must answer a `Bool` at once calls ``handle(_:source:metadata:)``.
    ///
    /// ```swift
    /// if case .rejected(let error) = await navigator.route("https://shop.example.com/product/42") {
    ///     print(error)   // host 'shop.example.com' is not a universal-link host of this table
    /// }
    /// ```
    /// - Parameters:
    ///   - input: the link.
    ///   - source: where it came from; derived from its form when nil.
    ///   - metadata: metadata to attach.
    @discardableResult
    public func route(_ input: String, source: LinkSource? = nil,
                      metadata: [String: JSONValue]? = nil) async -> RoutingOutcome {
        await route(Arrival(input: input, source: source, metadata: metadata))
    }

    /// Opens a short link of ``smartLinks``' service that has a password, with the password the
    /// user typed: the service resolves it with the password (`Switchyard-Link-Password`), and its
    /// deep link is routed as ``route(_:source:metadata:)`` routes any short link. The answer to
    /// ``RoutingOutcome/unresolvedSmartLink(_:_:)`` with ``SmartLinkError/Code/passwordRequired``,
    /// which the navigator reports for such a link opened without a password, under either
    /// ``SmartLinkRouting/FailurePolicy`` (the default route never takes it). Another password is
    /// reported as ``RoutingOutcome/unresolvedSmartLink(_:_:)`` with
    /// ``SmartLinkError/Code/wrongPassword``: ask again. Any other link is routed as
    /// ``route(_:source:metadata:)`` routes it, and the password goes nowhere. The navigator
    /// keeps the password only while the link waits and runs; a screen that redeems the link
    /// (``SmartLinkClient/redeem(code:password:)``) needs it again from the app.
    ///
    /// ```swift
    /// navigator.onOutcome = { outcome in
    ///     guard case .unresolvedSmartLink(let link, let error) = outcome, error.code == .passwordRequired else { return }
    ///     Task { @MainActor in
    ///         guard let password = await askForPassword() else { return }   // the app's own prompt
    ///         await navigator.route(link.url, password: password, source: link.source)
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - input: the short link (the ``RoutingOutcome/link``'s `url` of the outcome that asked).
    ///   - password: the link's password.
    ///   - source: where it came from; derived from its form when nil (``LinkSource/smartLink``
    ///     for a short link; give ``LinkSource/deferred`` for a deferred link's retry).
    @discardableResult
    public func route(_ input: String, password: String, source: LinkSource? = nil) async -> RoutingOutcome {
        await route(Arrival(input: input, source: source, password: password))
    }

    /// Routes one arrival from the app and awaits its outcome (see `route(_ offer:)`).
    func route(_ arrival: Arrival) async -> RoutingOutcome {
        await route(.link(arrival))
    }

    /// Routes a deep link the link service gave (a deferred claim's), keeping its metadata and
    /// short-link reference; the outcome goes to ``onOutcome``.
    func route(deepLink link: DeepLink, source: LinkSource) async -> RoutingOutcome {
        await route(Arrival(input: link.url, source: source, metadata: link.metadata, smartLink: link.smartLink))
    }

    /// Routes a short link the service could not resolve (a deferred link, resolved by
    /// ``DeferredLinks``) as ``smartLinks``' failure policy says, without resolving it again.
    func route(unresolvedShortLink input: String, source: LinkSource, failure: SmartLinkError) async -> RoutingOutcome {
        await route(Arrival(input: input, source: source, unresolved: failure))
    }
}
