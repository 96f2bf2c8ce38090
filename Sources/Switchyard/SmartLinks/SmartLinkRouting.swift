/// How a ``Navigator`` treats the short links of a link service (`https://go.example.com/Ab3dE9xQ`):
/// it recognizes them by the client's service URL, resolves each through ``SmartLinkClient``, and
/// routes the deep link the service answers through its routers (filters, gates, handlers, plans)
/// with source ``LinkSource/smartLink`` and the link's metadata.
///
/// When the service cannot be reached, or answers that the link does not exist (404) or is gone
/// (410), the navigator answers ``RoutingOutcome/unresolvedSmartLink(_:_:)`` with the
/// ``SmartLinkError`` — never a silent drop — or, with ``FailurePolicy/openDefaultRoute``, sends
/// the short link to the routers' default route (its `route` is nil; its `url` the short link).
/// A link that needs a newer app than this one (``SmartLinkError/Code/appTooOld``: its route's
/// `since` or the link's own minimum version) is reported the same way; the error carries the
/// version needed and the fallback to offer (the store page to update).
///
/// A link with a password (the service asks for it on resolve) is always reported, never sent to
/// the default route, whatever ``onFailure`` says: ``RoutingOutcome/unresolvedSmartLink(_:_:)``
/// with ``SmartLinkError/Code/passwordRequired``. The app asks its user for the password and opens
/// the link again with ``Navigator/route(_:password:source:)``; a wrong one is reported the same
/// way with ``SmartLinkError/Code/wrongPassword``.
///
/// ```swift
/// let client = SmartLinkClient(service: URL(string: "https://go.example.com")!, appKey: appKey, table: table)
/// navigator.smartLinks = SmartLinkRouting(client: client, onFailure: .openDefaultRoute)
/// ```
public struct SmartLinkRouting: Sendable {
    /// What to do with a short link that cannot be resolved.
    public enum FailurePolicy: Sendable, Hashable {
        /// Answer ``RoutingOutcome/unresolvedSmartLink(_:_:)`` (not handled); the app decides.
        case report
        /// Send it to the first router's default route that takes it; report it when none does,
        /// or when the link asks for a password (``SmartLinkError/Code/passwordRequired``,
        /// ``SmartLinkError/Code/wrongPassword``).
        case openDefaultRoute
    }

    /// The client of the link service whose short links are resolved.
    public var client: SmartLinkClient
    /// What to do with a short link that cannot be resolved.
    public var onFailure: FailurePolicy

    /// Creates the routing.
    public init(client: SmartLinkClient, onFailure: FailurePolicy = .report) {
        self.client = client
        self.onFailure = onFailure
    }
}
