/// Everything wrong with a route table, found when it is built (``RouteTable/init(_:constraints:maximumInputLength:)``,
/// ``RouteTableBuilder``, a ``Router``'s registration): syntax errors, unknown constraints,
/// conflicts between patterns, duplicate names and bad settings. A route-table file that cannot
/// be read fails earlier, with a ``RouteTableFileError``.
///
/// All problems are collected, so a tool can report them at once:
///
/// ```swift
/// do { _ = try RouteTable(configuration) }
/// catch { for issue in error.issues { print(issue) } }
/// // conflict: 'product/:id' and 'product/{pid}' match the same URLs
/// ```
public struct RouteTableBuildError: CodedError, Sendable, Hashable {
    /// One problem in a table.
    public struct Issue: Sendable, Hashable, CustomStringConvertible {
        /// The kind of problem.
        public typealias Code = ErrorCode<Issue>

        /// The kind of problem.
        public let code: Code
        /// The patterns involved: one, or both sides of a conflict.
        public let patterns: [String]
        /// The indices of the routes involved, in table order.
        public let routeIndices: [Int]
        /// The 1-based character position in the first pattern, when one can be named.
        public let position: Int?
        /// The full message.
        public let message: String

        /// The message.
        public var description: String { message }
    }

    /// What failed: always `invalidTable`; each issue has its own code.
    public var code: Code { .invalidTable }

    /// Every problem, in table order.
    public let issues: [Issue]

    /// One line per issue.
    public var message: String { issues.map(\.message).joined(separator: "\n") }
}

/// The kind of failure as a whole; ``RouteTableBuildError/issues`` says what each problem is.
extension ErrorCode<RouteTableBuildError> {
    /// The table has at least one issue, and so was not built.
    public static var invalidTable: Self { Self(rawValue: "invalid_table") }
}

/// The kind of one problem in a table.
extension ErrorCode<RouteTableBuildError.Issue> {
    /// A pattern does not parse (see ``PatternError``).
    public static var syntax: Self { Self(rawValue: "syntax") }
    /// A pattern names a constraint that is neither built in nor registered.
    public static var unknownConstraint: Self { Self(rawValue: "unknown_constraint") }
    /// Two patterns match exactly the same URLs.
    public static var conflict: Self { Self(rawValue: "conflict") }
    /// Two routes share a name.
    public static var duplicateName: Self { Self(rawValue: "duplicate_name") }
    /// A route's former name is a route's name (its own or another's) or repeats (twice in one
    /// route's `formerNames`, or in two routes').
    public static var invalidFormerName: Self { Self(rawValue: "invalid_former_name") }
    /// A setting other than a scheme, host or delimiter is invalid (a constraint redefined).
    public static var invalidSetting: Self { Self(rawValue: "invalid_setting") }
    /// A scheme breaks RFC 3986 or is `http`/`https` (the same code as the file loader's).
    public static var invalidScheme: Self { Self(rawValue: "invalid_scheme") }
    /// A host is not a bare host name (the same code as the file loader's).
    public static var invalidHost: Self { Self(rawValue: "invalid_host") }
    /// The delimiter is not one unreserved ASCII character (the same code as the file loader's).
    public static var invalidDelimiter: Self { Self(rawValue: "invalid_delimiter") }
    /// A screen annotation on an anonymous wildcard (`list/*{ItemScreen}`), which captures nothing.
    public static var screenOnWildcard: Self { Self(rawValue: "screen_on_wildcard") }
    /// Plan settings that contradict each other or the pattern: `"root"` with `"container"`,
    /// or `"presenter"` on a route without a modal step.
    public static var invalidPlanSetting: Self { Self(rawValue: "invalid_plan_setting") }
    /// A name in a ``GateFilter``'s routes that is neither a route name nor a pattern of the table.
    public static var unknownRoute: Self { Self(rawValue: "unknown_route") }
    /// A registration of a pattern that differs from a configuration route's only in its
    /// parameters' names or constraints (it would be a second route that never runs).
    public static var sameShape: Self { Self(rawValue: "same_shape") }
}
