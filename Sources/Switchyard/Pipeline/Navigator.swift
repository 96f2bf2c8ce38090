/// Fronts one or more routers: every entry point (URL, universal link, push payload, user
/// activity, shortcut, internal navigation) goes through it, and it tries its routers in order.
///
/// `open` offers the link to each router in turn and stops at the first that does not answer
/// ``RoutingOutcome/unhandled(_:)`` or ``RoutingOutcome/rejected(_:)``; it returns that
/// outcome's ``RoutingOutcome/handled`` (opened, opened by the default route, held or halted:
/// true; a destination that threw: false), or false when no router took it. A router with a
/// default route takes every link it can read, so put it last.
///
/// A navigator created with `waitsUntilReady: true` holds what arrives before ``markReady()``
/// (cold launch: the link comes before the root screen exists): the newest input is kept,
/// `open` returns true, and ``markReady()`` opens it once.
///
/// ```swift
/// let navigator = Navigator(routers: [preLoginRouter], waitsUntilReady: true)
/// // scene(_:willConnectTo:options:)
/// await navigator.open(url)           // held
/// // once the root screen is up
/// await navigator.markReady()         // opens it
/// // after login (Compass's pre-login / post-login routers)
/// navigator.routers = [postLoginRouter]
/// ```
public final class Navigator: Sendable {
    /// The navigator most apps use, fronting ``Router/shared``.
    public static let shared = Navigator(routers: [.shared])

    private let state: Locked<State>

    private struct State {
        var routers: [Router]
        var isReady: Bool
        var held: (input: String, source: LinkSource?, metadata: [String: JSONValue]?)?
        var smartLinks: SmartLinkRouting?
        var spotlightLink: @Sendable (String) -> String? = { $0 }
    }

    /// Creates a navigator.
    ///
    /// - Parameters:
    ///   - routers: the routers to try, in order.
    ///   - waitsUntilReady: whether links are held until ``markReady()``.
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
    /// await navigator.open(universalLink: URL(string: "https://go.example.com/Ab3dE9xQ")!)   // resolved, then routed
    /// ```
    public var smartLinks: SmartLinkRouting? {
        get { state.withLock { $0.smartLinks } }
        set { state.withLock { $0.smartLinks = newValue } }
    }

    /// Maps a Spotlight result's identifier (the `CSSearchableItem`'s `uniqueIdentifier`) to a link;
    /// nil refuses it. By default the identifier is read as a link (index items with their deep
    /// link as the identifier).
    ///
    /// ```swift
    /// navigator.spotlightLink = { identifier in "shop://product/\(identifier)" }
    /// ```
    public var spotlightLink: @Sendable (String) -> String? {
        get { state.withLock { $0.spotlightLink } }
        set { state.withLock { $0.spotlightLink = newValue } }
    }

    /// Whether links open at once (true unless created with `waitsUntilReady` and not yet marked ready).
    public var isReady: Bool {
        state.withLock { $0.isReady }
    }

    /// Marks the app ready to show links and opens the link held until now, if any, once.
    ///
    /// - Returns: whether a held link was opened and handled.
    @discardableResult
    public func markReady() async -> Bool {
        let held = state.withLock { state in
            defer { state.isReady = true; state.held = nil }
            return state.held
        }
        guard let held else { return false }
        return await open(held.input, source: held.source, metadata: held.metadata)
    }

    /// Opens a URL, path or URN through the routers (see the type's discussion).
    ///
    /// ```swift
    /// let handled = await navigator.open("hoko://products/42?referrer=hokolinks.com")
    /// ```
    /// - Parameters:
    ///   - input: the link.
    ///   - source: where it came from; derived from its form when nil.
    ///   - metadata: smart-link metadata to attach.
    /// - Returns: whether a router handled the link (true as well when it was held until ready);
    ///   ``route(_:source:metadata:)`` says why not.
    @discardableResult
    public func open(_ input: String, source: LinkSource? = nil, metadata: [String: JSONValue]? = nil) async -> Bool {
        await route(input, source: source, metadata: metadata).handled
    }

