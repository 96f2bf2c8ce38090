import Crypto
@_spi(SwitchyardService) import Switchyard

/// A Firebase Dynamic Links long link, read as Firebase documented it
/// (`https://example.page.link/?link=...&apn=...&ibi=...`): a pure value, checked for shape but
/// not yet against a route table (``FirebaseLongLink/draft(rules:)`` does that).
///
/// ```swift
/// let long = try FirebaseLongLink(url: "https://example.page.link/?link=https://shop.example.com/product/42"
///                                      + "&apn=com.example.shop&isi=1234567&st=Red+shoes")
/// long.link            // "https://shop.example.com/product/42"
/// long.android.package // "com.example.shop"
/// long.social.title    // "Red shoes"
/// ```
///
/// Values are percent-decoded (`+` is a space). Unknown parameters (`fbclid`, `d`, ...) are kept
/// by name in ``unrecognized`` and otherwise ignored, as Firebase ignored them.
public struct FirebaseLongLink: Sendable, Hashable {
    /// `link`: the deep link, an absolute http(s) URL.
    public var link: String
    /// The Android parameters.
    public var android = Android()
    /// The iOS parameters.
    public var ios = IOS()
    /// `ofl`: where other platforms (desktop) go instead of the deep link.
    public var otherFallback: String?
    /// `efr`: Firebase skipped its app preview page when 1.
    public var forcedRedirect = false
    /// The social preview.
    public var social = Social()
    /// `utm_source`, `utm_medium`, `utm_campaign`, `utm_term`, `utm_content`, `at`, `ct`, `mt`, `pt`.
    public var analytics: [String: String] = [:]
    /// Names of parameters Firebase's documentation does not list, in order.
    public var unrecognized: [String] = []

    /// `apn`, `afl`, `amv`.
    public struct Android: Sendable, Hashable {
        /// `apn`: the package name.
        public var package: String?
        /// `afl`: where Android users without the app go instead of the Play Store.
        public var fallback: String?
        /// `amv`: the minimum version code.
        public var minimumVersion: String?
    }

    /// `ibi`, `ifl`, `ius`, `ipfl`, `ipbi`, `isi`, `imv`.
    public struct IOS: Sendable, Hashable {
        /// `ibi`: the bundle ID.
        public var bundleID: String?
        /// `ifl`: where iOS users without the app go instead of the App Store.
        public var fallback: String?
        /// `ius`: the app's custom URL scheme.
        public var customScheme: String?
        /// `ipfl`: the iPad fallback.
        public var iPadFallback: String?
        /// `ipbi`: the iPad bundle ID.
        public var iPadBundleID: String?
        /// `isi`: the App Store ID (digits).
        public var appStoreID: String?
        /// `imv`: the minimum app version.
        public var minimumVersion: String?
    }

    /// `st`, `sd`, `si`.
    public struct Social: Sendable, Hashable {
        /// `st`: the title.
        public var title: String?
        /// `sd`: the description.
        public var description: String?
        /// `si`: the image URL.
        public var image: String?
    }

    /// The longest query string read (Firebase refused long links much shorter than this).
    public static let maximumQueryLength = 8192

    /// The analytics parameters, kept apart from the link.
    public static let analyticsParameters: Set<String> = [
        "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "at", "ct", "mt", "pt",
    ]

    /// Every parameter Firebase documented for long links.
    public static let knownParameters: Set<String> = analyticsParameters.union([
        "link", "apn", "afl", "amv", "ibi", "ifl", "ius", "ipfl", "ipbi", "isi", "imv", "ofl", "efr", "st", "sd", "si",
    ])

    /// Parameters whose value is a URL that someone may be sent to or shown.
    static let urlParameters: Set<String> = ["link", "afl", "ifl", "ipfl", "ofl", "si"]

    /// Reads a whole long link, `https://example.page.link/?link=...`; only its query counts.
    ///
    /// - Throws: ``FirebaseLinkError`` (`.notALongLink` when it has no query, else as
    ///   ``init(query:)``).
    public init(url: String) throws(FirebaseLinkError) {
        try self.init(query: try Self.query(of: url))
    }

