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
public struct RouteTableBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem in a table.
    public struct Issue: Sendable, Hashable, CustomStringConvertible {
        /// The kind of problem.
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            /// The stable snake_case name of the code.
            public let rawValue: String
            /// The ``rawValue``.
            public var description: String { rawValue }

            /// A pattern does not parse (see ``PatternError``).
            public static let syntax = Code(rawValue: "syntax")
            /// A pattern names a constraint that is neither built in nor registered.
            public static let unknownConstraint = Code(rawValue: "unknown_constraint")
            /// Two patterns match exactly the same URLs.
            public static let conflict = Code(rawValue: "conflict")
            /// Two routes share a name.
            public static let duplicateName = Code(rawValue: "duplicate_name")
            /// A setting other than a scheme, host or delimiter is invalid (a constraint redefined).
            public static let invalidSetting = Code(rawValue: "invalid_setting")
            /// A scheme breaks RFC 3986 or is `http`/`https` (the same code as the file loader's).
            public static let invalidScheme = Code(rawValue: "invalid_scheme")
            /// A host is not a bare host name (the same code as the file loader's).
            public static let invalidHost = Code(rawValue: "invalid_host")
            /// The delimiter is not one unreserved ASCII character (the same code as the file loader's).
            public static let invalidDelimiter = Code(rawValue: "invalid_delimiter")
            /// A screen annotation on an anonymous wildcard (`list/*{ItemScreen}`), which captures nothing.
            public static let screenOnWildcard = Code(rawValue: "screen_on_wildcard")
            /// A second modal step (`!`) in one route; a route presents at most one modal.
            public static let secondModal = Code(rawValue: "second_modal")
            /// Plan settings that contradict each other or the pattern: `"root"` with `"container"`,
            /// or `"presenter"` on a route without a modal step.
            public static let invalidPlanSetting = Code(rawValue: "invalid_plan_setting")
            /// A name in a ``GateFilter``'s routes that is neither a route name nor a pattern of the table.
            public static let unknownRoute = Code(rawValue: "unknown_route")
            /// A registration of a pattern that differs from a configuration route's only in its
            /// parameters' names or constraints (it would be a second route that never runs).
            public static let sameShape = Code(rawValue: "same_shape")
        }

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

    /// The kind of failure as a whole; ``issues`` says what each problem is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The stable snake_case name of the code.
        public let rawValue: String
        /// The ``rawValue``.
        public var description: String { rawValue }

        /// The table has at least one issue, and so was not built.
        public static let invalidTable = Code(rawValue: "invalid_table")

        /// Matches an error of this kind: `catch RouteTableBuildError.Code.invalidTable`.
        public static func ~= (pattern: Code, error: RouteTableBuildError) -> Bool { pattern == error.code }

        /// Matches an error of this kind, when the error is a ``RouteTableBuildError``.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? RouteTableBuildError).map { pattern == $0.code } ?? false
        }
    }

    /// What failed: always ``Code/invalidTable`` for now; each issue has its own code.
    public var code: Code { .invalidTable }

    /// Every problem, in table order.
    public let issues: [Issue]

    /// One line per issue.
    public var message: String { issues.map(\.message).joined(separator: "\n") }

    /// The message: one line per issue.
    public var description: String { message }
}
