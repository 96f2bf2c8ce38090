/// Why a URL could not be built for a route: an unknown route, a missing, unknown, empty or
/// invalid parameter, a scheme or host the table does not answer, or a URL that would open
/// another route.
///
/// Messages are a contract; tools print them as they are:
///
/// ```swift
/// do { _ = try table.url(for: "product/:id<int>", parameters: ["id": "abc"]) }
/// catch { print(error) } // parameter 'id' is 'abc', which does not satisfy <int> in 'product/:id<int>'
/// ```
public struct LinkBuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem, for matching in code: `catch let e as LinkBuildError where e.code == .missingParameter`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let kind: Kind
        private enum Kind: String, Sendable, Hashable {
            case unknownRoute = "unknown_route"
            case unmatchedLink = "unmatched_link"
            case missingParameter = "missing_parameter"
            case unknownParameter = "unknown_parameter"
            case emptyValue = "empty_value"
            case emptySegment = "empty_segment"
            case constraintViolation = "constraint_violation"
            case noMatchingForm = "no_matching_form"
            case invalidScheme = "invalid_scheme"
            case unknownHost = "unknown_host"
            case schemeAndHost = "scheme_and_host"
            case invalidValue = "invalid_value"
            case shadowed = "shadowed"
            case unresolvable = "unresolvable"
        }

        /// The code as a stable snake_case string (used in the command line's JSON output).
        public var rawValue: String { kind.rawValue }
        /// The ``rawValue``.
        public var description: String { kind.rawValue }

        /// Matches an error of this kind: `catch LinkBuildError.Code.missingParameter`.
        public static func ~= (pattern: Code, error: LinkBuildError) -> Bool { pattern == error.code }

        /// Matches an error of this kind, when the error is a ``LinkBuildError``.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? LinkBuildError).map { pattern == $0.code } ?? false
        }

        /// No route has this name or pattern.
        public static let unknownRoute = Code(kind: .unknownRoute)
        /// The link to rebuild matched no route.
        public static let unmatchedLink = Code(kind: .unmatchedLink)
        /// A parameter the route needs was not given.
        public static let missingParameter = Code(kind: .missingParameter)
        /// A parameter the route does not take was given.
        public static let unknownParameter = Code(kind: .unknownParameter)
        /// A parameter's value is empty: it would leave an empty segment, which matching skips.
        public static let emptyValue = Code(kind: .emptyValue)
        /// A rest parameter's value has an empty segment (`a//b`, a leading or trailing delimiter).
        public static let emptySegment = Code(kind: .emptySegment)
        /// A value does not satisfy its parameter's constraint (`<int>`, `<uuid>`, a custom one).
        public static let constraintViolation = Code(kind: .constraintViolation)
        /// No optional-group form of the route takes exactly the given parameters.
        public static let noMatchingForm = Code(kind: .noMatchingForm)
        /// The scheme is not one the table answers, or not a custom scheme at all.
        public static let invalidScheme = Code(kind: .invalidScheme)
        /// The host is not one of the table's universal-link hosts.
        public static let unknownHost = Code(kind: .unknownHost)
        /// Both a scheme and a host were given.
        public static let schemeAndHost = Code(kind: .schemeAndHost)
        /// A value holds a character no link can carry (a control character in the path, NUL anywhere).
        public static let invalidValue = Code(kind: .invalidValue)
        /// The built URL would open another route (or the same route with other parameters).
        public static let shadowed = Code(kind: .shadowed)
        /// The built URL is not readable by the table (it is over the table's length limit, say).
        public static let unresolvable = Code(kind: .unresolvable)
    }

    /// What went wrong.
    public let code: Code
    /// The full message.
    public let message: String
    /// The pattern of the route being built, when one was found.
    public let route: String?
    /// For ``Code/shadowed``: the pattern of the route the built URL opens instead (nil when it
    /// opens none, or opens the same route with other parameters).
    public let openedRoute: String?

    init(_ code: Code, _ message: String, route: String? = nil, openedRoute: String? = nil) {
        self.code = code
        self.message = message
        self.route = route
        self.openedRoute = openedRoute
    }

    /// The message.
    public var description: String { message }
}
