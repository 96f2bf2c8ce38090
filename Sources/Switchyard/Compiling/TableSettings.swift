/// The rules for a table's settings (schemes, hosts, the delimiter) and route names, in one place.
///
/// The file loader (``RouteTableFile``), the builder (``RouteTableBuilder``, and so ``Router``)
/// and the link builder (``RouteTable/url(for:parameters:query:fragment:scheme:host:)``) all ask
/// these functions, and each wraps the same ``Problem`` in its own error type with the same code
/// (`invalid_scheme`, `invalid_host`, `invalid_delimiter`, `duplicate_name`) and the same message.
enum TableSettings {
    /// One broken rule: its stable code (the file loader's) and the message every entry point shows.
    struct Problem: Hashable, Sendable {
        /// `invalid_scheme`, `invalid_host`, `invalid_delimiter` or `duplicate_name`.
        let code: String
        let message: String
    }

    /// Every problem with a configuration's schemes, hosts and delimiter, in that order.
    static func problems(of configuration: RouteTableConfiguration) -> [Problem] {
        configuration.schemes.compactMap(schemeProblem) + configuration.hosts.compactMap(hostProblem)
            + [delimiterProblem(configuration.delimiter)].compactMap { $0 }
    }

    /// A custom scheme: RFC 3986 (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`), and not `http` or
    /// `https`, which universal links use (a table lists their hosts instead).
    static func schemeProblem(_ scheme: String) -> Problem? {
        let bytes = scheme.utf8
        let valid = bytes.first.map(URLScanner.isLetter) == true && bytes.allSatisfy {
            URLScanner.isLetter($0) || URLScanner.isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
        if !valid {
            return Problem(code: "invalid_scheme", message:
                "invalid scheme '\(scheme)': a scheme is a letter followed by letters, digits, '+', '-' or '.'")
        }
        let lowered = scheme.lowercased()
        if lowered == "http" || lowered == "https" {
            return Problem(code: "invalid_scheme",
                           message: "scheme '\(scheme)' is for universal links: name the host instead")
        }
        return nil
    }

    /// A bare host name: not empty, and no scheme, path, port, user info, query, fragment,
    /// backslash, whitespace or control character. Hosts compare case-insensitively.
    static func hostProblem(_ host: String) -> Problem? {
        let problem: String? =
            if host.isEmpty {
                "a host must not be empty"
            } else if host.contains("://") {
                "a host must not include a scheme"
            } else if host.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
                "a host must not contain whitespace or control characters"
            } else if host.contains("/") {
                "a host must not include a path"
            } else if host.contains(":") {
                "a host must not include a port"
            } else if let character = host.first(where: { "?#@\\".contains($0) }) {
                "a host must not contain '\(character)'"
            } else {
                nil
            }
        return problem.map { Problem(code: "invalid_host", message: "invalid host '\(host)': \($0)") }
    }

    /// The delimiter: one ASCII character that is not a letter, digit, `_`, whitespace, a control
    /// character, `%`, or a character the pattern language reserves (`{ } ( ) < > ! * ? #`).
    static func delimiterProblem(_ delimiter: Character) -> Problem? {
        if delimiterByte(delimiter) != nil { return nil }
        let problem: String =
            if delimiter.asciiValue == nil {
                "a delimiter is one ASCII character"
            } else if delimiter.isWhitespace || delimiter.asciiValue! < 0x20 || delimiter.asciiValue == 0x7F {
                "a delimiter cannot be whitespace or a control character"
            } else if delimiter == "%" {
                "a delimiter cannot be '%', which starts a percent-encoded byte"
            } else {
                "letters, digits, '_' and { } ( ) < > ! * ? # have a meaning in patterns"
            }
        return Problem(code: "invalid_delimiter", message: "invalid delimiter '\(delimiter)': \(problem)")
    }

    /// A delimiter given as text (a file's `"delimiter"`), which must be exactly one character.
    static func delimiterProblem(text: String) -> Problem? {
        guard text.count == 1, let character = text.first else {
            return Problem(code: "invalid_delimiter",
                           message: "invalid delimiter '\(text)': a delimiter is exactly one character")
        }
        return delimiterProblem(character)
    }

    /// The byte of a delimiter that passes ``delimiterProblem(_:)``, for the byte-level fast paths.
    static func delimiterByte(_ delimiter: Character) -> UInt8? {
        guard let ascii = delimiter.asciiValue else { return nil }
        let refused = PatternParser.isNameByte(ascii) || PatternParser.isReservedByte(ascii) || ascii <= 0x20
            || ascii == UInt8(ascii: "%") || ascii == 0x7F
        return refused ? nil : ascii
    }

    /// Two routes with one name; routes are named by 1-based number and pattern.
    static func duplicateName(
        _ name: String, first: (index: Int, pattern: String), second: (index: Int, pattern: String)
    ) -> Problem {
        Problem(code: "duplicate_name", message:
            "duplicate route name '\(name)': route \(first.index + 1) ('\(first.pattern)') and route \(second.index + 1) ('\(second.pattern)')")
    }
}
