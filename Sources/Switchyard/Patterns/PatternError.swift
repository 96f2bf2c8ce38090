/// A syntax error in a route pattern: what is wrong, in which pattern, and at which character.
///
/// Positions are 1-based character columns, as an editor shows them:
/// `bad/:` fails with "empty parameter name at 5 in 'bad/:'".
///
/// ```swift
/// do { _ = try RoutePattern("bad/:") }
/// catch { print(error) } // empty parameter name at 5 in 'bad/:'
/// ```
public struct PatternError: CodedError, Sendable, Hashable {
    /// What went wrong.
    public let code: Code
    /// The pattern as written.
    public let pattern: String
    /// The 1-based character column of the offending character, when one can be named.
    public let position: Int?
    /// What is wrong in words, without the position and pattern (`empty parameter name`).
    public let message: String

    init(_ code: Code, _ message: String, pattern: String, position: Int?) {
        self.code = code
        self.message = message
        self.pattern = pattern
        self.position = position
    }

    /// `message at position in 'pattern'`, the form every tool prints.
    public var description: String {
        if let position { return "\(message) at \(position) in '\(pattern)'" }
        return "\(message) in '\(pattern)'"
    }
}

/// The kind of syntax error, for matching in code: `catch let e as PatternError where e.code == .emptyParameterName`.
extension ErrorCode<PatternError> {
    /// The pattern is empty (write `/` for the root route).
    public static var emptyPattern: Self { Self(rawValue: "empty_pattern") }
    /// `:` or `{}` with no name.
    public static var emptyParameterName: Self { Self(rawValue: "empty_parameter_name") }
    /// A parameter or screen name with a character other than letters, digits and `_`.
    public static var invalidName: Self { Self(rawValue: "invalid_name") }
    /// A `{` with no matching `}`, or a `<` with no matching `>`.
    public static var unclosedBracket: Self { Self(rawValue: "unclosed_bracket") }
    /// A character that cannot appear where it is.
    public static var unexpectedCharacter: Self { Self(rawValue: "unexpected_character") }
    /// `<>` with no constraint name.
    public static var emptyConstraint: Self { Self(rawValue: "empty_constraint") }
    /// A constraint name that is neither built in (`int`, `uuid`) nor registered.
    public static var unknownConstraint: Self { Self(rawValue: "unknown_constraint") }
    /// `{}` after a segment with no screen name.
    public static var emptyScreenName: Self { Self(rawValue: "empty_screen_name") }
    /// `!` (modal) on a segment that names no screen.
    public static var modalWithoutScreen: Self { Self(rawValue: "modal_without_screen") }
    /// A rest parameter (`{path...}`) that is not the last segment.
    public static var restNotLast: Self { Self(rawValue: "rest_not_last") }
    /// A constraint on a rest parameter.
    public static var constrainedRest: Self { Self(rawValue: "constrained_rest") }
    /// The same parameter name twice in one pattern.
    public static var duplicateParameter: Self { Self(rawValue: "duplicate_parameter") }
    /// A `(` without `)` or a `)` without `(`.
    public static var unbalancedParenthesis: Self { Self(rawValue: "unbalanced_parenthesis") }
    /// `()` with nothing inside.
    public static var emptyGroup: Self { Self(rawValue: "empty_group") }
    /// More optional groups than the matcher expands (over 64 forms).
    public static var tooManyOptionalGroups: Self { Self(rawValue: "too_many_optional_groups") }
    /// An invalid `%` escape in a static segment.
    public static var invalidPercentEncoding: Self { Self(rawValue: "invalid_percent_encoding") }
}
