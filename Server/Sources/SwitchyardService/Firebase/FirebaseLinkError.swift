public import Switchyard

/// Why a Firebase Dynamic Link (a long link, or a row of an export) cannot be read. Each case
/// names the parameter at fault.
///
/// ```swift
/// do {
///     _ = try FirebaseLongLink(url: "https://example.page.link/?apn=com.example")
/// } catch {
///     error.code     // .missingLink
///     error.message  // "the long link has no 'link' parameter (the deep link)"
/// }
/// ```
public struct FirebaseLinkError: CodedError, Sendable, Hashable {
    /// The kind of problem.
    public let code: Code
    /// The parameter at fault, if one is.
    public let parameter: String?
    /// What is wrong, in a sentence.
    public let message: String

    init(_ code: Code, parameter: String?, _ message: String) {
        self.code = code
        self.parameter = parameter
        self.message = message
    }
}

/// The kind of problem with a Firebase Dynamic Link, stable for matching; its raw value is the
/// name in logs and JSON output.
extension ErrorCode<FirebaseLinkError> {
    /// The query string is longer than ``FirebaseLongLink/maximumQueryLength``.
    public static var queryTooLong: Self { Self(rawValue: "query_too_long") }
    /// There is no `link` parameter.
    public static var missingLink: Self { Self(rawValue: "missing_link") }
    /// A parameter appears more than once.
    public static var repeatedParameter: Self { Self(rawValue: "repeated_parameter") }
    /// A `%` escape is broken or the text is not UTF-8.
    public static var invalidPercentEncoding: Self { Self(rawValue: "invalid_percent_encoding") }
    /// A parameter that must be an absolute http(s) URL is not one.
    public static var notAURL: Self { Self(rawValue: "not_a_url") }
    /// A `javascript:` or `data:` URL.
    public static var forbiddenScheme: Self { Self(rawValue: "forbidden_scheme") }
    /// A value of the wrong shape (an App Store ID that is not a number, say).
    public static var invalidValue: Self { Self(rawValue: "invalid_value") }
    /// Not a long link at all (no query string).
    public static var notALongLink: Self { Self(rawValue: "not_a_long_link") }
}
