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
public struct LinkBuildError: CodedError, Sendable, Hashable {
    /// What went wrong.
    public let code: Code
    /// The full message.
    public let message: String
    /// The pattern of the route being built, when one was found.
    public let route: String?
    /// For `shadowed`: the pattern of the route the built URL opens instead (nil when it
    /// opens none, or opens the same route with other parameters).
    public let openedRoute: String?

    init(_ code: Code, _ message: String, route: String? = nil, openedRoute: String? = nil) {
        self.code = code
        self.message = message
        self.route = route
        self.openedRoute = openedRoute
    }
}

/// The kind of problem, for matching in code: `catch let e as LinkBuildError where e.code == .missingParameter`.
extension ErrorCode<LinkBuildError> {
    /// No route has this name or pattern.
    public static var unknownRoute: Self { Self(rawValue: "unknown_route") }
    /// The link to rebuild matched no route.
    public static var unmatchedLink: Self { Self(rawValue: "unmatched_link") }
    /// A parameter the route needs was not given.
    public static var missingParameter: Self { Self(rawValue: "missing_parameter") }
    /// A parameter the route does not take was given.
    public static var unknownParameter: Self { Self(rawValue: "unknown_parameter") }
    /// A parameter's value is empty: it would leave an empty segment, which matching skips.
    public static var emptyValue: Self { Self(rawValue: "empty_value") }
    /// A rest parameter's value has an empty segment (`a//b`, a leading or trailing delimiter).
    public static var emptySegment: Self { Self(rawValue: "empty_segment") }
    /// A value does not satisfy its parameter's constraint (`<int>`, `<uuid>`, a custom one).
    public static var constraintViolation: Self { Self(rawValue: "constraint_violation") }
    /// No optional-group form of the route takes exactly the given parameters.
    public static var noMatchingForm: Self { Self(rawValue: "no_matching_form") }
    /// The scheme is not one the table answers, or not a custom scheme at all.
    public static var invalidScheme: Self { Self(rawValue: "invalid_scheme") }
    /// The host is not one of the table's universal-link hosts.
    public static var unknownHost: Self { Self(rawValue: "unknown_host") }
    /// Both a scheme and a host were given.
    public static var schemeAndHost: Self { Self(rawValue: "scheme_and_host") }
    /// A value holds a character no link can carry (a control character in the path, NUL anywhere).
    public static var invalidValue: Self { Self(rawValue: "invalid_value") }
    /// The built URL would open another route (or the same route with other parameters).
    public static var shadowed: Self { Self(rawValue: "shadowed") }
    /// The built URL is not readable by the table (it is over the table's length limit, say).
    public static var unresolvable: Self { Self(rawValue: "unresolvable") }
}
