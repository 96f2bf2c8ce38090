/// Percent-encoding for the parts of a URL that reverse routing writes.
///
/// Each part keeps RFC 3986's unreserved characters and the sub-delimiters that cannot change how
/// ``RouteTable/resolve(_:source:)`` reads it; everything else, non-ASCII included, is escaped.
enum LinkEncoding {
    /// One path segment: the delimiter, `/`, `:`, `%`, `?`, `#`, space and `+` (literal in a path,
    /// but escaped so that nothing is ambiguous) are escaped; `!$&'()*,;=@` are kept unless one is the delimiter.
    static func pathSegment(_ text: String, delimiter: UInt8) -> String {
        PercentEncoding.encode(text) { byte in
            byte != delimiter && isKeptInSegment(byte)
        }
    }

    /// A query item's name or value, form-encoded: `&`, `=`, `+`, `#`, `%` escaped, space as `%20`.
    static func queryComponent(_ text: String) -> String {
        PercentEncoding.encode(text) { byte in
            switch byte {
            case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "@"),
                 UInt8(ascii: "/"), UInt8(ascii: "?"):
                true
            default:
                false
            }
        }
    }

    /// A fragment: `#` and `%` escaped; `+` kept (a fragment is not form-encoded).
    static func fragment(_ text: String) -> String {
        PercentEncoding.encode(text) { byte in
            isKeptInSegment(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
        }
    }

    private static func isKeptInSegment(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
             UInt8(ascii: "@"):
            true
        default:
            false
        }
    }
}
