import Foundation

/// A table's parsed patterns, kept once parsed. Matching never needs them (the matcher is built
/// straight from plain patterns' bytes), so a table parses a plain pattern into a
/// ``RoutePattern`` only when reverse routing, a navigation plan or an app first asks for it.
final class ParsedPatterns: @unchecked Sendable {
    let delimiter: Character
    // Guards `patterns` and `routesByPattern`; Foundation's lock, off the matching path.
    private let lock = NSLock()
    private var patterns: [Int: RoutePattern] = [:]
    private var routesByPattern: [String: Int]?

    init(delimiter: Character) {
        self.delimiter = delimiter
    }

    /// Keeps a pattern the compiler parsed anyway.
    func keep(_ pattern: RoutePattern, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        patterns[index] = pattern
    }

    /// The route's pattern, parsed on first use. The table compiled it, so it parses.
    func pattern(at index: Int, text: String) -> RoutePattern {
        lock.lock()
        defer { lock.unlock() }
        if let pattern = patterns[index] { return pattern }
        do {
            let pattern = try RoutePattern(text, delimiter: delimiter)
            patterns[index] = pattern
            return pattern
        } catch {
            preconditionFailure("a compiled route's pattern no longer parses: \(error)")
        }
    }

    /// The first route with exactly this pattern text; the index is built on first use.
    func route(withPattern text: String, in routes: [Route]) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if routesByPattern == nil {
            var index: [String: Int] = [:]
            index.reserveCapacity(routes.count)
            for route in routes where index[route.text] == nil { index[route.text] = route.index }
            routesByPattern = index
        }
        return routesByPattern?[text]
    }
}
