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
public struct FirebaseLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem, stable for matching.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let rawValue: String
        /// The name, as in logs and JSON output.
        public var description: String { rawValue }

        /// The query string is longer than ``FirebaseLongLink/maximumQueryLength``.
        public static let queryTooLong = Code(rawValue: "query_too_long")
        /// There is no `link` parameter.
        public static let missingLink = Code(rawValue: "missing_link")
        /// A parameter appears more than once.
        public static let repeatedParameter = Code(rawValue: "repeated_parameter")
        /// A `%` escape is broken or the text is not UTF-8.
        public static let invalidPercentEncoding = Code(rawValue: "invalid_percent_encoding")
        /// A parameter that must be an absolute http(s) URL is not one.
        public static let notAURL = Code(rawValue: "not_a_url")
        /// A `javascript:` or `data:` URL.
        public static let forbiddenScheme = Code(rawValue: "forbidden_scheme")
        /// A value of the wrong shape (an App Store ID that is not a number, say).
        public static let invalidValue = Code(rawValue: "invalid_value")
        /// Not a long link at all (no query string).
        public static let notALongLink = Code(rawValue: "not_a_long_link")
    }

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

    /// The message.
    public var description: String { message }
}
