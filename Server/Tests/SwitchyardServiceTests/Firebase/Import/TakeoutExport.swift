/// A generated Google Takeout export of Firebase Dynamic Links: the header of Google's guide
/// ("Export Dynamic Links metadata", firebase.google.com/support/guides/export-dynamic-links), one
/// row per ``Row``, every field written as RFC 4180 CSV (quoted when it holds a comma, a quote or
/// a line end).
struct TakeoutExport {
    /// The guide's 29 fields, in its order, exactly as its English edition prints them: a
    /// parameter's label ends in the parameter's name in parentheses.
    static let guideLabels = [
        "Short link", "Deep link (link)", "Android package name (apn)", "Android fallback link (afl)",
        "Android minimum package version code (amv)", "iOS bundle ID (ibi)", "iOS fallback link (ifl)",
        "iOS custom scheme (ius)", "iOS iPad fallback link (ipfl)", "iOS iPad bundle ID (ipbi)", "iOS app store ID (isi)",
        "iOS minimum version (imv)", "Enable forced redirect? (efr)", "Desktop fallback link (ofl)", "Social title (st)",
        "Social description (sd)", "Social image link (si)", "UTM source (utm_source)", "UTM medium (utm_medium)",
        "UTM campaign (utm_campaign)", "UTM term (utm_term)", "UTM content (utm_content)", "iTunes Connect at",
        "iTunes Connect ct", "iTunes Connect mt", "iTunes Connect pt", "Archived?", "Link name", "Creation timestamp",
    ]

    /// The same 29 fields as the guide's Japanese edition prints them, with full-width parentheses
    /// (`ディープリンク（link）`), as the issue that reported them quotes.
    static let japaneseLabels = [
        "短い形式のリンク", "ディープリンク（link）", "Android パッケージ名（apn）", "Android フォールバック リンク（afl）",
        "Android の最小パッケージ バージョン コード（amv）", "iOS バンドル ID（ibi）", "iOS フォールバック リンク（ifl）",
        "iOS カスタム スキーム（ius）", "iOS iPad のフォールバック リンク（ipfl）", "iOS iPad のバンドル ID（ipbi）",
        "iOS アプリストア ID（isi）", "iOS の最小バージョン（imv）", "強制リダイレクトを有効するか（efr）。",
        "パソコンのフォールバック リンク（ofl）", "ソーシャル タイトル（st）", "ソーシャルの説明（sd）", "ソーシャル画像のリンク（si）",
        "UTM ソース（utm_source）", "UTM メディア（utm_medium）", "UTM キャンペーン（utm_campaign）", "UTM キーワード（utm_term）",
        "UTM コンテンツ（utm_content）", "iTunes Connect at", "iTunes Connect ct", "iTunes Connect mt", "iTunes Connect pt",
        "アーカイブ済み?", "リンク名", "作成時のタイムスタンプ",
    ]

    /// The guide's fields without their parameter names: the keys of ``Row/fields``, in the
    /// guide's order (and a header older exports and hand-made files use).
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
    /// The header's labels, one per entry of ``header`` (the guide's English labels unless set).
    var labels: [String] = guideLabels
    /// The order of the guide's columns in the file, as indexes into ``header``.
    var order: [Int] = Array(header.indices)

    /// The CSV, CRLF line ends, a byte-order mark first as Takeout writes UTF-8.
    var text: String {
        let keys = order.map { Self.header[$0] } + extra
        let written = order.map { labels[$0] } + extra
        var lines = [written.map(Self.quoted).joined(separator: ",")]
        for row in rows { lines.append(keys.map { Self.quoted(row.fields[$0] ?? "") }.joined(separator: ",")) }
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
