/// Fronts one or more routers: every entry point (URL, universal link, push payload, user
/// activity, shortcut, internal navigation) goes through it, and it tries its routers in order.
///
/// One call per job:
///
/// | job | call |
/// | --- | --- |
/// | a system callback hands over a link and wants a `Bool` now | ``handle(_:source:metadata:)`` (and its plain-value kin: ``handle(_:)-(LaunchLinks)``, ``handle(urls:)``, ``handle(userActivityType:webpageURL:userInfo:)``, ``handle(pushPayload:)``, ``handle(shortcutType:url:)``) |
/// | the app opens a link itself and awaits what happened | ``route(_:source:metadata:)`` |
/// | the app opens a route by name | ``navigate(to:parameters:query:)`` |
/// | a gate opened (after login): open the link it held | ``openPendingLink()`` |
/// | every link's fate, for logging | ``onOutcome`` |
///
/// `route` offers the link to each router in turn and stops at the first that does not answer
/// ``RoutingOutcome/unhandled(_:)`` or ``RoutingOutcome/rejected(_:)``. A router with a default
/// route takes every link it can read, so put it last.
///
/// A navigator created with `waitsUntilReady: true` holds what it takes before ``markReady()``
/// (cold launch: the link comes before the root screen exists): every taken link, in the order it
/// came (a link identical to one already held is held once: one tap can reach two entry points at
/// a cold launch), and ``markReady()`` opens them once, in that order. What it would not take after
/// ``markReady()`` it does not take before either: the answer never depends on readiness.
///
/// ```swift
/// let navigator = Navigator(routers: [preLoginRouter], waitsUntilReady: true)
/// navigator.onOutcome = { outcome in logger.info("\(outcome)") }
/// // scene(_:willConnectTo:options:)
/// navigator.handle("shop://product/42")   // true: held
/// navigator.handle("fb123://authorize")   // false: the next SDK may take it
/// // once the root screen is up
/// await navigator.markReady()             // opens product/42
/// // after login (Compass's pre-login / post-login routers)
/// navigator.routers = [postLoginRouter]
/// ```
public final class Navigator: Sendable {
    let state: Locked<State>

    /// A link offered to the navigator: held as it is when taken before ``markReady()``.
    struct HeldLink: Sendable {
        var input: String
        var source: LinkSource? = nil
        var metadata: [String: JSONValue]? = nil
    }

    struct State {
        var routers: [Router]
        var isReady: Bool
        var held: [HeldLink] = []
        var smartLinks: SmartLinkRouting?
        var spotlightLink: @Sendable (String) -> String? = { $0 }
        var onOutcome: (@Sendable (RoutingOutcome) -> Void)?
    }

    /// Creates a navigator.
    ///
    /// - Parameters:
    ///   - routers: the routers to try, in order.
    ///   - waitsUntilReady: whether taken links are held until ``markReady()``.
    public init(routers: [Router], waitsUntilReady: Bool = false) {
        state = Locked(State(routers: routers, isReady: !waitsUntilReady))
    }

    /// The routers, tried in order; replace them to swap modules (logged out / logged in).
    public var routers: [Router] {
        get { state.withLock { $0.routers } }
        set { state.withLock { $0.routers = newValue } }
    }

    /// The link service whose short links this navigator resolves before routing them (see
    /// ``SmartLinkRouting``); nil (the default) routes every input as it is.
    ///
    /// ```swift
    /// navigator.smartLinks = SmartLinkRouting(client: SmartLinkClient(service: goURL, appKey: key, table: table))
    /// await navigator.route("https://go.example.com/Ab3dE9xQ", source: .universalLink)   // resolved, then routed
    /// ```
    public var smartLinks: SmartLinkRouting? {
        get { state.withLock { $0.smartLinks } }
        set { state.withLock { $0.smartLinks = newValue } }
    }

