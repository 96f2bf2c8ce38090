/// Why the SDK's JSON reader rejected a document, and where: a route-table file's
/// ``RouteTableFileError/syntaxError``.
///
/// ```swift
/// do { _ = try RouteTableFile.parse("[1 2]", fileName: "routes.json") } catch {
///     print(error.syntaxError!)  // expected ',' or ']' after array element at line 1, column 4
///     if case JSONParseError.unexpectedCharacter? = error.syntaxError { ... }
/// }
/// ```
///
/// `line` and `column` are 1-based; lines end at LF, and the column counts Unicode scalars (so a
/// multi-byte character counts once). `offset` is the 0-based byte offset in the UTF-8 input.
public struct JSONParseError: CodedError, Sendable, Hashable {
    /// A character that cannot appear here (the ``message`` says what was expected).
    public static let unexpectedCharacter = Code(rawValue: "unexpected_character")
    /// The input ended inside a value.
    public static let unexpectedEndOfInput = Code(rawValue: "unexpected_end_of_input")
    /// Something other than whitespace follows the value.
    public static let trailingCharacters = Code(rawValue: "trailing_characters")
    /// A misspelled `true`, `false` or `null`.
    public static let invalidLiteral = Code(rawValue: "invalid_literal")
    /// A number that breaks the JSON grammar (`01`, `1.`, `-`, `1e`).
    public static let invalidNumber = Code(rawValue: "invalid_number")
    /// A number too large for a `Double` (`1e400`).
    public static let numberOutOfRange = Code(rawValue: "number_out_of_range")
    /// A string without its closing quote.
    public static let unterminatedString = Code(rawValue: "unterminated_string")
    /// A raw control character (U+0000 to U+001F) inside a string.
    public static let controlCharacterInString = Code(rawValue: "control_character_in_string")
    /// A backslash followed by something other than `"\/bfnrtu`.
    public static let invalidEscape = Code(rawValue: "invalid_escape")
    /// A `\u` escape without four hexadecimal digits.
    public static let invalidUnicodeEscape = Code(rawValue: "invalid_unicode_escape")
    /// A `\u` escape of a high surrogate without its low surrogate, or a low surrogate alone.
    public static let loneSurrogate = Code(rawValue: "lone_surrogate")
    /// Bytes that are not well-formed UTF-8.
    public static let invalidUTF8 = Code(rawValue: "invalid_utf8")
    /// Arrays and objects nested deeper than ``JSONValue/maximumDepth``.
    public static let nestingTooDeep = Code(rawValue: "nesting_too_deep")
    /// An object that names the same key twice.
    public static let duplicateKey = Code(rawValue: "duplicate_key")

    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, in Unicode scalars.
    public let column: Int
    /// The 0-based byte offset of the problem in the UTF-8 input.
    public let offset: Int
    /// The kind of error; its ``Code/rawValue`` is a stable identifier such as `unexpected_character`.
    public let code: Code
    /// What is wrong, without the position: `expected ',' or '}' after object member`.
    public let message: String

    /// The message and the position: `expected ',' or '}' after object member at line 3, column 7`.
    public var description: String {
        "\(message) at line \(line), column \(column)"
    }

    init(_ kind: Kind, offset: Int, line: Int, column: Int) {
        self.code = kind.code
        self.message = kind.message
        self.offset = offset
        self.line = line
        self.column = column
    }
}

extension JSONParseError {
    /// The private kinds of error; each has a public ``Code`` and builds its own message.
    enum Kind {
        case unexpectedCharacter(expected: String)
        case unexpectedEndOfInput(expected: String)
        case trailingCharacters
        case invalidLiteral(expected: String)
        case invalidNumber(String)
        case numberOutOfRange
        case unterminatedString
        case controlCharacterInString(UInt8)
        case invalidEscape(UInt8)
        case invalidUnicodeEscape
        case loneSurrogate(UInt16)
        case invalidUTF8(UInt8)
        case nestingTooDeep(limit: Int)
        case duplicateKey(String)

        var code: Code {
            switch self {
            case .unexpectedCharacter: JSONParseError.unexpectedCharacter
            case .unexpectedEndOfInput: JSONParseError.unexpectedEndOfInput
            case .trailingCharacters: JSONParseError.trailingCharacters
            case .invalidLiteral: JSONParseError.invalidLiteral
            case .invalidNumber: JSONParseError.invalidNumber
            case .numberOutOfRange: JSONParseError.numberOutOfRange
            case .unterminatedString: JSONParseError.unterminatedString
            case .controlCharacterInString: JSONParseError.controlCharacterInString
            case .invalidEscape: JSONParseError.invalidEscape
            case .invalidUnicodeEscape: JSONParseError.invalidUnicodeEscape
            case .loneSurrogate: JSONParseError.loneSurrogate
            case .invalidUTF8: JSONParseError.invalidUTF8
            case .nestingTooDeep: JSONParseError.nestingTooDeep
            case .duplicateKey: JSONParseError.duplicateKey
            }
        }

