/// Why an input was rejected before matching: it is not a link this table can read (an empty or
/// overlong string, a bad character or escape, a scheme or host the table does not answer).
/// A link that reads but matches no route is not an error: it resolves to no route.
///
/// A rejected link never reaches the default route. Each error names what was wrong and, where
/// one exists, the 1-based character position in the input.
///
/// ```swift
/// do { _ = try table.resolve("shop://product/%G1") }
/// catch { print(error) } // invalid percent-encoding '%G1' at 16
/// ```
public struct LinkInputError: CodedError, Sendable, Hashable {
    /// What was wrong.
    public let code: Code
    /// The explanation, including the position when there is one.
    public let message: String
    /// The 1-based character position in the input, when one can be named.
    public let position: Int?

    init(_ code: Code, _ message: String, position: Int? = nil) {
        self.code = code
        self.message = position.map { "\(message) at \($0)" } ?? message
        self.position = position
    }
}

/// The kind of rejection, for matching in code and as a stable string in JSON output.
extension ErrorCode<LinkInputError> {
    /// The input is empty.
    public static var emptyInput: Self { Self(rawValue: "empty_input") }
    /// The input is longer than the table's limit (8 KiB by default).
    public static var inputTooLong: Self { Self(rawValue: "input_too_long") }
    /// A control character (U+0000–U+001F, U+007F), raw or percent-encoded in the path.
    public static var controlCharacter: Self { Self(rawValue: "control_character") }
    /// A raw space or another character that cannot appear in a URL.
    public static var invalidCharacter: Self { Self(rawValue: "invalid_character") }
    /// A `%` not followed by two hex digits, or escapes that do not decode to UTF-8.
    public static var invalidPercentEncoding: Self { Self(rawValue: "invalid_percent_encoding") }
    /// A scheme the table does not answer.
    public static var unknownScheme: Self { Self(rawValue: "unknown_scheme") }
    /// An `http`/`https` URL for a host that is not configured for universal links.
    public static var unknownHost: Self { Self(rawValue: "unknown_host") }
    /// User information (`user@`) in a universal link's authority.
    public static var userInfoNotAllowed: Self { Self(rawValue: "user_info_not_allowed") }
    /// A URL whose structure cannot be read (`https:` without `//`, an empty host, a bad port).
    public static var malformedURL: Self { Self(rawValue: "malformed_url") }
}
