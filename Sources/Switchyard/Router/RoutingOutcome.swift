/// What the pipeline did with an input.
///
/// Which outcomes count as *handled* (``handled``), so that `open(url)` can tell the system, or
/// the next framework in a chain, whether the app took the link:
///
/// | outcome | handled | why |
/// | --- | --- | --- |
/// | ``opened(_:)`` | yes | a route's destination ran |
/// | ``openedDefault(_:)`` | yes | the default route's destination ran (no route, or a route without one) |
/// | ``held(_:)`` | yes | a filter kept it as the pending link: the app took it, to open later |
/// | ``halted(_:)`` | yes | a filter stopped it on purpose: the link was the app's to drop |
/// | ``replaced(_:by:)`` | yes | a held link that a newer held link replaced (reported to ``Navigator/onOutcome`` only) |
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
    /// A filter held the link; it is now the router's pending link.
    case held(DeepLink)
    /// A filter halted the link.
    case halted(DeepLink)
    /// A gate's pending link that a newer held link replaced: it will not open. Never the answer
    /// to a call; the navigator reports it to ``Navigator/onOutcome`` when the newer link is held.
    case replaced(DeepLink, by: DeepLink)
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
    /// link itself, unmatched, with source ``LinkSource/smartLink``.
    case unresolvedSmartLink(DeepLink, SmartLinkError)

    /// Whether the app took the link (see the table above).
    public var handled: Bool {
        switch self {
        case .opened, .openedDefault, .held, .halted, .replaced: true
        case .unhandled, .rejected, .failed, .unresolvedSmartLink: false
        }
    }

    /// The link, for every outcome but ``rejected(_:)``.
    public var link: DeepLink? {
        switch self {
        case .opened(let link), .openedDefault(let link), .held(let link), .halted(let link), .unhandled(let link),
             .failed(let link, _), .unresolvedSmartLink(let link, _), .replaced(let link, _):
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
        case .held(let link): "held \(named(link))"
        case .halted(let link): "halted \(named(link))"
        case .replaced(let link, let newer): "replaced \(named(link)) by \(named(newer))"
        case .unhandled(let link): "unhandled \(named(link)): no destination and no default route"
        case .rejected(let error): "rejected: \(error)"
        case .failed(let link, let error): link.url.isEmpty ? "failed: \(error)" : "failed \(named(link)): \(error)"
        case .unresolvedSmartLink(let link, let error): "unresolved smart link \(link.url): \(error)"
        }
    }
}
