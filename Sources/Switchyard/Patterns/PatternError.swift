/// A syntax error in a route pattern: what is wrong, in which pattern, and at which character.
///
/// Positions are 1-based character columns, as an editor shows them:
/// `bad/:` fails with "empty parameter name at 5 in 'bad/:'".
///
/// ```swift
/// do { _ = try RoutePattern("bad/:") }
/// catch { print(error) } // empty parameter name at 5 in 'bad/:'
/// ```
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of syntax error, for matching in code: `catch let e as PatternError where e.code == .emptyParameterName`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a stable snake_case string (used in the command line's JSON output).
        public let rawValue: String
        /// The ``rawValue``.
        public var description: String { rawValue }

        /// Matches an error of this kind: `case PatternError.Code.emptyParameterName = error`.
        public static func ~= (pattern: Code, error: PatternError) -> Bool { pattern == error.code }

        /// Matches an error of this kind, when the error is a ``PatternError``: `catch PatternError.Code.restNotLast`.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? PatternError).map { pattern == $0.code } ?? false
        }

        /// The pattern is empty (write `/` for the root route).
        public static let emptyPattern = Code(rawValue: "empty_pattern")
        /// `:` or `{}` with no name.
        public static let emptyParameterName = Code(rawValue: "empty_parameter_name")
        /// A parameter or screen name with a character other than letters, digits and `_`.
        public static let invalidName = Code(rawValue: "invalid_name")
        /// A `{` with no matching `}`, or a `<` with no matching `>`.
        public static let unclosedBracket = Code(rawValue: "unclosed_bracket")
        /// A character that cannot appear where it is.
        public static let unexpectedCharacter = Code(rawValue: "unexpected_character")
        /// `<>` with no constraint name.
        public static let emptyConstraint = Code(rawValue: "empty_constraint")
        /// A constraint name that is neither built in (`int`, `uuid`) nor registered.
        public static let unknownConstraint = Code(rawValue: "unknown_constraint")
        /// `{}` after a segment with no screen name.
        public static let emptyScreenName = Code(rawValue: "empty_screen_name")
        /// `!` (modal) on a segment that names no screen.
        public static let modalWithoutScreen = Code(rawValue: "modal_without_screen")
        /// A rest parameter (`{path...}`) that is not the last segment.
        public static let restNotLast = Code(rawValue: "rest_not_last")
        /// A constraint on a rest parameter.
        public static let constrainedRest = Code(rawValue: "constrained_rest")
        /// The same parameter name twice in one pattern.
        public static let duplicateParameter = Code(rawValue: "duplicate_parameter")
        /// A `(` without `)` or a `)` without `(`.
        public static let unbalancedParenthesis = Code(rawValue: "unbalanced_parenthesis")
        /// `()` with nothing inside.
        public static let emptyGroup = Code(rawValue: "empty_group")
        /// More optional groups than the matcher expands (over 64 forms).
        public static let tooManyOptionalGroups = Code(rawValue: "too_many_optional_groups")
        /// An invalid `%` escape in a static segment.
        public static let invalidPercentEncoding = Code(rawValue: "invalid_percent_encoding")
    }

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