        var message: String {
            switch self {
            case .unexpectedCharacter(let expected): expected
            case .unexpectedEndOfInput(let expected): "unexpected end of input, \(expected)"
            case .trailingCharacters: "unexpected text after the JSON value"
            case .invalidLiteral(let expected): "invalid literal, expected '\(expected)'"
            case .invalidNumber(let detail): "invalid number: \(detail)"
            case .numberOutOfRange: "number is too large to represent"
            case .unterminatedString: "unterminated string"
            case .controlCharacterInString(let byte):
                "unescaped control character U+\(hex(byte, width: 4)) in string"
            case .invalidEscape(let byte):
                (0x21..<0x7F).contains(byte)
                    ? "invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))' in string"
                    : "invalid escape sequence in string"
            case .invalidUnicodeEscape: "invalid \\u escape: expected four hexadecimal digits"
            case .loneSurrogate(let unit): "unpaired surrogate \\u\(hex(unit, width: 4)) in string"
            case .invalidUTF8(let byte): "invalid UTF-8 byte 0x\(hex(byte, width: 2))"
            case .nestingTooDeep(let limit): "arrays and objects nested deeper than \(limit) levels"
            case .duplicateKey(let key): "duplicate key '\(key)' in object"
            }
        }

        /// Upper-case hexadecimal, zero-padded to `width` digits.
        private func hex(_ value: some BinaryInteger, width: Int) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }
}

/// The codes as members of ``JSONParseError/Code``, for `error.code == .duplicateKey`.
extension ErrorCode<JSONParseError> {
    /// ``JSONParseError/unexpectedCharacter``, for comparing with ``JSONParseError/code``: `error.code == .unexpectedCharacter`.
    public static var unexpectedCharacter: Self { JSONParseError.unexpectedCharacter }
    /// ``JSONParseError/unexpectedEndOfInput``, for comparing with ``JSONParseError/code``: `error.code == .unexpectedEndOfInput`.
    public static var unexpectedEndOfInput: Self { JSONParseError.unexpectedEndOfInput }
    /// ``JSONParseError/trailingCharacters``, for comparing with ``JSONParseError/code``: `error.code == .trailingCharacters`.
    public static var trailingCharacters: Self { JSONParseError.trailingCharacters }
    /// ``JSONParseError/invalidLiteral``, for comparing with ``JSONParseError/code``: `error.code == .invalidLiteral`.
    public static var invalidLiteral: Self { JSONParseError.invalidLiteral }
    /// ``JSONParseError/invalidNumber``, for comparing with ``JSONParseError/code``: `error.code == .invalidNumber`.
    public static var invalidNumber: Self { JSONParseError.invalidNumber }
    /// ``JSONParseError/numberOutOfRange``, for comparing with ``JSONParseError/code``: `error.code == .numberOutOfRange`.
    public static var numberOutOfRange: Self { JSONParseError.numberOutOfRange }
    /// ``JSONParseError/unterminatedString``, for comparing with ``JSONParseError/code``: `error.code == .unterminatedString`.
    public static var unterminatedString: Self { JSONParseError.unterminatedString }
    /// ``JSONParseError/controlCharacterInString``, for comparing with ``JSONParseError/code``: `error.code == .controlCharacterInString`.
    public static var controlCharacterInString: Self { JSONParseError.controlCharacterInString }
    /// ``JSONParseError/invalidEscape``, for comparing with ``JSONParseError/code``: `error.code == .invalidEscape`.
    public static var invalidEscape: Self { JSONParseError.invalidEscape }
    /// ``JSONParseError/invalidUnicodeEscape``, for comparing with ``JSONParseError/code``: `error.code == .invalidUnicodeEscape`.
    public static var invalidUnicodeEscape: Self { JSONParseError.invalidUnicodeEscape }
    /// ``JSONParseError/loneSurrogate``, for comparing with ``JSONParseError/code``: `error.code == .loneSurrogate`.
    public static var loneSurrogate: Self { JSONParseError.loneSurrogate }
    /// ``JSONParseError/invalidUTF8``, for comparing with ``JSONParseError/code``: `error.code == .invalidUTF8`.
    public static var invalidUTF8: Self { JSONParseError.invalidUTF8 }
    /// ``JSONParseError/nestingTooDeep``, for comparing with ``JSONParseError/code``: `error.code == .nestingTooDeep`.
    public static var nestingTooDeep: Self { JSONParseError.nestingTooDeep }
    /// ``JSONParseError/duplicateKey``, for comparing with ``JSONParseError/code``: `error.code == .duplicateKey`.
    public static var duplicateKey: Self { JSONParseError.duplicateKey }
}
