/// A route of a compiled table: its definition, its parsed pattern and its position.
public struct Route: Sendable, Hashable {
    /// The route as declared.
    public var definition: RouteDefinition { data.definitions[index] }
    /// The parsed pattern (parsed on first use, then kept by the table).
    public var pattern: RoutePattern { data.pattern(at: index) }
    /// The route's index in its table (declaration order).
    public let index: Int
    /// What the table's routes share.
    let data: RouteData

    init(index: Int, data: RouteData) {
        self.index = index
        self.data = data
    }

    /// The pattern as written.
    public var text: String { data.definitions[index].pattern }
    /// The route's name, if it has one.
    public var name: String? { data.definitions[index].name }

    /// Routes are equal when their definitions, positions and delimiters are (the parsed pattern
    /// follows from the text and the delimiter).
    public static func == (lhs: Route, rhs: Route) -> Bool {
        lhs.index == rhs.index && lhs.data.delimiter == rhs.data.delimiter && lhs.definition == rhs.definition
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(definition)
        hasher.combine(index)
        hasher.combine(data.delimiter)
    }
}
