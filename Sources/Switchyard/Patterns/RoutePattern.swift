/// A parsed route pattern: its segments, optional groups and screen annotations.
///
/// The pattern language (see the Design article):
///
/// | form | meaning |
/// | --- | --- |
/// | `about/team` | static segments |
/// | `product/:product_id`, `post:{postId}` | a named parameter, one segment |
/// | `list/*` | an anonymous wildcard, exactly one segment |
/// | `docs/{path...}` | the rest of the path, one or more segments |
/// | `user/:id(/:tab)` | an optional group |
/// | `product/:id<int>`, `{id<uuid>}`, `:code<coupon>` | a constrained parameter |
/// | `list{ListScreen}/:itemID{DetailScreen}/extra{ExtraScreen}!` | the screen each segment shows; `!` presents it modally |
///
/// ```swift
/// let pattern = try RoutePattern("post:{postId}", delimiter: ":")
/// pattern.parameterNames // ["postId"]
/// ```
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    /// The delimiter it was parsed with.
    public let delimiter: Character
    /// The parsed elements: segments and optional groups, in order.
    public let elements: [PatternElement]
    /// Every concrete form the pattern matches, one per combination of its optional groups,
    /// shortest first. A pattern without optional groups has exactly one form.
    public let forms: [[PatternSegment]]

    /// Parses a pattern.
    ///
    /// - Throws: ``PatternError`` naming the reason and the 1-based character position.
    /// - Complexity: O(*n*) in the pattern's length, times the number of forms its optional groups give.
    public init(_ text: String, delimiter: Character = "/") throws(PatternError) {
        var parser = PatternParser(text: text, delimiter: delimiter)
        let elements = try parser.parse()
        self.text = text
        self.delimiter = delimiter
        self.elements = elements
        self.forms = try PatternParser.expand(elements, text: text)
    }

    /// The names of every parameter in the pattern (all forms), in order of appearance.
    public var parameterNames: [String] {
        var seen: [String] = []
        for form in forms {
            for segment in form {
                if let name = segment.parameterName, !seen.contains(name) { seen.append(name) }
            }
        }
        return seen
    }

    /// Whether any segment names a screen.
    public var hasScreens: Bool { forms.contains { $0.contains { $0.screen != nil } } }

    /// The pattern as written.
    public var description: String { text }
}

/// One element of a parsed pattern: a segment, or an optional group of elements.
public enum PatternElement: Sendable, Hashable {
    /// A single segment.
    case segment(PatternSegment)
    /// An optional group, `(...)`: the pattern matches with or without all of it.
    case optional([PatternElement])
}

/// One segment of a pattern.
public struct PatternSegment: Sendable, Hashable {
    /// What the segment matches.
    public enum Kind: Sendable, Hashable {
        /// Exactly this text (percent-decoded; lower-cased in case-insensitive tables).
        case literal(String)
        /// Any one segment, captured under the name.
        case parameter(String)
        /// Any one segment, not captured (`*`).
        case wildcard
        /// One or more segments to the end of the path, captured under the name (`{path...}`).
        case rest(String)
    }

    /// What the segment matches.
    public var kind: Kind
    /// The constraint's name for a constrained parameter (`int`, `uuid`, or a registered one).
    public var constraint: String?
    /// The screen this segment shows in a navigation plan (`list{ListScreen}`).
    public var screen: String?
    /// Whether the screen is presented modally (`!`).
    public var isModal: Bool
    /// The 1-based character column where the segment starts in its pattern.
    public var position: Int

    /// The captured parameter's name, if the segment captures one.
    public var parameterName: String? {
        switch kind {
        case .parameter(let name), .rest(let name): name
        case .literal, .wildcard: nil
        }
    }
}
