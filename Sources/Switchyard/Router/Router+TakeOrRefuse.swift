extension Router {
    /// Whether this router would take `input`, decided at once: it reads the link, and a
    /// destination waits for it (its route's, or the default route's). Filters are not run (a gate
    /// that holds the link still means the app took it), so the answer is what
    /// ``route(_:source:metadata:)`` will count as handled, unless a destination throws. A refusal
    /// carries the outcome the pipeline would give: ``RoutingOutcome/rejected(_:)`` or
    /// ``RoutingOutcome/unhandled(_:)``. A taken link comes with the snapshot of the table and
    /// destinations it was resolved against, which ``route(resolved:snapshot:keepsHeld:)`` runs it
    /// on, so the link is resolved once on its way.
    ///
    /// - Complexity: one resolution (no allocation for a link whose parameters are not read).
    package func decision(_ input: String, source: LinkSource?) -> RouteDecision {
        let compiled = state.withLock { $0.compiled() }
        let link: DeepLink
        do {
            link = try compiled.table.resolve(input, source: source)
        } catch {
            return .refuse(.rejected(error))
        }
        return compiled.destination(for: link) != nil ? .take(link, compiled) : .refuse(.unhandled(link))
    }
}

/// What a router decides about an input at once (``Router/decision(_:source:)``): it takes the
/// resolved link (with the snapshot it was resolved against), or refuses it with the outcome that
/// says why.
package enum RouteDecision: Sendable {
    case take(DeepLink, Router.Compiled)
    case refuse(RoutingOutcome)
}
