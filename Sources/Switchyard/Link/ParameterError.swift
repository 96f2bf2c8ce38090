/// A typed accessor could not give a parameter: it is missing, or not of the asked type.
public struct ParameterError: CodedError, Sendable, Hashable {
    /// Why.
    public let code: Code
    /// The parameter's name.
    public let name: String
    /// The value found, when there was one.
    public let value: String?
    /// The message.
    public let message: String

    init(_ code: Code, name: String, value: String?, message: String) {
        self.code = code
        self.name = name
        self.value = value
        self.message = message
    }
}

/// Why the parameter could not be read.
extension ErrorCode<ParameterError> {
    /// The link has no parameter of that name.
    public static var missing: Self { Self(rawValue: "missing_parameter") }
    /// The value is not of the asked type.
    public static var invalid: Self { Self(rawValue: "invalid_parameter") }
}
