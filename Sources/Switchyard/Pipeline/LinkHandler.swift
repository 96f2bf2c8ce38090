/// An observer of every link that passed the filters, before its destination runs (HOKO's
/// handlers: analytics, logging). Handlers cannot change or stop a link; filters do that.
///
/// ```swift
/// struct Analytics: LinkHandler {
///     func handle(_ link: DeepLink) async { await tracker.record("deeplink", link.route ?? "default") }
/// }
/// router.addHandler(Analytics())
/// ```
public protocol LinkHandler: Sendable {
    /// Observes a link that is about to be opened.
    func handle(_ link: DeepLink) async
}

/// The closure form of a handler.
struct ClosureHandler: LinkHandler {
    let body: @Sendable (DeepLink) async -> Void

    func handle(_ link: DeepLink) async {
        await body(link)
    }
}