    /// Opens a URL, path or URN through the routers, as ``open(_:source:metadata:)`` does, and
    /// answers what happened: the outcome of the first router that took the link; when none did,
    /// ``RoutingOutcome/unhandled(_:)`` if some router could read it, else the first router's
    /// ``RoutingOutcome/rejected(_:)``, whose error says why (a universal link to a host that is
    /// not in the router's `hosts` is ``LinkInputError/Code/unknownHost``, with the host named).
    /// A link held until ``markReady()`` is ``RoutingOutcome/held(_:)``. A short link of the
    /// link service in ``smartLinks`` is resolved first (``SmartLinkRouting``).
    ///
    /// ```swift
    /// if case .rejected(let error) = await navigator.route("https://shop.example.com/product/42") {
    ///     print(error)   // host 'shop.example.com' is not a universal-link host of this table
    /// }
    /// ```
    public func route(_ input: String, source: LinkSource? = nil,
                      metadata: [String: JSONValue]? = nil) async -> RoutingOutcome {
        let routers: [Router]? = state.withLock { state in
            guard state.isReady else {
                state.held = (input, source, metadata)
                return nil
            }
            return state.routers
        }
        guard let routers else { return .held(DeepLink(url: input, source: source ?? .url, metadata: metadata)) }
        if let smartLinks, let code = smartLinks.client.code(in: input) {
            return await routeSmartLink(code: code, input: input, source: source, routing: smartLinks, routers: routers)
        }
        return await route(input, source: source, metadata: metadata, smartLink: nil, through: routers)
    }

    /// Routes a deep link the link service gave (a deferred claim's), keeping its metadata and
    /// short-link reference.
    func route(deepLink link: DeepLink, source: LinkSource) async -> RoutingOutcome {
        await route(link.url, source: source, metadata: link.metadata, smartLink: link.smartLink, through: routers)
    }

    /// Offers the input to each router in turn (see ``route(_:source:metadata:)``).
    private func route(_ input: String, source: LinkSource?, metadata: [String: JSONValue]?,
                       smartLink: SmartLinkReference?, through routers: [Router]) async -> RoutingOutcome {
        var unanswered: RoutingOutcome?
        for router in routers {
            let outcome = await router.route(input, source: source, metadata: metadata, smartLink: smartLink)
            switch outcome {
            case .unhandled:
                // A router that could read the link says more than one that could not.
                if case .unhandled = unanswered {} else { unanswered = outcome }
            case .rejected:
                if unanswered == nil { unanswered = outcome }
            default:
                return outcome
            }
        }
        return unanswered ?? .unhandled(DeepLink(url: input, source: source ?? .url, metadata: metadata))
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

    /// Internal navigation to a URN or path (Compass's `Navigator.navigate(urn:)`), through the
    /// same pipeline, with source ``LinkSource/internal``.
    ///
    /// ```swift
    /// await navigator.navigate(urn: "user:self")
    /// ```
    @discardableResult
    public func navigate(urn: String) async -> Bool {
        await open(urn, source: .internal)
    }

    /// Internal navigation to a route by name (or pattern): the first router whose table has that
    /// route builds its internal path (``RouteTable/url(for:parameters:query:fragment:scheme:host:)``),
    /// which then goes through ``open(_:source:metadata:)`` with source ``LinkSource/internal``.
    ///
    /// ```swift
    /// await navigator.navigate(to: "product", parameters: ["product_id": "42"],
    ///                          query: [QueryItem(name: "tab", value: "reviews")])
    /// ```
    /// - Returns: false when no router has the route or its URL cannot be built (a missing or
    ///   invalid parameter); otherwise whether the link was handled.
    @discardableResult
    public func navigate(to route: String, parameters: [String: String] = [:], query: [QueryItem] = []) async -> Bool {
        for router in routers {
            let table = router.table()
            guard table.route(route) != nil else { continue }
            guard let path = try? table.url(for: route, parameters: parameters, query: query) else { return false }
            return await open(path, source: .internal)
        }
        return false
    }
}
