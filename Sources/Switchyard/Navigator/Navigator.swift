/// Fronts one or more routers: every entry point (URL, universal link, push payload, user
/// activity, shortcut, internal navigation) goes through it, and it tries its routers in order.
///
/// One call per job:
///
/// | job | call |
/// | --- | --- |
/// | a system callback hands over a link and wants a `Bool` now | ``handle(_:source:metadata:)`` (and its plain-value kin: ``handle(_:)-(LaunchLinks)``, ``handle(urls:)``, ``handle(userActivityType:webpageURL:userInfo:)``, ``handle(pushPayload:actionIdentifier:)``, ``handle(shortcutType:url:)``) |
/// | the app opens a link itself and awaits what happened | ``route(_:source:metadata:)`` |
/// | the app opens a route by name | ``navigate(to:parameters:query:)`` |
/// | a gate opened (after login): open the links it held | ``openPendingLink()`` |
/// | the app is ready to show links, or no longer is (sign-out) | ``markReady()``, ``markNotReady()`` |
/// | every link's fate, for logging | ``onOutcome`` |
///
/// **One link at a time.** Every taken link, whichever entry point it came through, joins one
/// queue and runs when the one before it has finished, in the order they arrived, so two quick
/// taps never race. Each has ``linkDeadline``: a link still running then (a hung destination, a
/// short link whose service does not answer) is cancelled and reported
/// ``RoutingOutcome/timedOut(_:)``, and the next one runs. With ``LinkOrdering/latestWins`` a new
/// link cancels the one in flight and those waiting instead (``RoutingOutcome/cancelled(_:)``).
/// A link routed from inside a running link's destination runs at once, inside it; one routed
/// from a destination past its deadline does not run (``RoutingOutcome/cancelled(_:)``), and a
/// plan it would apply is not applied.
///
/// **Decided once.** A link is resolved when it arrives, and that answer (taken or refused) is
/// the `Bool` a `handle` call returns, before ``markReady()`` as after; the link it resolved to is
/// what runs, unless ``routers`` changed in between (then the link is decided again when it runs).
/// The first router that reads the link and has a destination for it takes it; a router with a
/// default route takes every link it can read, so put it last.
///
/// A navigator waits for ``markReady()`` by default (cold launch: the link comes before the root
/// screen exists): every taken link is held, in the order it came, and ``markReady()`` opens them
/// once, in that order. Create it with `waitsUntilReady: false` only where nothing must be built
/// first (a test, a command-line tool).
///
/// ```swift
/// let navigator = Navigator(routers: [preLoginRouter])
/// navigator.onOutcome = { outcome in logger.info("\(outcome)") }
/// // scene(_:willConnectTo:options:)
/// navigator.handle("shop://product/42")   // true: held until ready
/// navigator.handle("fb123://authorize")   // false: the next SDK may take it
/// // once the root screen is up
/// await navigator.markReady()             // opens product/42
/// // after login (Compass's pre-login / post-login routers): links a gate held stay with the navigator
/// navigator.routers = [postLoginRouter]
/// await navigator.openPendingLink()
/// ```
public final class Navigator: Sendable {
    let state: Locked<State>
    /// The time the queue reads: deadlines and the duplicate window.
    let clock: NavigatorClock

    /// A link offered to the navigator, as it arrived.
    struct Arrival: Sendable {
        var input: String
        var source: LinkSource? = nil
        var metadata: [String: JSONValue]? = nil
        /// The short link it came from (a deferred claim's deep link).
        var smartLink: SmartLinkReference? = nil
        /// Why the service could not resolve this short link already (a deferred link the
        /// service could not answer for): it is not resolved again, only given its failure policy.
        var unresolved: SmartLinkError? = nil
        /// The password to resolve this short link with (``Navigator/route(_:password:source:)``).
        var password: String? = nil
    }

    struct State {
        var routers: [Router]
        var isReady: Bool
        var smartLinks: SmartLinkRouting?
        var spotlightLink: @Sendable (String) -> String? = { $0 }
        var pushLink: @Sendable ([AnyHashable: Any], String) -> String? = { payload, _ in Navigator.link(inPushPayload: payload) }
        var notificationActions: Set<String> = [Navigator.defaultNotificationAction]
        var onOutcome: (@Sendable (RoutingOutcome) -> Void)?
        var queue = LinkQueue()
        var recent: [RecentArrival] = []
        var gated: [GatedLink] = []
        var gatedLinkPolicy: GatedLinkPolicy = .keepNewest
        var linkDeadline: Duration? = .seconds(30)
        var ordering: LinkOrdering = .arrivalOrder
        var duplicateWindow: Duration = .seconds(2)
        var awaitsDestinations = false
    }

    /// Creates a navigator.
    ///
    /// - Parameters:
    ///   - routers: the routers to try, in order.
    ///   - waitsUntilReady: whether taken links are held until ``markReady()`` (the default: an
    ///     app's root screen is not up when its first link arrives).
    ///   - clock: the time deadlines and the duplicate window are measured in (tests give their own).
    public init(routers: [Router], waitsUntilReady: Bool = true, clock: NavigatorClock = .continuous) {
        state = Locked(State(routers: routers, isReady: !waitsUntilReady))
        self.clock = clock
    }

