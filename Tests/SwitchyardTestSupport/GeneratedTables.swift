package import Switchyard

/// Compiles generated tables for the property tests.
package enum GeneratedTables {
    /// Compiles `configuration`. A table that fails only with conflicts is checked — each conflict
    /// must name patterns that really have an equivalent form — and compiled again without the later
    /// route of each conflict. Returns nil (after calling `record`) for any other failure; every
    /// problem found goes to `record` (each test target's `compile(_:seed:)` records it as an issue).
    package static func compile(_ configuration: RouteTableConfiguration, seed: UInt64,
                                recording record: (String) -> Void) -> RouteTable? {
        var configuration = configuration
        for _ in 0..<configuration.routes.count + 1 {
            do {
                return try RouteTable(configuration)
            } catch {
                var dropped: Set<Int> = []
                for issue in error.issues {
                    guard issue.code == .conflict else {
                        record("seed \(seed): unexpected table error: \(issue.message)")
                        return nil
                    }
                    let indices = issue.routeIndices
                    let a = configuration.routes[indices[0]].pattern
                    let b = configuration.routes[indices[indices.count - 1]].pattern
                    let delimiter = configuration.delimiter
                    guard let first = try? RoutePattern(a, delimiter: delimiter),
                          let second = try? RoutePattern(b, delimiter: delimiter) else {
                        record("seed \(seed): a conflict names a pattern that does not parse")
                        return nil
                    }
                    if !TableGenerator.haveEquivalentForms(first, indices.count == 1 ? nil : second,
                                                           caseSensitive: configuration.caseSensitive) {
                        record("seed \(seed): '\(issue.message)' but the patterns have no equivalent form")
                    }
                    dropped.insert(indices[indices.count - 1])
                }
                configuration.routes = configuration.routes.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
            }
        }
        record("seed \(seed): the table never compiled")
        return nil
    }
}
