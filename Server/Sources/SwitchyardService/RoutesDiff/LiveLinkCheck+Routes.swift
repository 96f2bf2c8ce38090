public import Foundation
import Switchyard
public import SwitchyardStore

extension LiveLinkCheck {
    /// The live links of `store` that break under the new table, found one stored route at a time
    /// without reading every link: what `serve` checks before it listens.
    ///
    /// The store answers, per stored route name, pattern and parameter names, how many live links
    /// there are and one of their codes (``LiveRouteQueries/liveRouteGroups(at:)``). That link is
    /// checked with ``check(_:)``:
    ///
    /// - it breaks for a reason its values do not decide (its route is gone or became web only, a
    ///   parameter is missing or unknown): every link of the group does (one ``BrokenLink`` with
    ///   ``BrokenLink/alike`` the others);
    /// - it opens, and no parameter's constraint or kind differs between the stored pattern and the
    ///   route's pattern now: every link of the group does (each was validated against the same
    ///   constraints when it was made);
    /// - otherwise (a constraint tightened, a value refused): each link of that group is read and
    ///   checked.
    ///
    /// - the route has a sibling that could outrank some of its values (`product/featured` beside
    ///   `product/:id`): each link of that group is read and checked too.
    ///
    /// - Complexity: one aggregate query, one link read per group, and the links of the groups
    ///   whose constraints changed or whose route has a sibling that may outrank it.
    public func brokenLinksByRoute(in store: any LinkStore, now: Date = Date()) async throws -> [BrokenLink] {
        var broken: [BrokenLink] = []
        for group in try await store.liveRouteGroups(at: now) {
            // Links without a route (route "") go to their web fallback whatever the table says.
            guard !group.route.isEmpty, let sample = try await store.link(code: group.firstCode), !sample.isGone(at: now) else { continue }
            let found = StoredLinkRoute.route(name: group.routeName, pattern: group.route, in: new.table)
            guard let failure = check(sample) else {
                if let found, !Self.constraintsChanged(stored: group.route, now: found.route, delimiter: new.table.configuration.delimiter),
                   !Self.mayBeOutranked(found.route, in: new.table) {
                    continue
                }
                broken += try await brokenLinks(of: group, in: store, now: now)
                continue
            }
            if case .failure(let reason) = StoredLinkRoute.check(sample, in: new.table), reason.dependsOnValues {
                broken += try await brokenLinks(of: group, in: store, now: now)
            } else {
                var whole = failure
                whole.alike = group.count - 1
                broken.append(whole)
            }
        }
        return broken
    }

    /// Each link of one group that breaks.
    func brokenLinks(of group: LiveRouteGroup, in store: any LinkStore, now: Date) async throws -> [BrokenLink] {
        var broken: [BrokenLink] = []
        var after: String?
        while true {
            let page = try await store.liveLinks(routeName: group.routeName, route: group.route, after: after, limit: 1000)
            for link in page where !link.isGone(at: now) && link.routeParameters.keys.sorted() == group.parameterNames {
                if let found = check(link) { broken.append(found) }
            }
            guard page.count == 1000, let last = page.last else { return broken }
            after = last.code
        }
    }

    /// Whether a parameter of `route` has another constraint or kind than in the stored pattern
    /// (or the stored pattern no longer parses): then values that were valid may not be now.
    static func constraintsChanged(stored: String, now route: Route, delimiter: Character) -> Bool {
        guard stored != route.text else { return false }
        guard let before = try? RoutePattern(stored, delimiter: delimiter) else { return true }
        func parameters(_ forms: [[PatternSegment]]) -> [String: String] {
            var result: [String: String] = [:]
            for form in forms {
                for segment in form {
                    guard let name = segment.parameterName else { continue }
                    let kind = if case .rest = segment.kind { "rest" } else { "one" }
                    result[name] = kind + "<" + (segment.constraint ?? "") + ">"
                }
            }
            return result
        }
        let old = parameters(before.forms)
        return parameters(route.pattern.forms).contains { name, shape in old[name].map { $0 != shape } ?? false }
    }

    /// Whether another route of `table` may match some URL of `route` and win by precedence: a
    /// form of the same length (or with a rest parameter) whose literals agree with the route's
    /// and that is more specific at some segment (a literal where the route has a parameter, a
    /// constraint where it has none). Conservative: it may say yes for routes that never collide.
    static func mayBeOutranked(_ route: Route, in table: RouteTable) -> Bool {
        func rank(_ segment: PatternSegment) -> Int {
            switch segment.kind {
            case .literal: 4
            case .parameter: segment.constraint == nil ? 2 : 3
            case .wildcard: 1
            case .rest: 0
            }
        }
        for other in table.routes where other.index != route.index {
            for mine in route.pattern.forms {
                for theirs in other.pattern.forms {
                    let hasRest = (mine + theirs).contains { if case .rest = $0.kind { true } else { false } }
                    guard hasRest || mine.count == theirs.count else { continue }
                    var agree = true, moreSpecific = false
                    for (a, b) in zip(mine, theirs) {
                        if case .literal(let x) = a.kind, case .literal(let y) = b.kind, x != y { agree = false; break }
                        if rank(b) > rank(a) { moreSpecific = true }
                    }
                    if agree && moreSpecific { return true }
                }
            }
        }
        return false
    }
}