    /// The routers, tried in order; replace them to swap modules (logged out / logged in). Links
    /// a gate held stay with the navigator (``heldLinks``).
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

    /// Sees every link's fate, whichever entry point it came through: opened, opened by the
    /// default route, held (until ready, or by a gate), replaced, a duplicate, cancelled, timed
    /// out, halted, or refused with its reason. Called once per outcome, outside the navigator's
    /// lock, on whatever task routed the link; nil (the default) reports nothing.
    ///
    /// ```swift
    /// navigator.onOutcome = { outcome in logger.info("deep link: \(outcome)") }
    /// ```
    public var onOutcome: (@Sendable (RoutingOutcome) -> Void)? {
        get { state.withLock { $0.onOutcome } }
        set { state.withLock { $0.onOutcome = newValue } }
    }

    /// How long one link may run (its filters, destination, a short link's resolution) before it
    /// is cancelled, reported ``RoutingOutcome/timedOut(_:)``, and the next link runs: 30 seconds
    /// by default; nil lets a link run as long as it takes (and hold every later one).
    public var linkDeadline: Duration? {
        get { state.withLock { $0.linkDeadline } }
        set { state.withLock { $0.linkDeadline = newValue } }
    }

    /// Whether links wait their turn or a new one replaces those before it: see ``LinkOrdering``.
    public var ordering: LinkOrdering {
        get { state.withLock { $0.ordering } }
        set { state.withLock { $0.ordering = newValue } }
    }

    /// One tap reaching two entry points (a launch notification in the connection options and in
    /// `didReceive`; a cold launch's universal link in the options, as `.universalLink`, and in
    /// `.onOpenURL`, with no source) opens once. A system callback's link (every `handle`) is a
    /// repeat when the same input, from whichever source, is still waiting in the queue (held
    /// until ready, however long), running, held by a gate, or finished less than this window
    /// ago: 2 seconds by default, counted from when the first one finished. Zero keeps every
    /// repeat. A repeat is dropped, ready or not, and reported as ``RoutingOutcome/duplicate(_:)``;
    /// `handle` answers true for it (the app took the first). Links the app routes itself
    /// (``route(_:source:metadata:)``) are never dropped as repeats.
    public var duplicateWindow: Duration {
        get { state.withLock { $0.duplicateWindow } }
        set { state.withLock { $0.duplicateWindow = newValue } }
    }

    /// Whether a link to a route the table declares but no destination is mapped for yet (a
    /// route-table file's route whose module the app registers after login) is taken and held,
    /// as a gate holds one (``RoutingOutcome/heldByGate(_:)``, kept in ``heldLinks`` by
    /// ``gatedLinkPolicy``), until ``openPendingLink()`` routes it again through the routers as
    /// they are then. False (the default) refuses it as ``RoutingOutcome/unhandled(_:)``. Either
    /// way the answer is decided when the link arrives, the same before ``markReady()`` as after.
    ///
    /// ```swift
    /// navigator.awaitsDestinations = true
    /// // after login: router.add(ordersModule); await navigator.openPendingLink()
    /// ```
    public var awaitsDestinations: Bool {
        get { state.withLock { $0.awaitsDestinations } }
        set { state.withLock { $0.awaitsDestinations = newValue } }
    }

    /// Whether links open at once (false until ``markReady()`` unless created with
    /// `waitsUntilReady: false`, and again after ``markNotReady()``).
    public var isReady: Bool {
        state.withLock { $0.isReady }
    }

    /// Hands an outcome to ``onOutcome``.
    func report(_ outcome: RoutingOutcome) {
        state.withLock { $0.onOutcome }?(outcome)
    }

    /// Marks the app ready to show links and opens every link held until now, once each, in the
    /// order they came; each outcome goes to ``onOutcome``. It returns once the queue is empty:
    /// links that arrive while the held ones open wait behind them.
    ///
    /// Called from inside a running link's destination (a "log out" link that rebuilds the root),
    /// it marks the navigator ready and returns at once, false: the held links open after the
    /// running one, which waiting for them would block.
    ///
    /// - Returns: whether any link that was held until now was handled.
    @discardableResult
    public func markReady() async -> Bool {
        let held = state.withLock { state in
            state.isReady = true
            return state.queue.waiting.map(\.promise)
        }
        guard Self.running != ObjectIdentifier(self) else {
            startDraining()
            return false
        }
        await waitUntilIdle()
        var handled = false
        for promise in held where await promise.value.handled { handled = true }
        return handled
    }

    /// Makes the navigator hold links again until the next ``markReady()`` (signing out: the root
    /// screen is being rebuilt). A link in flight finishes; later ones are held, as at a cold launch.
    public func markNotReady() {
        state.withLock { $0.isReady = false }
    }
}
