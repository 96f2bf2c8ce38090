extension RouteTableBuilder {
    /// The problems with the former names of the route at `index`, and with its name as some
    /// accepted route's former name: a former name must never be a route's name, nor repeat, so
    /// that every stored name opens exactly one route.
    func formerNameIssues(route index: Int) -> [RouteTableBuildError.Issue] {
        var issues: [RouteTableBuildError.Issue] = []
        let definition = definitions[index]
        func issue(_ message: String, with other: Int? = nil) {
            let others = other.map { [$0] } ?? []
            issues.append(.init(code: .invalidFormerName, patterns: others.map { definitions[$0].pattern } + [definition.pattern],
                                routeIndices: others + [index], position: nil, message: message))
        }
        let label = Self.label(index, definitions[index])
        if let name = definition.name, let owner = formerNames[name] {
            issue("route name '\(name)' of \(label) is a former name of \(Self.label(owner, definitions[owner])): "
                  + "links made under it would open another route", with: owner)
        }
        var seen: Set<String> = []
        for former in definition.formerNames {
            if former == definition.name {
                issue("former name '\(former)' of \(label) is its own name")
            } else if let owner = names[former] {
                issue("former name '\(former)' of \(label) is the name of \(Self.label(owner, definitions[owner]))", with: owner)
            } else if let owner = formerNames[former] {
                issue("former name '\(former)' of \(label) is also a former name of \(Self.label(owner, definitions[owner]))", with: owner)
            } else if !seen.insert(former).inserted {
                issue("former name '\(former)' of \(label) is listed twice")
            }
        }
        return issues
    }

    /// Records an accepted route's former names.
    mutating func keepFormerNames(route index: Int) {
        for former in definitions[index].formerNames { formerNames[former] = index }
    }

    /// `route 2 ('product/:id')`: 1-based, as every table issue names routes.
    static func label(_ index: Int, _ definition: RouteDefinition) -> String {
        "route \(index + 1) ('\(definition.pattern)')"
    }
}