    /// The query of a whole long link: after the `?`, before any `#`.
    ///
    /// - Throws: ``FirebaseLinkError`` `.notALongLink` when it has no query.
    static func query(of url: String) throws(FirebaseLinkError) -> Substring {
        guard let mark = url.firstIndex(of: "?") else {
            throw FirebaseLinkError(.notALongLink, parameter: nil,
                                    "'\(excerpt(url))' is not a long link: it has no query string (?link=...)")
        }
        var query = url[url.index(after: mark)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        return query
    }

    /// Reads a long link's query string (`link=...&apn=...`, without the `?`).
    ///
    /// - Throws: ``FirebaseLinkError`` for a query over ``maximumQueryLength``, a repeated or
    ///   missing `link`, a repeated parameter, broken percent-encoding, a URL parameter that is not
    ///   an absolute http(s) URL, a `javascript:` or `data:` value, or an ill-formed value.
    public init(query: Substring) throws(FirebaseLinkError) {
        let (values, unrecognized) = try Self.parameters(query: query)
        try self.init(parameters: values, unrecognized: unrecognized)
    }

    /// A long link's query taken apart: the decoded values of Firebase's parameters by name, and
    /// the names of the others, in order.
    ///
    /// - Throws: ``FirebaseLinkError`` for a query over ``maximumQueryLength``, broken
    ///   percent-encoding, a repeated parameter or a `javascript:` or `data:` value.
    static func parameters(query: Substring) throws(FirebaseLinkError) -> (values: [String: String], unrecognized: [String]) {
        guard query.utf8.count <= maximumQueryLength else {
            throw FirebaseLinkError(.queryTooLong, parameter: nil,
                                    "the long link's query is \(query.utf8.count) bytes; at most \(maximumQueryLength) are read")
        }
        var values: [String: String] = [:]
        var unrecognized: [String] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(parts[0], plusIsSpace: true) else {
                throw FirebaseLinkError(.invalidPercentEncoding, parameter: nil,
                                        "the parameter name '\(Self.excerpt(String(parts[0])))' has broken percent-encoding")
            }
            guard let value = PercentDecoding.decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true) else {
                throw FirebaseLinkError(.invalidPercentEncoding, parameter: name,
                                        "'\(name)' has broken percent-encoding or is not UTF-8")
            }
            try Self.refuseScripts(name: name, value: value)
            guard knownParameters.contains(name) else {
                if !unrecognized.contains(name) { unrecognized.append(name) }
                continue
            }
            guard values[name] == nil else {
                throw FirebaseLinkError(.repeatedParameter, parameter: name, "'\(name)' appears more than once")
            }
            values[name] = value
        }
        return (values, unrecognized)
    }

    /// Reads a long link's parameters already taken apart (a Takeout export's columns: `link`,
    /// `apn`, ... by name, decoded): the same checks as ``init(query:)`` after its parsing.
    ///
    /// - Throws: ``FirebaseLinkError``, as ``init(query:)``.
    init(parameters values: [String: String], unrecognized: [String] = []) throws(FirebaseLinkError) {
        for name in values.keys.sorted() { try Self.refuseScripts(name: name, value: values[name] ?? "") }
        guard let link = values["link"] else {
            throw FirebaseLinkError(.missingLink, parameter: "link", "the long link has no 'link' parameter (the deep link)")
        }
        // An empty optional parameter is read as absent, as Firebase read it.
        func value(_ name: String) -> String? {
            guard let raw = values[name] else { return nil }
            let value = Substring(raw).trimmingSpaces
            return value.isEmpty ? nil : String(value)
        }
        func url(_ name: String) throws(FirebaseLinkError) -> String? {
            guard let text = value(name) else { return nil }
            guard FallbackPolicy.host(of: text) != nil else {
                throw FirebaseLinkError(.notAURL, parameter: name,
                                        "'\(name)' must be an absolute http or https URL, got '\(Self.excerpt(text))'")
            }
            return text
        }
        guard !Substring(link).trimmingSpaces.isEmpty else {
            throw FirebaseLinkError(.notAURL, parameter: "link", "'link' is empty; it must be the deep link, an absolute http or https URL")
        }
        self.link = try url("link") ?? link
        android = Android(package: value("apn"), fallback: try url("afl"), minimumVersion: value("amv"))
        ios = IOS(bundleID: value("ibi"), fallback: try url("ifl"), customScheme: value("ius"),
                  iPadFallback: try url("ipfl"), iPadBundleID: value("ipbi"), appStoreID: value("isi"),
                  minimumVersion: value("imv"))
        otherFallback = try url("ofl")
        social = Social(title: value("st"), description: value("sd"), image: try url("si"))
        for name in Self.analyticsParameters { if let text = value(name) { analytics[name] = text } }
        self.unrecognized = unrecognized
        if let package = android.package, !Self.isPackageName(package) {
            throw FirebaseLinkError(.invalidValue, parameter: "apn",
                                    "'apn' must be an Android package name such as com.example.app, got '\(Self.excerpt(package))'")
        }
        if let id = ios.appStoreID, !(1...20).contains(id.utf8.count) || !id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            throw FirebaseLinkError(.invalidValue, parameter: "isi", "'isi' must be a numeric App Store ID, got '\(Self.excerpt(id))'")
        }
        switch value("efr") {
        case nil, "0": forcedRedirect = false
        case "1": forcedRedirect = true
        case let other?: throw FirebaseLinkError(.invalidValue, parameter: "efr", "'efr' must be 0 or 1, got '\(Self.excerpt(other))'")
        }
    }

    /// A `javascript:`, `vbscript:` or `data:` value, anywhere: as a whole value, or inside a URL
    /// parameter (a deep link that carries one on to somewhere else).
    static func refuseScripts(name: String, value: String) throws(FirebaseLinkError) {
        // Browsers ignore white space and control characters inside a scheme name.
        let folded = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })).lowercased()
        let again = PercentDecoding.decode(folded, plusIsSpace: true)?.lowercased() ?? folded
        for scheme in ["javascript:", "vbscript:", "data:"] {
            let starts = folded.hasPrefix(scheme) || again.hasPrefix(scheme)
            let inside = urlParameters.contains(name) && (folded.contains(scheme) || again.contains(scheme))
            if starts || inside {
                throw FirebaseLinkError(.forbiddenScheme, parameter: name, "'\(name)' carries a \(scheme) URL, which is never followed")
            }
        }
    }

    /// `com.example.app`: two or more dot-separated parts of letters, digits and `_`, each
    /// starting with a letter.
    static func isPackageName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, text.utf8.count <= 255 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
            return part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
    }

    /// At most 80 characters of `text`, for messages.
    static func excerpt(_ text: String) -> String {
        text.count <= 80 ? text : text.prefix(77) + "..."
    }

    /// Everything but the analytics parameters (which vary per campaign, not per link), one
    /// `name=value` a line in name order after `link=`: two long links that open the same way
    /// have the same text.
    var canonical: String {
        var canonical = "link=\(link)"
        let fields: [(String, String?)] = [
            ("afl", android.fallback), ("amv", android.minimumVersion), ("apn", android.package),
            ("efr", forcedRedirect ? "1" : nil), ("ibi", ios.bundleID), ("ifl", ios.fallback),
            ("imv", ios.minimumVersion), ("ipbi", ios.iPadBundleID), ("ipfl", ios.iPadFallback),
            ("isi", ios.appStoreID), ("ius", ios.customScheme), ("ofl", otherFallback), ("sd", social.description),
            ("si", social.image), ("st", social.title),
        ]
        for (name, value) in fields { if let value { canonical += "\n\(name)=\(value)" } }
        return canonical
    }

    /// The key clicks on long links that open `route` are recorded under: `fdl:` and 20 hex
    /// digits of a SHA-256 of the route's pattern. One key per route, not per long link: opening
    /// a long link needs no key, so anyone can make endless variations of one, and keyed by link
    /// each would add per-day rows that are never deleted; keyed by route they add at most one
    /// row per route, day and platform. A `:` is never in a short code or alias, so the key
    /// cannot name a stored link.
    public static func clickKey(route: String) -> String {
        let digest = SHA256.hash(data: Array("route=\(route)".utf8))
        return "fdl:" + digest.prefix(10).map { byte in
            let hex = Array("0123456789abcdef")
            return String([hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }.joined()
    }
}
