/// Spelling Swift source safely: identifiers from route and parameter names, and string literals.
enum SwiftSyntaxText {
    /// Words that must be escaped with backticks to be used as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "async", "consume", "copy", "discard", "each", "borrowing", "consuming", "some", "any",
        "Type", "Protocol", "_",
    ]

    /// Turns a name such as `product_detail`, `product-detail` or `ProductDetail` into a lower
    /// camel-case identifier (`productDetail`), keeping only ASCII letters and digits; a leading
    /// digit gets a `_` before it. Returns nil when nothing usable is left.
    static func lowerCamelCase(_ name: String) -> String? {
        var words: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return nil }
        var result = lowerLeadingCapitals(first)
        for word in words.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst()
        }
        if let head = result.unicodeScalars.first, ("0"..."9").contains(head) { result = "_" + result }
        return result
    }

    /// `URLScheme` → `urlScheme`, `ID` → `id`, `Product` → `product`, `iPhone` → `iPhone`.
    private static func lowerLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var run = 0
        while run < characters.count && characters[run].isUppercase { run += 1 }
        if run == 0 { return word }
        // In `URLScheme` the last capital of the run starts the next word.
        let lowered = run == characters.count || run == 1 ? run : run - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// The identifier as it must be written: in backticks when it is a keyword.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Whether `text` is a plain Swift identifier made of ASCII letters, digits and `_`, not
    /// starting with a digit.
    static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
    }

    /// A Swift string literal for `text`: `"` and `\` escaped, control characters and everything
    /// outside printable ASCII written as `\u{...}`, so the literal is plain ASCII on one line.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\t": literal += "\\t"
            case "\r": literal += "\\r"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default: literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return literal + "\""
    }

    /// Text for a doc or line comment: one line, printable, with nothing that could end a comment early.
    static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
