import Foundation

/// What a table's routes share: their definitions, and their parsed patterns once parsed.
///
/// Matching never needs a ``RoutePattern`` (the matcher is built straight from plain patterns'
/// bytes), so a plain pattern is parsed only when reverse routing, a navigation plan or an app
/// first asks for it, and kept. A ``Route`` is an index into this.
final class RouteData: @unchecked Sendable {
    let definitions: [RouteDefinition]
    let delimiter: Character
    // Guards `patterns` and `routesByPattern`; Foundation's lock, off the matching path.
    private let lock = NSLock()
    private var patterns: [Int: RoutePattern] = [:]
    private var routesByPattern: [String: Int]?

    init(definitions: [RouteDefinition], delimiter: Character) {
        self.definitions = definitions
        self.delimiter = delimiter
    }

    /// Keeps a pattern the compiler parsed anyway.
    func keep(_ pattern: RoutePattern, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        patterns[index] = pattern
    }

    /// The route's pattern, parsed on first use. The table compiled it, so it parses.
    func pattern(at index: Int) -> RoutePattern {
        lock.lock()
        defer { lock.unlock() }
        if let pattern = patterns[index] { return pattern }
        do {
            let pattern = try RoutePattern(definitions[index].pattern, delimiter: delimiter)
            patterns[index] = pattern
            return pattern
        } catch {
            preconditionFailure("a compiled route's pattern no longer parses: \(error)")
        }
    }

    /// The first route with exactly this pattern text; the index is built on first use.
    func route(withPattern text: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if routesByPattern == nil {
            var index: [String: Int] = [:]
            index.reserveCapacity(definitions.count)
            for (position, definition) in definitions.enumerated() where index[definition.pattern] == nil {
                index[definition.pattern] = position
            }
            routesByPattern = index
        }
        return routesByPattern?[text]
    }
}
