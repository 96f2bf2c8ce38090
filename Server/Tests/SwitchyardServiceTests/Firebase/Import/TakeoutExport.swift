/// A generated Google Takeout export of Firebase Dynamic Links: the header of Google's guide
/// ("Export Dynamic Links metadata"), one row per ``Row``, every field written as RFC 4180 CSV
/// (quoted when it holds a comma, a quote or a line end).
struct TakeoutExport {
    /// The guide's columns, in its order.
    static let header = [
        "Short link", "Deep link", "Android package name", "Android fallback link", "Android minimum package version code",
        "iOS bundle ID", "iOS fallback link", "iOS custom scheme", "iOS iPad fallback link", "iOS iPad bundle ID",
        "iOS app store ID", "iOS minimum version", "Enable forced redirect?", "Desktop fallback link", "Social title",
        "Social description", "Social image link", "UTM source", "UTM medium", "UTM campaign", "UTM term", "UTM content",
        "iTunes Connect at", "iTunes Connect ct", "iTunes Connect mt", "iTunes Connect pt", "Archived?", "Link name",
        "Creation timestamp",
    ]

    /// One row: each column's value by its header; a missing one is an empty field.
    struct Row {
        var fields: [String: String]
    }

    var rows: [Row]
    /// Columns after the guide's, which no export writes.
    var extra: [String] = []

    /// The CSV, CRLF line ends, a byte-order mark first as Takeout writes UTF-8.
    var text: String {
        let header = Self.header + extra
        var lines = [header.map(Self.quoted).joined(separator: ",")]
        for row in rows { lines.append(header.map { Self.quoted(row.fields[$0] ?? "") }.joined(separator: ",")) }
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A row with every field filled.
    static func full(suffix: String, domain: String = "example.page.link") -> Row {
        Row(fields: [
            "Short link": "https://\(domain)/\(suffix)",
            "Deep link": "https://shop.example.com/product/42?ref=takeout",
            "Android package name": "com.example.shop",
            "Android fallback link": "https://www.example.org/android",
            "Android minimum package version code": "120",
            "iOS bundle ID": "com.example.shop",
            "iOS fallback link": "https://www.example.org/ios",
            "iOS custom scheme": "shop",
            "iOS iPad fallback link": "https://www.example.org/ipad",
            "iOS iPad bundle ID": "com.example.shop",
            "iOS app store ID": "1234567",
            "iOS minimum version": "2.1",
            "Enable forced redirect?": "FALSE",
            "Desktop fallback link": "https://www.example.org/desktop",
            "Social title": "Red shoes, \"limited\"",
            "Social description": "Line one,\nline two",
            "Social image link": "https://cdn.example.org/s.png",
            "UTM source": "newsletter", "UTM medium": "email", "UTM campaign": "spring", "UTM term": "shoes",
            "UTM content": "hero",
            "iTunes Connect at": "1010l", "iTunes Connect ct": "promo", "iTunes Connect mt": "8", "iTunes Connect pt": "123456",
            "Archived?": "FALSE",
            "Link name": "Spring shoes, hero",
            "Creation timestamp": "2023-05-04 10:20:30 UTC",
        ])
    }

    /// A row with the short link and deep link only, every optional field empty.
    static func minimal(suffix: String, deepLink: String, domain: String = "example.page.link") -> Row {
        Row(fields: ["Short link": "https://\(domain)/\(suffix)", "Deep link": deepLink])
    }
}
