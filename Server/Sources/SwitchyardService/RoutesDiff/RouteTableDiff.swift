public import Switchyard

/// What changes between two route tables, route by route: `switchyard routes diff OLD NEW`.
///
/// Routes are paired by name, then by a new route's `formerNames`, then by pattern, then by shape
/// (the same pattern with its parameters renamed). Each change has a kind:
///
/// | kind | meaning |
/// | --- | --- |
/// | `removed` | an old route has no counterpart |
/// | `added` | a new route |
/// | `pattern-changed` | a route's pattern changed (links stored under its name follow it while their parameters fit) |
/// | `parameter-renamed` | the same shape with other parameter names |
/// | `parameter-removed`, `parameter-added` | a parameter left or joined the pattern |
/// | `constraint-changed` | a parameter's constraint changed (`narrowed` when values were refused before) |
/// | `renamed` | another name (through `formerNames`, or the same pattern under another name) |
/// | `web-only` | an app route became web only; `app-route` the reverse |
/// | `plan-changed` | the screens, modal steps, container, presenter, defaults or allowed parameters changed |
/// | `since-raised` | a platform's `since` went up: apps older than it get the fallback instead of the deep link |
/// | `host-removed`, `scheme-removed`, `app-removed` | the table stopped naming a host, scheme or app |
public struct RouteTableDiff: Sendable {
    /// One change.
    public struct Change: Sendable, Hashable {
        /// The kind (see the type's table).
        public var kind: String
        /// The route concerned, as written in the table (the new pattern where it changed); nil
        /// for a host, scheme or app.
        public var route: String?
        /// What changed.
        public var message: String

        /// Creates a change.
        public init(kind: String, route: String?, message: String) {
            self.kind = kind
            self.route = route
            self.message = message
        }
    }

    /// The changes, old routes' order first, then the added routes.
    public let changes: [Change]

    /// Compares two compiled tables.
    public init(old: RouteTable, new: RouteTable) {
        var changes: [Change] = []
        let oldConfig = old.configuration, newConfig = new.configuration
        for host in oldConfig.hosts where !newConfig.hosts.contains(where: { $0.lowercased() == host.lowercased() }) {
            changes.append(Change(kind: "host-removed", route: nil, message: "host '\(host)' is no longer in the table: its universal links are rejected"))
        }
        for scheme in oldConfig.schemes where !newConfig.schemes.contains(where: { $0.lowercased() == scheme.lowercased() }) {
            changes.append(Change(kind: "scheme-removed", route: nil, message: "scheme '\(scheme)' is no longer in the table: its URLs are rejected"))
        }
        for app in oldConfig.apps.ios where !newConfig.apps.ios.contains(app) {
            changes.append(Change(kind: "app-removed", route: nil, message: "iOS app '\(app)' is no longer in the association files"))
        }
        for app in oldConfig.apps.android where !newConfig.apps.android.contains(where: { $0.package == app.package }) {
            changes.append(Change(kind: "app-removed", route: nil, message: "Android app '\(app.package)' is no longer in assetlinks.json"))
        }
        var paired: Set<Int> = []
        for route in old.routes {
            guard let counterpart = Self.counterpart(of: route, in: new, excluding: paired) else {
                changes.append(Change(kind: "removed", route: route.text, message: "route '\(route.text)'\(route.name.map { " (\($0))" } ?? "") was removed"))
                continue
            }
            paired.insert(counterpart.index)
            changes += Self.compare(route, counterpart)
        }
        for route in new.routes where !paired.contains(route.index) {
            changes.append(Change(kind: "added", route: route.text, message: "route '\(route.text)'\(route.name.map { " (\($0))" } ?? "") was added"))
        }
        self.changes = changes
    }

    /// The new route an old one became: same name, else same pattern, else same shape.
    static func counterpart(of route: Route, in table: RouteTable, excluding paired: Set<Int>) -> Route? {
        let candidates = table.routes.filter { !paired.contains($0.index) }
        if let name = route.name, let byName = candidates.first(where: { $0.name == name })
            ?? candidates.first(where: { $0.definition.formerNames.contains(name) }) { return byName }
        if let byPattern = candidates.first(where: { $0.text == route.text }) { return byPattern }
        let shape = Self.shape(route)
        return candidates.first { Self.shape($0) == shape }
    }

