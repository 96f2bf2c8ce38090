import Foundation

/// What a column of a Firebase export holds, read from its header: the labels of Google's guide
/// "Export Dynamic Links metadata" (the Takeout CSV: `Short link`, `Deep link`, `Android package
/// name`, ..., `Archived?`, `Link name`, `Creation timestamp`), the bare long-link parameter names
/// (`link`, `apn`, `utm_source`, ...), and the short-link and long-link spellings of other exports
/// (`shortLink`, `short_dynamic_link`, `Long link`, `longDynamicLink`, ...).
///
/// The guide prints each parameter's label with the parameter's name in parentheses (`Deep link
/// (link)`, `UTM source (utm_source)`), in every language it is published in (`ディープリンク(link)`,
/// with full-width parentheses in some editions): a header that ends in a parenthesized long-link
/// parameter name is that parameter, whatever words stand before it. Other headers compare folded:
/// lower-cased, letters and digits only, so `iOS bundle ID`, `ios_bundle_id` and `IOSBundleId` are
/// one column.
enum FirebaseExportColumn: Sendable, Hashable {
    /// The short link (`https://example.page.link/m9Mm`).
    case shortLink
    /// A whole long link (`https://example.page.link/?link=...`).
    case longLink
    /// One long-link parameter, by its name (`link`, `apn`, `utm_source`, ...).
    case parameter(String)
    /// `Archived?`: whether Firebase had archived the link.
    case archived
    /// `Link name`: the link's label.
    case name
    /// `Creation timestamp`: when the link was created.
    case createdAt

    /// The column a header names; nil for a header no export writes.
    static func named(_ header: String) -> FirebaseExportColumn? {
        if let parameter = parenthesizedParameter(header) { return .parameter(parameter) }
        if let column = byLocalizedLabel[header.trimmingCharacters(in: .whitespaces)] { return column }
        return byFoldedHeader[fold(header)]
    }

    /// The long-link parameter named in parentheses at the end of a header (`Deep link (link)` →
    /// `link`; `ディープリンク（link）` → `link`), ASCII or full-width parentheses; nil when the header
    /// does not end so, or names no parameter the guide lists. Punctuation after the closing
    /// parenthesis (`(efr)。` in the Japanese edition) and a missing closing parenthesis at the very
    /// end (`ディープリンク(link`, as one edition renders it) are tolerated.
    static func parenthesizedParameter(_ header: String) -> String? {
        var scalars = Substring(header).unicodeScalars[...]
        while let last = scalars.last, trailing.contains(last) { scalars.removeLast() }
        if let last = scalars.last, last == ")" || last == "\u{FF09}" { scalars.removeLast() }
        guard let open = scalars.lastIndex(where: { $0 == "(" || $0 == "\u{FF08}" }) else { return nil }
        let name = String(String.UnicodeScalarView(scalars[scalars.index(after: open)...]))
            .trimmingCharacters(in: .whitespaces)
        return parameterNames.contains(name) ? name : nil
    }

    /// What may follow a label's closing parenthesis: spaces and full stops (ASCII, ideographic,
    /// full-width).
    private static let trailing: Set<Unicode.Scalar> = [" ", "\t", ".", "\u{3002}", "\u{FF0E}", "\u{3000}"]

    /// The long-link parameters the guide's labels name.
    static let parameterNames: Set<String> = Set(parameterLabels.map(\.parameter))

    /// Lower-cased ASCII letters and digits only.
    static func fold(_ header: String) -> String {
        String(String.UnicodeScalarView(header.unicodeScalars.filter {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
        }.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }

    /// The guide's label of each parameter, beside which the bare name is read too.
    static let parameterLabels: [(parameter: String, labels: [String])] = [
        ("link", ["Deep link"]),
        ("apn", ["Android package name"]),
        ("afl", ["Android fallback link"]),
        ("amv", ["Android minimum package version code", "Android minimum version code"]),
        ("ibi", ["iOS bundle ID"]),
        ("ifl", ["iOS fallback link"]),
        ("ius", ["iOS custom scheme"]),
        ("ipfl", ["iOS iPad fallback link", "iPad fallback link"]),
        ("ipbi", ["iOS iPad bundle ID", "iPad bundle ID"]),
        ("isi", ["iOS app store ID", "iOS App Store ID", "App Store ID"]),
        ("imv", ["iOS minimum version", "iOS minimum app version"]),
        ("efr", ["Enable forced redirect?", "Forced redirect"]),
        ("ofl", ["Desktop fallback link", "Other platform fallback link"]),
        ("st", ["Social title"]),
        ("sd", ["Social description"]),
        ("si", ["Social image link"]),
        ("utm_source", ["UTM source"]),
        ("utm_medium", ["UTM medium"]),
        ("utm_campaign", ["UTM campaign"]),
        ("utm_term", ["UTM term"]),
        ("utm_content", ["UTM content"]),
        ("at", ["iTunes Connect at", "iTunes Connect affiliate token"]),
        ("ct", ["iTunes Connect ct", "iTunes Connect campaign token"]),
        ("mt", ["iTunes Connect mt", "iTunes Connect media type"]),
        ("pt", ["iTunes Connect pt", "iTunes Connect provider token"]),
    ]

    /// The labels without a parameter name as the guide's Japanese and Korean editions print them
    /// (folding keeps ASCII only, so these compare whole).
    static let byLocalizedLabel: [String: FirebaseExportColumn] = [
        "短い形式のリンク": .shortLink, "アーカイブ済み?": .archived, "アーカイブ済み？": .archived, "リンク名": .name,
        "作成時のタイムスタンプ": .createdAt,
        "짧은 링크": .shortLink, "보관처리 여부": .archived, "링크 이름": .name, "생성 타임스탬프": .createdAt,
    ]

    static let byFoldedHeader: [String: FirebaseExportColumn] = {
        var columns: [String: FirebaseExportColumn] = [:]
        for (parameter, labels) in parameterLabels {
            for header in labels + [parameter] { columns[fold(header)] = .parameter(parameter) }
        }
        for header in ["shortlink", "shortdynamiclink", "shorturl", "shortdynamiclinkurl", "dynamiclink", "short"] {
            columns[header] = .shortLink
        }
        for header in ["longlink", "longdynamiclink", "longurl", "longdynamiclinkurl", "long"] { columns[header] = .longLink }
        for header in ["archived", "isarchived"] { columns[header] = .archived }
        for header in ["linkname", "name", "label"] { columns[header] = .name }
        for header in ["creationtimestamp", "createdat", "creationtime", "created"] { columns[header] = .createdAt }
        return columns
    }()
}
