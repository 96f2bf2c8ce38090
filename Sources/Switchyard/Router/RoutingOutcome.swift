/// What the pipeline did with an input.
///
/// Which outcomes count as *handled* (``handled``), so that `open(url)` can tell the system, or
/// the next framework in a chain, whether the app took the link:
///
/// | outcome | handled | why |
/// | --- | --- | --- |
/// | ``opened(_:)`` | yes | a route's destination ran |
/// | ``openedDefault(_:)`` | yes | the default route's destination ran (no route, or a route without one) |
/// | ``heldUntilReady(_:)`` | yes | taken before ``Navigator/markReady()``: it opens then |
/// | ``heldByGate(_:)`` | yes | a filter (a gate) held it: the app took it, to open after login |
/// | ``halted(_:)`` | yes | a filter stopped it on purpose: the link was the app's to drop |
/// | ``replaced(_:by:)`` | yes | a gate-held link that another held link took the place of (reported to ``Navigator/onOutcome`` only) |
/// | ``duplicate(_:)`` | yes | the same input as a link still waiting, running or held, or finished within ``Navigator/duplicateWindow``: dropped |
/// | ``cancelled(_:)`` | yes | a newer link took its place (``LinkOrdering/latestWins``) |
/// | ``timedOut(_:)`` | no | it ran past ``Navigator/linkDeadline``: the next link ran |
/// | ``unhandled(_:)`` | no | no destination for it and no default route |
/// | ``rejected(_:)`` | no | not a link this router can read |
/// | ``failed(_:_:)`` | no | the destination threw, or redirects looped |
/// | ``unresolvedSmartLink(_:_:)`` | no | a short link the link service could not turn into a deep link |
public enum RoutingOutcome: Sendable, CustomStringConvertible {
    /// A route matched and its destination ran.
    case opened(DeepLink)
    /// The default route's destination ran: no route matched (the link's `route` is nil), or the
    /// route that matched has no destination (a route-table file's route that nothing mapped; the
    /// link keeps its `route` and parameters).
    case openedDefault(DeepLink)
    /// The navigator took the link before ``Navigator/markReady()``: it opens, in its turn, once
    /// the app is ready.
    case heldUntilReady(DeepLink)
    /// A filter (a ``GateFilter``) held the link: the navigator keeps it (a router routed on its
    /// own keeps it as its ``Router/pendingLink``) until ``Navigator/openPendingLink()``. Also a
    /// link to a declared route that nothing maps yet, under ``Navigator/awaitsDestinations``.
    case heldByGate(DeepLink)
    /// A filter halted the link.
    case halted(DeepLink)
    /// A gate-held link that will not open because another held link takes its place (the newer
    /// one under ``GatedLinkPolicy/keepNewest``; the older one under
    /// ``GatedLinkPolicy/keepOldest``, which reports the newer as replaced by it).
    /// Reported to ``Navigator/onOutcome``; never the answer to a call.
    case replaced(DeepLink, by: DeepLink)
    /// The same input, from any source, as a link this launch still has waiting, running or held
    /// by a gate, or that finished less than ``Navigator/duplicateWindow`` ago (one tap reaching
    /// two entry points): dropped.
    case duplicate(DeepLink)
    /// A newer link took the place of this one before it finished
    /// (``LinkOrdering/latestWins``): its task was cancelled, or it never ran. Also the
    /// answer to a link routed from inside a destination that ran past ``Navigator/linkDeadline``
    /// (or was cancelled) and went on: it does not run.
    case cancelled(DeepLink)
    /// The link ran longer than ``Navigator/linkDeadline``: its task was cancelled and the next
    /// link ran.
    case timedOut(DeepLink)
    /// Nothing could open the link: neither its route (when it matched one) nor a default route
    /// has a destination. Filters did not run (unless one changed the link into one without a
    /// destination).
    case unhandled(DeepLink)
    /// The input is not a link the router's table can read.
    case rejected(LinkInputError)
    /// The destination threw, or a redirect loop was cut (``PipelineError/Code/redirectLoop``).
    case failed(DeepLink, any Error)
    /// A short link of the navigator's link service that could not be resolved: no such link
    /// (``SmartLinkError/Code/notFound``), deleted or expired (``SmartLinkError/Code/gone``), the
    /// service unreachable (``SmartLinkError/Code/transport``), and so on. The link is the short
    /// link itself, unmatched, with source ``LinkSource/smartLink`` and its ``DeepLink/smartLink``
    /// code. A link that asks for a password (``SmartLinkError/Code/passwordRequired``,
    /// ``SmartLinkError/Code/wrongPassword``) is always reported so, never sent to a default
    /// route: open it again with ``Navigator/route(_:password:source:)``.
    case unresolvedSmartLink(DeepLink, SmartLinkError)

    /// Whether the app took the link (see the table above).
    public var handled: Bool {
        switch self {
        case .opened, .openedDefault, .heldUntilReady, .heldByGate, .halted, .replaced, .duplicate, .cancelled: true
        case .unhandled, .rejected, .failed, .unresolvedSmartLink, .timedOut: false
        }
    }

    /// The link, for every outcome but ``rejected(_:)``.
    public var link: DeepLink? {
        switch self {
        case .opened(let link), .openedDefault(let link), .heldUntilReady(let link), .heldByGate(let link),
             .halted(let link), .unhandled(let link), .failed(let link, _), .unresolvedSmartLink(let link, _),
             .replaced(let link, _), .duplicate(let link), .cancelled(let link), .timedOut(let link):
            link
        case .rejected:
            nil
        }
    }

    /// The error of a ``rejected(_:)``, ``failed(_:_:)`` or ``unresolvedSmartLink(_:_:)`` outcome.
    public var error: (any Error)? {
        switch self {
        case .rejected(let error): error
        case .failed(_, let error): error
        case .unresolvedSmartLink(_, let error): error
        default: nil
        }
    }

    /// One line for a log: `opened shop://product/42 (product/:id)`, `rejected: host 'x' is not ...`.
    public var description: String {
        func named(_ link: DeepLink) -> String { link.route.map { "\(link.url) (\($0))" } ?? link.url }
        return switch self {
        case .opened(let link): "opened \(named(link))"
        case .openedDefault(let link): "opened by the default route \(named(link))"
        case .heldUntilReady(let link): "held until ready \(named(link))"
        case .heldByGate(let link): "held by a gate \(named(link))"
        case .duplicate(let link): "duplicate \(named(link)): dropped"
        case .cancelled(let link): "cancelled \(named(link)): a newer link took its place"
        case .timedOut(let link): "timed out \(named(link))"
        case .halted(let link): "halted \(named(link))"
        case .replaced(let link, let newer): "replaced \(named(link)) by \(named(newer))"
        case .unhandled(let link): "unhandled \(named(link)): no destination and no default route"
        case .rejected(let error): "rejected: \(error)"
        case .failed(let link, let error): link.url.isEmpty ? "failed: \(error)" : "failed \(named(link)): \(error)"
        case .unresolvedSmartLink(let link, let error): "unresolved smart link \(link.url): \(error)"
        }
    }
}
