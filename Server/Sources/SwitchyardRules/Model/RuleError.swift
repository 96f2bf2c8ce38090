public import Switchyard

/// A rule, target or condition that the service does not take, with where it is:
/// `rules[2].conditions[0].value: 'XX' is not a country code (two letters, ISO 3166-1 alpha-2, like FR)`.
///
/// ```swift
/// do { try RedirectRule.validate(rules, countryDatabase: false) }
/// catch RuleError.Code.invalidRule { ... }
/// ```
public struct RuleError: CodedError, Sendable, Hashable {
    /// ``ErrorCode/invalidRule``.
    public var code: Code { .invalidRule }
    /// What is wrong, starting with where (a JSON path).
    public let message: String

    /// An error at `path` (`rules[0].conditions[1]`): the message is `PATH: PROBLEM`.
    public init(_ path: String, _ problem: String) {
        message = "\(path): \(problem)"
    }
}

extension ErrorCode<RuleError> {
    /// A redirect rule, an A/B variant or one of their conditions or targets is not one the
    /// service takes (the API answers it as a 400 `invalid-rule`).
    public static var invalidRule: Self { Self(rawValue: "invalid_rule") }
}
