public import Foundation
public import Switchyard
public import SwitchyardStore

extension RouteTableDiff {
    /// `since-raised` for each platform whose `since` went up (or appeared): apps older than the
    /// new version get the link's fallback instead of the deep link.
    static func sinceRaised(_ old: Route, _ new: Route, label: String) -> [Change] {
        let before = old.definition.since, after = new.definition.since
        var changes: [Change] = []
        if let now = after.ios, before.ios.map({ $0 < now }) ?? true {
            changes.append(Change(kind: "since-raised", route: new.text,
                                  message: "\(label): since iOS \(before.ios?.description ?? "any version") → \(now): iOS apps older than \(now) get the link's fallback instead of the deep link"))
        }
        if let now = after.android, before.android.map({ $0 < now }) ?? true {
            changes.append(Change(kind: "since-raised", route: new.text,
                                  message: "\(label): since Android \(before.android.map(String.init) ?? "any version") → \(now): Android apps older than versionCode \(now) get the link's fallback instead of the deep link"))
        }
        return changes
    }

    /// The `since-raised` changes of `changes` with how many live links of `store` their route
    /// has under `new` (``LiveRouteQueries/liveRouteGroups(at:)``: one aggregate query); the other
    /// changes as they are.
    public static func countingLiveLinks(_ changes: [Change], new: RouteTable, in store: any LinkStore,
                                         now: Date = Date()) async throws -> [Change] {
        guard changes.contains(where: { $0.kind == "since-raised" }) else { return changes }
        var counts: [String: Int] = [:]
        for group in try await store.liveRouteGroups(at: now) where !group.route.isEmpty {
            guard let (route, _) = StoredLinkRoute.route(name: group.routeName, pattern: group.route, in: new) else { continue }
            counts[route.text, default: 0] += group.count
        }
        return changes.map { change in
            guard change.kind == "since-raised", let route = change.route else { return change }
            var counted = change
            let count = counts[route] ?? 0
            counted.message += " (\(count == 1 ? "1 live link is" : "\(count) live links are") now shown to fewer app versions)"
            return counted
        }
    }
}
