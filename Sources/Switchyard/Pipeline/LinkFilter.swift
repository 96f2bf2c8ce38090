/// What a filter decides about a link.
public enum FilterDecision: Sendable, Hashable {
    /// Pass the link on unchanged to the next filter (or the destination).
    case pass
    /// Pass this link on instead; its route decides the destination.
    case change(DeepLink)
    /// Drop the link and route another URL from the start of the pipeline, with the same source
    /// and metadata. Redirects are counted: more than ``Router/maximumRedirects`` is an error.
    case redirect(to: String)
    /// Drop the link: nothing else runs.
    case halt
    /// Keep the link as the router's ``Router/pendingLink``, to open later with
    /// ``Router/openPendingLink()`` (after login, for instance).
    case hold
}

/// A step every link goes through, in order, before handlers and the destination (Turnpike's
/// filter chain, HOKO's filters).
///
/// ```swift
/// struct TrustedSourcesOnly: LinkFilter {
///     func filter(_ link: DeepLink) async -> FilterDecision {
///         link.queryParameters["token"] == nil ? .pass : .halt
///     }
/// }
/// try router.appendFilter(TrustedSourcesOnly())
/// ```
public protocol LinkFilter: Sendable {
    /// Decides what happens to `link`.
    func filter(_ link: DeepLink) async -> FilterDecision

    /// Checks the filter against the table of the router it is appended to
    /// (``Router/appendFilter(_:)-(any LinkFilter)``); the default accepts any table.
    ///
    /// - Throws: ``RouteTableBuildError`` naming what the table lacks.
    func check(against table: RouteTable) throws(RouteTableBuildError)
}

extension LinkFilter {
    /// Accepts any table.
    public func check(against table: RouteTable) throws(RouteTableBuildError) {}
}

/// The closure form of a filter (Turnpike's anonymous filter).
struct ClosureFilter: LinkFilter {
    let body: @Sendable (DeepLink) async -> FilterDecision

    func filter(_ link: DeepLink) async -> FilterDecision {
        await body(link)
    }
}