    /// Maps a Spotlight result's identifier (the `CSSearchableItem`'s `uniqueIdentifier`) to a link;
    /// nil refuses it (reported to ``onOutcome``). By default the identifier is read as a link
    /// (index items with their deep link as the identifier).
    ///
    /// ```swift
    /// navigator.spotlightLink = { identifier in "shop://product/\(identifier)" }
    /// ```
    public var spotlightLink: @Sendable (String) -> String? {
        get { state.withLock { $0.spotlightLink } }
        set { state.withLock { $0.spotlightLink = newValue } }
    }

    /// Sees every link's fate, whichever entry point it came through (the `handle` calls, the
    /// UIKit and SwiftUI adapters, ``route(_:source:metadata:)``, ``navigate(to:parameters:query:)``,
    /// ``markReady()``): opened, opened by the default route, held (until ready, or by a gate),
    /// replaced by a newer held link (``RoutingOutcome/replaced(_:by:)``), halted, or refused with
    /// its reason. Called once per outcome, outside the navigator's lock, on whatever task routed
    /// the link; nil (the default) reports nothing.
    ///
    /// ```swift
    /// navigator.onOutcome = { outcome in logger.info("deep link: \(outcome)") }
    /// ```
    public var onOutcome: (@Sendable (RoutingOutcome) -> Void)? {
        get { state.withLock { $0.onOutcome } }
        set { state.withLock { $0.onOutcome = newValue } }
    }

    /// Whether links open at once (true unless created with `waitsUntilReady` and not yet marked ready).
    public var isReady: Bool {
        state.withLock { $0.isReady }
    }

    /// Hands an outcome to ``onOutcome``.
    func report(_ outcome: RoutingOutcome) {
        state.withLock { $0.onOutcome }?(outcome)
    }

    /// Marks the app ready to show links and opens every link held until now, once each, in the
    /// order they came; each outcome goes to ``onOutcome``. Links that arrive while the held ones
    /// open are held behind them, so the order is kept; the navigator is ready once none is left.
    ///
    /// - Returns: whether any held link was opened and handled.
    @discardableResult
    public func markReady() async -> Bool {
        var handled = false
        while true {
            let next: (HeldLink, [Router], SmartLinkRouting?)? = state.withLock { state in
                if state.held.isEmpty {
                    state.isReady = true
                    return nil
                }
                return (state.held.removeFirst(), state.routers, state.smartLinks)
            }
            guard let (link, routers, smartLinks) = next else { return handled }
            let outcome = await run(link, routers: routers, smartLinks: smartLinks)
            report(outcome)
            handled = handled || outcome.handled
        }
    }

    /// Opens a URL, path or URN through the routers and answers what happened: the outcome of the
    /// first router that took the link; when none did, ``RoutingOutcome/unhandled(_:)`` if some
    /// router could read it, else the first router's ``RoutingOutcome/rejected(_:)``, whose error
    /// says why (a universal link to a host that is not in the router's `hosts` is
    /// ``LinkInputError/Code/unknownHost``, with the host named). Before ``markReady()`` a link
    /// the navigator takes is ``RoutingOutcome/held(_:)``, and one it would not take is refused
    /// at once, as it would be after. A short link of the link service in ``smartLinks`` is
    /// resolved first (``SmartLinkRouting``). The outcome also goes to ``onOutcome``.
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
    ///   - metadata: smart-link metadata to attach.
    @discardableResult
    public func route(_ input: String, source: LinkSource? = nil,
                      metadata: [String: JSONValue]? = nil) async -> RoutingOutcome {
        let outcome = await routeUnreported(input, source: source, metadata: metadata)
        report(outcome)
        return outcome
    }

    /// ``route(_:source:metadata:)`` without the report of its own outcome (a gate's replaced
    /// pending link is still reported).
    private func routeUnreported(_ input: String, source: LinkSource?,
                                 metadata: [String: JSONValue]?) async -> RoutingOutcome {
        let offer = HeldLink(input: input, source: source, metadata: metadata)
        let (routers, smartLinks, early): ([Router], SmartLinkRouting?, RoutingOutcome?) = state.withLock { state in
            guard !state.isReady else { return (state.routers, state.smartLinks, nil) }
            switch Self.decision(offer, routers: state.routers, smartLinks: state.smartLinks) {
            case .take(let link):
                if !state.held.contains(where: { $0.input == input }) { state.held.append(offer) }
                return ([], nil, .held(link))
            case .refuse(let outcome):
                return ([], nil, outcome)
            }
        }
        if let early { return early }
        return await run(offer, routers: routers, smartLinks: smartLinks)
    }

