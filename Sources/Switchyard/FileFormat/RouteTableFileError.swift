/// Why a route-table file could not be loaded: the file, the route and the reason.
///
/// ```
/// routes.json: line 4, column 12: expected ',' or ']' after array element
/// routes.json: route 3 ('product/:id'): 'name' must be a string
/// routes.json: route 5: unknown key 'patern' (expected one of: pattern, name, webOnly, ...)
/// routes.json: duplicate route name 'product': route 1 ('product/:id') and route 4 ('item/:id')
/// ```
///
/// Route numbers in messages are 1-based ("route 1" is the first entry of `routes`), while
/// ``routeIndex`` is 0-based for code. Match kinds with the static members:
/// `catch RouteTableFileError.unknownKey { ... }`.
public struct RouteTableFileError: CodedError, Sendable, Hashable {
    /// The file could not be opened or read (missing, a directory, no permission).
    public static let cannotReadFile = Code(rawValue: "cannot_read_file")
    /// The file is larger than ``RouteTableFile/maximumFileSize``.
    public static let fileTooLarge = Code(rawValue: "file_too_large")
    /// The file is not valid JSON; ``line``, ``column`` and ``syntaxError`` say where.
    public static let invalidJSON = Code(rawValue: "invalid_json")
    /// A value of the wrong JSON type (`"name": 3`).
    public static let wrongType = Code(rawValue: "wrong_type")
    /// A required key is absent (`routes`, a route's `pattern`).
    public static let missingKey = Code(rawValue: "missing_key")
    /// A key the format does not define, usually a typo.
    public static let unknownKey = Code(rawValue: "unknown_key")
    /// A string that must not be empty is (`"pattern": ""`).
    public static let emptyValue = Code(rawValue: "empty_value")
    /// A scheme that is not `letter *(letter / digit / "+" / "-" / ".")`, or is `http` or `https`.
    public static let invalidScheme = Code(rawValue: "invalid_scheme")
    /// A host with a scheme, path, port, user info, query, fragment, backslash, whitespace or
    /// control character, or an empty one.
    public static let invalidHost = Code(rawValue: "invalid_host")
    /// A delimiter that is not one ASCII character, or one the pattern language reserves.
    public static let invalidDelimiter = Code(rawValue: "invalid_delimiter")
    /// Two routes with the same name.
    public static let duplicateName = Code(rawValue: "duplicate_name")
    /// A route's `since` version that is not dotted numbers (iOS) or a version code (Android).
    public static let invalidVersion = Code(rawValue: "invalid_version")

    /// The file name or path the error is about, as given to ``RouteTableFile``.
    public let file: String
    /// The 0-based index of the route in `routes`, when the error is about one route.
    public let routeIndex: Int?
    /// The route's pattern, when the error is about one route and its pattern is known.
    public let routePattern: String?
    /// The 1-based line of a JSON syntax error.
    public let line: Int?
    /// The 1-based column (in Unicode scalars) of a JSON syntax error.
    public let column: Int?
    /// The JSON syntax error, for ``invalidJSON``.
    public let syntaxError: JSONParseError?
    /// The kind of error; its ``Code/rawValue`` is a stable identifier such as `unknown_key`.
    public let code: Code
    /// What is wrong, without the file or route: `'name' must be a string`.
    public let message: String
    private let namesRoute: Bool

    /// The file, the position or route, and the message:
    /// `routes.json: route 3 ('product/:id'): 'name' must be a string`.
    public var description: String {
        var text = "\(file): "
        if let line, let column {
            text += "line \(line), column \(column): "
        }
        if namesRoute, let routeIndex {
            text += "route \(routeIndex + 1)"
            if let routePattern {
                text += " ('\(routePattern)')"
            }
            text += ": "
        }
        return text + message
    }

    init(_ kind: Kind, file: String, route: (index: Int, pattern: String?)? = nil) {
        self.file = file
        self.routeIndex = route?.index
        self.routePattern = route?.pattern
        self.code = kind.code
        self.message = kind.message
        if case .invalidJSON(let error) = kind {
            (syntaxError, line, column) = (error, error.line, error.column)
        } else {
            (syntaxError, line, column) = (nil, nil, nil)
        }
        if case .setting = kind {
            namesRoute = false  // a setting is about no route; a duplicate name's message names both
        } else {
            namesRoute = true
        }
    }
}

