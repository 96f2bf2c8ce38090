import Switchyard

/// Why a link cannot be made: what the link rules (``LinkRules``), the route check
/// (``DeepLinkBuilder/target(route:parameters:)``) and the Firebase long-link reader refuse,
/// whoever asks (the API, the dashboard, the importer, `explain`, `GET /?link=`). HTTP is added at
/// the edge (``Problem/init(_:)-LinkRuleError``: a 400 whose kind is the code's name with hyphens);
/// the importer and `explain` match codes.
///
/// ```swift
/// do {
///     _ = try builder.target(route: "nope", parameters: [:])
/// } catch LinkRuleError.Code.unknownRoute {
///     // "no route named or patterned 'nope' in the route table"
/// }
/// ```
struct LinkRuleError: CodedError, Sendable, Hashable {
    /// The kind of refusal.
    let code: Code
    /// What is wrong, naming the field or parameter.
    let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The refusal of the SDK's reverse routing, by the kind of its ``LinkBuildError``.
    init(_ error: LinkBuildError) {
        let code: Code = switch error.code {
        case .unknownRoute: .unknownRoute
        case .missingParameter, .emptyValue, .emptySegment, .noMatchingForm: .missingParameter
        case .unknownParameter: .unknownParameter
        case .constraintViolation: .constraintViolation
        case .shadowed: .parameterMismatch
        default: .invalidRouteParameters
        }
        self.init(code, error.message)
    }

    /// How the API names each code (the problem's kind and title).
    var problemKind: (kind: String, title: String) {
        switch code {
        case .unknownRoute: ("unknown-route", "Unknown route")
        case .missingParameter: ("missing-parameter", "Missing route parameter")
        case .unknownParameter: ("unknown-parameter", "Unknown route parameter")
        case .constraintViolation: ("constraint-violation", "Route parameter refused by its constraint")
        case .parameterMismatch: ("parameter-mismatch", "Parameters open another route")
        case .missingFallback: ("missing-fallback", "Missing web fallback")
        case .fallbackRefused: ("fallback-refused", "Fallback URL refused")
        case .invalidPreview: ("invalid-preview", "Invalid preview")
        case .expiryInPast: ("expiry-in-past", "Expiry in the past")
        case .emptyValidity: ("empty-validity", "Link never valid")
        case .invalidAlias: ("invalid-alias", "Invalid alias")
        case .foreignHost: ("foreign-host", "Deep link on a foreign host")
        case .invalidLongLink: ("invalid-long-link", "Invalid long link")
        case .unroutedDeepLink: ("unknown-route", "No route for the deep link")
        case .invalidRule: ("invalid-rule", "Invalid redirect rule")
        default: ("invalid-route-parameters", "Invalid route parameters")
        }
    }
}

extension ErrorCode<LinkRuleError> {
    /// No route of the table has the name or pattern.
    static var unknownRoute: Self { Self(rawValue: "unknown_route") }
    /// A parameter the route needs is missing or empty.
    static var missingParameter: Self { Self(rawValue: "missing_parameter") }
    /// A parameter the route does not have.
    static var unknownParameter: Self { Self(rawValue: "unknown_parameter") }
    /// A value the parameter's constraint refuses.
    static var constraintViolation: Self { Self(rawValue: "constraint_violation") }
    /// Parameters that would open another route (or the route with other values).
    static var parameterMismatch: Self { Self(rawValue: "parameter_mismatch") }
    /// Any other refusal of the route's parameters.
    static var invalidRouteParameters: Self { Self(rawValue: "invalid_route_parameters") }
    /// A link without a route and without a web fallback.
    static var missingFallback: Self { Self(rawValue: "missing_fallback") }
    /// A URL a visitor would be sent to is not on an allowed fallback domain.
    static var fallbackRefused: Self { Self(rawValue: "fallback_refused") }
    /// The preview image is not an absolute http(s) URL.
    static var invalidPreview: Self { Self(rawValue: "invalid_preview") }
    /// The expiry is not in the future.
    static var expiryInPast: Self { Self(rawValue: "expiry_in_past") }
    /// The link would start no earlier than it expires (`validSince` at or after `expiresAt`).
    static var emptyValidity: Self { Self(rawValue: "empty_validity") }
    /// The alias is malformed or reserved.
    static var invalidAlias: Self { Self(rawValue: "invalid_alias") }
    /// A long link's deep link is on a host the route table does not own.
    static var foreignHost: Self { Self(rawValue: "foreign_host") }
    /// A long link's deep link cannot be read.
    static var invalidLongLink: Self { Self(rawValue: "invalid_long_link") }
    /// A long link's deep link matches no route.
    static var unroutedDeepLink: Self { Self(rawValue: "unrouted_deep_link") }
    /// A redirect rule (or A/B variant) that does not read, whose target the route table or the
    /// fallback domains refuse, or a country condition without a GeoIP database.
    static var invalidRule: Self { Self(rawValue: "invalid_rule") }
}