    /// Runs a link through the routers (a short link of the service resolved first), whether or
    /// not the navigator is ready; a gate's replaced pending link is reported on the way.
    private func run(_ offer: HeldLink, routers: [Router], smartLinks: SmartLinkRouting?) async -> RoutingOutcome {
        await OutcomeReporting.$report.withValue({ [weak self] in self?.report($0) }) {
            if let smartLinks, let code = smartLinks.client.code(in: offer.input) {
                return await routeSmartLink(code: code, input: offer.input, source: offer.source, routing: smartLinks,
                                            routers: routers)
            }
            return await route(offer.input, source: offer.source, metadata: offer.metadata, smartLink: nil, through: routers)
        }
    }

    /// Routes a deep link the link service gave (a deferred claim's), keeping its metadata and
    /// short-link reference; the outcome goes to ``onOutcome``.
    func route(deepLink link: DeepLink, source: LinkSource) async -> RoutingOutcome {
        let routers = self.routers
        let outcome = await OutcomeReporting.$report.withValue({ [weak self] in self?.report($0) }) {
            await route(link.url, source: source, metadata: link.metadata, smartLink: link.smartLink, through: routers)
        }
        report(outcome)
        return outcome
    }

    /// Offers the input to each router in turn (see ``route(_:source:metadata:)``).
    private func route(_ input: String, source: LinkSource?, metadata: [String: JSONValue]?,
                       smartLink: SmartLinkReference?, through routers: [Router]) async -> RoutingOutcome {
        var unanswered: RoutingOutcome?
        for router in routers {
            let outcome = await router.route(input, source: source, metadata: metadata, smartLink: smartLink)
            switch outcome {
            case .unhandled, .rejected:
                unanswered = Self.moreTelling(unanswered, outcome)
            default:
                return outcome
            }
        }
        return unanswered ?? .unhandled(DeepLink(url: input, source: source ?? .url, metadata: metadata))
    }

    /// Of two refusals, the one that says more: a router that could read the link (unhandled)
    /// over one that could not (rejected); otherwise the first.
    static func moreTelling(_ first: RoutingOutcome?, _ next: RoutingOutcome) -> RoutingOutcome {
        guard let first else { return next }
        if case .rejected = first, case .unhandled = next { return next }
        return first
    }

    /// A short link of the configured service: resolved by the service, then routed as its deep
    /// link with the link's metadata and source ``LinkSource/smartLink`` (``LinkSource/deferred``
    /// when it came through an install). When it cannot be resolved, the outcome says why
    /// (``RoutingOutcome/unresolvedSmartLink(_:_:)``), or the routers' default route takes it when
    /// the routing asks for that.
    private func routeSmartLink(code: String, input: String, source: LinkSource?, routing: SmartLinkRouting,
                                routers: [Router]) async -> RoutingOutcome {
        let linkSource: LinkSource = source == .deferred ? .deferred : .smartLink
        let failure: SmartLinkError
        do {
            let resolved = try await routing.client.resolve(code: code)
            return await route(resolved.url, source: linkSource, metadata: resolved.metadata, smartLink: resolved.smartLink,
                               through: routers)
        } catch {
            failure = error
        }
        var unresolved = DeepLink(url: input, source: linkSource)
        unresolved.smartLink = SmartLinkReference(code: code, url: input)
        if routing.onFailure == .openDefaultRoute {
            for router in routers {
                let outcome = await router.route(unresolved: unresolved)
                if case .unhandled = outcome { continue }
                return outcome
            }
        }
        return .unresolvedSmartLink(unresolved, failure)
    }
}

/// Where the pipeline reports a gate's pending link that a newer held link replaced: the
/// navigator that routes the link sets it for the duration of the routing.
enum OutcomeReporting {
    @TaskLocal static var report: (@Sendable (RoutingOutcome) -> Void)?
}
