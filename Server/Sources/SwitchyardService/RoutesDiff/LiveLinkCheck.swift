public import Foundation
public import Switchyard
public import SwitchyardStore

/// Whether stored links still open under a route table: what `switchyard routes diff --database`
/// lists and what `serve` refuses to start on.
///
/// A link stores its route's name (its pattern for a route without one) and its parameters; the
/// service finds its route in the table as it is now and builds the deep link from it
/// (``StoredLinkRoute``), so under a new table a link
///
/// - `route-removed`: has no route under its name, a former name or its pattern;
/// - `parameters-refused`: has parameters its route no longer accepts (a narrowed constraint,
///   a parameter the pattern no longer has or newly needs, a route that now outranks it), the
///   parameter and what it fails named;
/// - `web-only`: opens a route that became web only;
/// - `opens-elsewhere`: builds, but to another URL or route than under the old table.
///
/// A link whose route was renamed (through `formerNames`) or changed its pattern while its
/// parameters still fit opens, and is not listed. Deleted and expired links are not checked: they
/// no longer open anyway; nor are links without a route (``SmartLink/isWebLink``), which no table
/// changes.
public struct LiveLinkCheck: Sendable {
    /// A live link that breaks.
    public struct BrokenLink: Sendable, Hashable {
        /// The link's code.
        public var code: String
        /// Its route, as stored: the name, else the pattern.
        public var route: String
        /// `route-removed`, `parameters-refused`, `web-only` or `opens-elsewhere`.
        public var kind: String
        /// Why, in a sentence.
        public var reason: String
        /// How many more live links break the same way: the start-up check
        /// (``brokenLinksByRoute(in:now:)``) names one link for a route whose links all break.
        public var alike: Int = 0
    }

    let old: DeepLinkBuilder?
    let new: DeepLinkBuilder

    /// A check against `new`, comparing with `old` where given (without it, `opens-elsewhere` is
    /// not reported).
    public init(old: RouteTable?, new: RouteTable) {
        self.old = old.map(DeepLinkBuilder.init(table:))
        self.new = DeepLinkBuilder(table: new)
    }

    /// Why `link` breaks under the new table; nil when it opens as before.
    public func check(_ link: SmartLink) -> BrokenLink? {
        func broken(_ kind: String, _ reason: String) -> BrokenLink {
            BrokenLink(code: link.code, route: link.routeName ?? link.route, kind: kind, reason: reason)
        }
        // A link without a route sends every platform to its web fallback, whatever the table.
        guard !link.isWebLink else { return nil }
        let route: Route, foundByName: Bool
        switch StoredLinkRoute.check(link, in: new.table) {
        case .failure(let failure): return broken(failure.kind, failure.reason)
        case .success(let found): (route, foundByName) = (found.route, found.found != .pattern)
        }
        if route.definition.webOnly {
            return broken("web-only", "route '\(route.name ?? route.text)' is now web only: the app does not open it")
        }
        guard let old else { return nil }
        let before = old.urls(for: link), after = new.urls(for: link)
        let beforeURL = before.universal ?? before.scheme, afterURL = after.universal ?? after.scheme
        guard let beforeURL else { return nil }
        guard let afterURL else {
            return broken("opens-elsewhere", "its deep link changes from \(beforeURL) to nothing: the table has neither a host nor a scheme")
        }
        // A route found by its name (or a former one) is the same route: a new path is its new
        // pattern, which the app of the new table opens.
        if foundByName { return nil }
        if beforeURL != afterURL {
            return broken("opens-elsewhere", "its deep link changes from \(beforeURL) to \(afterURL)")
        }
        if let beforeRoute = try? old.table.resolve(afterURL).route, let afterRoute = try? new.table.resolve(afterURL).route,
           beforeRoute != afterRoute {
            return broken("opens-elsewhere", "\(afterURL) now opens '\(afterRoute)' instead of '\(beforeRoute)'")
        }
        return nil
    }

    /// Every live link of `store` that breaks, reading it a thousand links at a time.
    public func brokenLinks(in store: any LinkStore, now: Date = Date()) async throws -> [BrokenLink] {
        var broken: [BrokenLink] = []
        var after: String?
        while true {
            let page = try await store.liveLinks(after: after, limit: 1000)
            for link in page where !link.isGone(at: now) {
                if let found = check(link) { broken.append(found) }
            }
            guard page.count == 1000, let last = page.last else { return broken }
            after = last.code
        }
    }
}
