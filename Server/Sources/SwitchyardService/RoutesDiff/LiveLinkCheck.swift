public import Foundation
public import Switchyard
public import SwitchyardStore

/// Whether stored links still open under a route table: what `switchyard routes diff --database`
/// lists and what `serve` refuses to start on.
///
/// A link stores its route's pattern and parameters; the service builds its deep link with
/// ``DeepLinkBuilder`` from them, so under a new table a link
///
/// - `route-removed`: names a pattern the table no longer has (the service builds no deep link);
/// - `parameters-refused`: has parameters the pattern no longer accepts (a narrowed constraint,
///   a route that now outranks it);
/// - `web-only`: opens a route that became web only;
/// - `opens-elsewhere`: builds, but to another URL or route than under the old table.
///
/// Deleted and expired links are not checked: they no longer open anyway; nor are links without a
/// route (``SmartLink/isWebLink``), which no table changes.
public struct LiveLinkCheck: Sendable {
    /// A live link that breaks.
    public struct BrokenLink: Sendable, Hashable {
        /// The link's code.
        public var code: String
        /// Its route, as stored.
        public var route: String
        /// `route-removed`, `parameters-refused`, `web-only` or `opens-elsewhere`.
        public var kind: String
        /// Why, in a sentence.
        public var reason: String
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
            BrokenLink(code: link.code, route: link.route, kind: kind, reason: reason)
        }
        // A link without a route sends every platform to its web fallback, whatever the table.
        guard !link.isWebLink else { return nil }
        guard let route = new.table.route(link.route) else {
            let hint = link.routeName.flatMap { name in new.table.route(name).map { " (route '\(name)' is now '\($0.text)'; links store the pattern)" } } ?? ""
            return broken("route-removed", "the table has no route '\(link.route)'\(hint): the service builds no deep link")
        }
        do {
            _ = try new.target(route: link.route, parameters: link.routeParameters)
        } catch {
            return broken("parameters-refused", "its parameters no longer build route '\(link.route)': \(error.detail)")
        }
        if route.definition.webOnly {
            return broken("web-only", "route '\(link.route)' is now web only: the app does not open it")
        }
        if let old {
            let before = old.urls(route: link.route, parameters: link.routeParameters, query: link.queryParameters)
            let after = new.urls(route: link.route, parameters: link.routeParameters, query: link.queryParameters)
            let beforeURL = before.universal ?? before.scheme, afterURL = after.universal ?? after.scheme
            if let beforeURL, beforeURL != afterURL {
                return broken("opens-elsewhere", "its deep link changes from \(beforeURL) to \(afterURL ?? "nothing")")
            }
            if let afterURL, let beforeRoute = try? old.table.resolve(afterURL).route, let afterRoute = try? new.table.resolve(afterURL).route,
               beforeRoute != afterRoute {
                return broken("opens-elsewhere", "\(afterURL) now opens '\(afterRoute)' instead of '\(beforeRoute)'")
            }
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