extension RouteTableFileError {
    /// The private kinds of error; each has a public ``Code`` and builds its own message.
    enum Kind {
        case cannotReadFile(String)
        case fileTooLarge(limit: Int)
        case invalidJSON(JSONParseError)
        /// `subject` is a quoted key path (`'name'`) or a phrase (`the file`).
        case wrongType(subject: String, expected: String)
        /// `container` is a phrase such as `'apps'` or `Android app 1`, or nil for the top level or a route.
        case missingKey(String, in: String?)
        case unknownKey(String, in: String?, expected: [String])
        case emptyValue(String)
        /// `key` is a path such as `since.ios`; `value` the JSON text found.
        case invalidVersion(key: String, value: String, expected: String)
        /// A scheme, host, delimiter or route name that breaks a rule of ``TableSettings``.
        case setting(TableSettings.Problem)

        var code: Code {
            switch self {
            case .cannotReadFile: RouteTableFileError.cannotReadFile
            case .fileTooLarge: RouteTableFileError.fileTooLarge
            case .invalidJSON: RouteTableFileError.invalidJSON
            case .wrongType: RouteTableFileError.wrongType
            case .missingKey: RouteTableFileError.missingKey
            case .unknownKey: RouteTableFileError.unknownKey
            case .emptyValue: RouteTableFileError.emptyValue
            case .invalidVersion: RouteTableFileError.invalidVersion
            case .setting(let problem): Code(rawValue: problem.code)
            }
        }

        var message: String {
            switch self {
            case .cannotReadFile(let message): "cannot read file: \(message)"
            case .fileTooLarge(let limit): "file is larger than \(limit / (1 << 20)) MiB"
            case .invalidJSON(let error): error.message
            case .wrongType(let subject, let expected): "\(subject) must be \(expected)"
            case .missingKey(let key, let container):
                "missing required key '\(key)'\(container.map { " in \($0)" } ?? "")"
            case .unknownKey(let key, let container, let expected):
                "unknown key '\(key)'\(container.map { " in \($0)" } ?? "")"
                    + " (expected one of: \(expected.joined(separator: ", ")))"
            case .emptyValue(let key): "'\(key)' must not be empty"
            case .invalidVersion(let key, let value, let expected): "'\(key)' must be \(expected), got \(value)"
            case .setting(let problem): problem.message
            }
        }
    }
}

/// The codes as members of ``RouteTableFileError/Code``, for `error.code == .duplicateKey`.
extension ErrorCode<RouteTableFileError> {
    /// ``RouteTableFileError/cannotReadFile``, for comparing with ``RouteTableFileError/code``: `error.code == .cannotReadFile`.
    public static var cannotReadFile: Self { RouteTableFileError.cannotReadFile }
    /// ``RouteTableFileError/fileTooLarge``, for comparing with ``RouteTableFileError/code``: `error.code == .fileTooLarge`.
    public static var fileTooLarge: Self { RouteTableFileError.fileTooLarge }
    /// ``RouteTableFileError/invalidJSON``, for comparing with ``RouteTableFileError/code``: `error.code == .invalidJSON`.
    public static var invalidJSON: Self { RouteTableFileError.invalidJSON }
    /// ``RouteTableFileError/wrongType``, for comparing with ``RouteTableFileError/code``: `error.code == .wrongType`.
    public static var wrongType: Self { RouteTableFileError.wrongType }
    /// ``RouteTableFileError/missingKey``, for comparing with ``RouteTableFileError/code``: `error.code == .missingKey`.
    public static var missingKey: Self { RouteTableFileError.missingKey }
    /// ``RouteTableFileError/unknownKey``, for comparing with ``RouteTableFileError/code``: `error.code == .unknownKey`.
    public static var unknownKey: Self { RouteTableFileError.unknownKey }
    /// ``RouteTableFileError/emptyValue``, for comparing with ``RouteTableFileError/code``: `error.code == .emptyValue`.
    public static var emptyValue: Self { RouteTableFileError.emptyValue }
    /// ``RouteTableFileError/invalidScheme``, for comparing with ``RouteTableFileError/code``: `error.code == .invalidScheme`.
    public static var invalidScheme: Self { RouteTableFileError.invalidScheme }
    /// ``RouteTableFileError/invalidHost``, for comparing with ``RouteTableFileError/code``: `error.code == .invalidHost`.
    public static var invalidHost: Self { RouteTableFileError.invalidHost }
    /// ``RouteTableFileError/invalidDelimiter``, for comparing with ``RouteTableFileError/code``: `error.code == .invalidDelimiter`.
    public static var invalidDelimiter: Self { RouteTableFileError.invalidDelimiter }
    /// ``RouteTableFileError/duplicateName``, for comparing with ``RouteTableFileError/code``: `error.code == .duplicateName`.
    public static var duplicateName: Self { RouteTableFileError.duplicateName }
    /// ``RouteTableFileError/invalidVersion``, for comparing with ``RouteTableFileError/code``: `error.code == .invalidVersion`.
    public static var invalidVersion: Self { RouteTableFileError.invalidVersion }
}
