/// A route of a compiled table: its definition, its parsed pattern and its position.
public struct Route: Sendable, Hashable {
    /// The route as declared.
    public let definition: RouteDefinition
    /// The parsed pattern (parsed on first use, then kept by the table).
    public var pattern: RoutePattern { patterns.pattern(at: index, text: definition.pattern) }
    /// The route's index in its table (declaration order).
    public let index: Int
    /// The table's store of parsed patterns.
    let patterns: ParsedPatterns

    init(definition: RouteDefinition, index: Int, patterns: ParsedPatterns) {
        self.definition = definition
        self.index = index
        self.patterns = patterns
    }

    /// The pattern as written.
    public var text: String { definition.pattern }
    /// The route's name, if it has one.
    public var name: String? { definition.name }

    /// Routes are equal when their definitions, positions and delimiters are (the parsed pattern
    /// follows from the text and the delimiter).
    public static func == (lhs: Route, rhs: Route) -> Bool {
        lhs.definition == rhs.definition && lhs.index == rhs.index && lhs.patterns.delimiter == rhs.patterns.delimiter
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(definition)
        hasher.combine(index)
        hasher.combine(patterns.delimiter)
    }
}