    /// The pattern's forms with parameter names and constraints left out: `product/:/reviews`.
    static func shape(_ route: Route) -> [[String]] {
        route.pattern.forms.map { form in
            form.map { segment in
                switch segment.kind {
                case .literal(let text): "=" + text
                case .parameter: ":"
                case .wildcard: "*"
                case .rest: "..."
                }
            }
        }
    }

    /// Each parameter's constraint, by name.
    static func parameters(_ route: Route) -> [String: String] {
        var result: [String: String] = [:]
        for form in route.pattern.forms {
            for segment in form {
                if let name = segment.parameterName { result[name] = segment.constraint ?? "" }
            }
        }
        return result
    }

    /// The plan a route builds, as comparable text.
    static func plan(_ route: Route) -> String {
        let definition = route.definition
        let screens = route.pattern.forms.map { form in
            form.map { ($0.screen ?? "-") + ($0.isModal ? "!" : "") }.joined(separator: "/")
        }
        return [screens.joined(separator: "|"), definition.container ?? "", definition.presenter ?? "",
                "\(definition.replacesRoot)", definition.defaults.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&"),
                definition.allowedParameters?.joined(separator: ",") ?? "*"].joined(separator: " ")
    }

    static func compare(_ old: Route, _ new: Route) -> [Change] {
        var changes: [Change] = []
        let label = new.name.map { "route '\($0)'" } ?? "route '\(new.text)'"
        if old.text != new.text {
            if shape(old) == shape(new) && Set(parameters(old).keys) != Set(parameters(new).keys) {
                let oldNames = old.pattern.parameterNames, newNames = new.pattern.parameterNames
                let renamed = zip(oldNames, newNames).filter { $0 != $1 }.map { "'\($0)' → '\($1)'" }.joined(separator: ", ")
                changes.append(Change(kind: "parameter-renamed", route: new.text,
                                      message: "\(label): parameter \(renamed) ('\(old.text)' → '\(new.text)')"))
            } else {
                changes.append(Change(kind: "pattern-changed", route: new.text, message: "\(label): pattern '\(old.text)' → '\(new.text)'"))
                let oldParameters = parameters(old), newParameters = parameters(new)
                for name in oldParameters.keys.sorted() where newParameters[name] == nil {
                    changes.append(Change(kind: "parameter-removed", route: new.text, message: "\(label): parameter '\(name)' was removed"))
                }
                for name in newParameters.keys.sorted() where oldParameters[name] == nil {
                    changes.append(Change(kind: "parameter-added", route: new.text, message: "\(label): parameter '\(name)' was added"))
                }
            }
            let oldParameters = parameters(old), newParameters = parameters(new)
            for (name, constraint) in oldParameters.sorted(by: { $0.key < $1.key }) {
                guard let now = newParameters[name], now != constraint else { continue }
                let narrowed = constraint.isEmpty
                changes.append(Change(kind: "constraint-changed", route: new.text,
                                      message: "\(label): parameter '\(name)' " + (constraint.isEmpty ? "any value" : "<\(constraint)>")
                                        + " → " + (now.isEmpty ? "any value" : "<\(now)>") + (narrowed ? " (narrowed: values it accepted may now be refused)" : "")))
            }
        }
        if old.name != new.name {
            var note = ""
            if let former = old.name {
                note = new.definition.formerNames.contains(former)
                    ? " (links made under '\(former)' open it through formerNames)"
                    : " (links made under '\(former)' find it only by their pattern '\(old.text)'\(old.text == new.text ? "" : ", which changed: they break")"
                        + "; add \"formerNames\": [\"\(former)\"])"
            }
            changes.append(Change(kind: "renamed", route: new.text,
                                  message: "route '\(new.text)': name \(old.name.map { "'\($0)'" } ?? "none") → \(new.name.map { "'\($0)'" } ?? "none")" + note))
        }
        if !old.definition.webOnly && new.definition.webOnly {
            changes.append(Change(kind: "web-only", route: new.text, message: "\(label) became web only: the app no longer opens it"))
        } else if old.definition.webOnly && !new.definition.webOnly {
            changes.append(Change(kind: "app-route", route: new.text, message: "\(label) is no longer web only: the app opens it"))
        }
        changes += sinceRaised(old, new, label: label)
        if plan(old) != plan(new) {
            changes.append(Change(kind: "plan-changed", route: new.text,
                                  message: "\(label): its navigation plan changed (screens, modal steps, container, presenter, defaults or allowed parameters)"))
        }
        return changes
    }
}
