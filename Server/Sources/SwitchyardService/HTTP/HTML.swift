/// Escaping for the fragments code builds rather than a template: the QR code's SVG label, and the
/// JavaScript string literals the link pages' inline scripts are given (the templates escape
/// everything else themselves).
enum HTML {
    /// Escapes text for an HTML text node or a quoted attribute value.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "`": output += "&#96;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A JavaScript string literal, quotes included, in which every character but ASCII letters,
    /// digits, space and a few punctuation marks is a `\uXXXX` escape: safe inside `<script>`
    /// (no `</script>`, no `<!--`) and inside a quoted attribute.
    static func javaScriptString(_ text: String) -> String {
        var output = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x20, 0x2E, 0x2C, 0x2D, 0x5F, 0x3A, 0x3F:
                output.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16, uppercase: false)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return output + "\""
    }
}
