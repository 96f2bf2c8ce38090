/// A route of a compiled table: its definition, its parsed pattern and its position.
public struct Route: Sendable, Hashable {
    /// The route as declared.
    public let definition: RouteDefinition
    /// The parsed pattern.
    public let pattern: RoutePattern
    /// The route's index in its table (declaration order).
    public let index: Int

    /// The pattern as written.
    public var text: String { definition.pattern }
    /// The route's name, if it has one.
    public var name: String? { definition.name }
}
