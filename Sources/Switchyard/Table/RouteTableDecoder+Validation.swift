extension RouteTableDecoder {
    /// RFC 3986: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, isASCIILetter(first) else { return false }
        return scheme.unicodeScalars.dropFirst().allSatisfy { scalar in
            isASCIILetter(scalar) || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
        }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// A bare host name, lower-cased: no scheme, path, port, user info or whitespace.
    func validatedHost(_ host: String) throws(RouteTableFileError) -> String {
        let problem: String? =
            if host.isEmpty {
                "a host must not be empty"
            } else if host.contains("://") {
                "a host must not include a scheme"
            } else if host.contains(where: \.isWhitespace) {
                "a host must not contain whitespace"
            } else if host.contains("/") {
                "a host must not include a path"
            } else if host.contains(":") {
                "a host must not include a port"
            } else if let character = host.first(where: { "?#@\\".contains($0) }) {
                "a host must not contain '\(character)'"
            } else {
                nil
            }
        if let problem { throw RouteTableFileError(.invalidHost(host, problem: problem), file: file) }
        return host.lowercased()
    }

    /// One character that the pattern language does not reserve.
    func validatedDelimiter(_ value: JSONValue) throws(RouteTableFileError) -> Character {
        guard case .string(let text) = value else {
            throw RouteTableFileError(.wrongType(subject: "'delimiter'", expected: "a string"), file: file)
        }
        guard text.count == 1, let character = text.first else {
            throw RouteTableFileError(.invalidDelimiter("must be exactly one character"), file: file)
        }
        if character.isLetter || character.isNumber || Self.reservedDelimiters.contains(character) {
            let problem = "cannot be '\(character)': letters, digits and { } ( ) * < > ! have a meaning in patterns"
            throw RouteTableFileError(.invalidDelimiter(problem), file: file)
        }
        if character.isWhitespace
            || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            throw RouteTableFileError(.invalidDelimiter("cannot be whitespace or a control character"), file: file)
        }
        return character
    }
}
