@_spi(SwitchyardService) import Switchyard

/// One entry of an association file's `components` array, read the way Apple documents
/// `applinks.Details.Components` (and Android its dynamic App Links components):
///
/// - `/`, `?` and `#` are patterns for the URL's path, query and fragment, each `*` by default
///   (anything, an absent query or fragment included). In a pattern `*` matches any run of
///   characters (`/` included, none at all too) and `?` exactly one; `?*` is one or more.
/// - `?` may instead be a dictionary of query item names to value patterns: every name must be
///   present with a value its pattern matches, in any order, other items ignored.
/// - `exclude`: a URL this component matches stays in the browser; components are read in order
///   and the first that matches decides, so an `exclude` placed after a broader include never acts.
/// - `caseSensitive` (default true): whether letters must match in case.
/// - `percentEncoded` (default true): the patterns are written percent-encoded and compared with
///   the URL as sent; when false the URL's path, query items and fragment are percent-decoded
///   first, so a pattern may hold a space or `é` as they are.
///
/// `defaults` (of the whole file, then of one `details` entry) supply `caseSensitive` and
/// `percentEncoded` where a component does not say.
public struct AssociationComponent: Sendable, Hashable {
    /// The query pattern: one for the whole query string, or one per query item name.
    public enum Query: Sendable, Hashable {
        /// A pattern matched against the whole query string (without `?`).
        case pattern(String)
        /// Query item names and the pattern each one's value must match.
        case items([String: String])
    }

    /// The path pattern (`/`); nil for `*`.
    public var path: String?
    /// The query pattern (`?`); nil for `*`.
    public var query: Query?
    /// The fragment pattern (`#`); nil for `*`.
    public var fragment: String?
    /// Whether a match keeps the URL in the browser.
    public var exclude: Bool
    /// Whether letters must match in case.
    public var caseSensitive: Bool
    /// Whether patterns are compared with the URL as percent-encoded (true) or decoded (false).
    public var percentEncoded: Bool
    /// The component's `comment` (or Android's `comments`), if any.
    public var comment: String?
    /// Its position in its file's list, from 1.
    public var position: Int

    /// Creates a component.
    public init(path: String? = nil, query: Query? = nil, fragment: String? = nil, exclude: Bool = false,
                caseSensitive: Bool = true, percentEncoded: Bool = true, comment: String? = nil, position: Int = 1) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
        self.position = position
    }

    /// Whether this component matches a URL's parts.
    ///
    /// - Complexity: O(*p* × *t*) for a pattern of *p* characters and a text of *t*.
    public func matches(_ url: AssociationURL) -> Bool {
        guard let pathText = text(url.path), Self.glob(path ?? "*", pathText, caseSensitive: caseSensitive) else { return false }
        switch query {
        case nil: break
        case .pattern(let pattern):
            // An absent query is the empty text: only a pattern that matches nothing (`*`) accepts it.
            guard let queryText = text(url.query ?? ""), Self.glob(pattern, queryText, caseSensitive: caseSensitive) else { return false }
        case .items(let wanted):
            let items = url.queryItems.compactMap { item -> (String, String)? in
                guard let name = text(item.name), let value = text(item.value) else { return nil }
                return (name, value)
            }
            for (name, pattern) in wanted {
                let found = items.contains { item in
                    (caseSensitive ? item.0 == name : item.0.lowercased() == name.lowercased())
                        && Self.glob(pattern, item.1, caseSensitive: caseSensitive)
                }
                guard found else { return false }
            }
        }
        if let fragment {
            let fragmentText = url.fragment.flatMap(text) ?? ""
            guard Self.glob(fragment, fragmentText, caseSensitive: caseSensitive) else { return false }
        }
        return true
    }

    /// The pattern's text, as the file wrote it (`/product/*`, `?ref=*`, `#top`).
    public var summary: String {
        var parts: [String] = []
        if let path { parts.append(path) }
        switch query {
        case nil: break
        case .pattern(let pattern): parts.append("?" + pattern)
        case .items(let items): parts.append("?" + items.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
        }
        if let fragment { parts.append("#" + fragment) }
        if parts.isEmpty { parts.append("*") }
        var text = parts.joined()
        if exclude { text += " (exclude)" }
        if !caseSensitive { text += " (case-insensitive)" }
        if !percentEncoded { text += " (decoded)" }
        return text
    }

    /// A URL part as this component compares it: decoded when `percentEncoded` is false (nil when
    /// it does not decode).
    private func text(_ part: String) -> String? {
        percentEncoded ? part : PercentDecoding.decode(part, plusIsSpace: false)
    }

    /// Apple's wildcard match: `*` any run of characters, `?` exactly one, everything else itself
    /// (letters folded when not `caseSensitive`).
    static func glob(_ pattern: String, _ text: String, caseSensitive: Bool) -> Bool {
        let pattern = Array((caseSensitive ? pattern : pattern.lowercased()).unicodeScalars)
        let text = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
        // Iterative match with one backtrack point (the last `*`): linear in practice, no recursion.
        var p = 0, t = 0, star = -1, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] && pattern[p] != "*" {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

/// A URL split the way association files match it: the path, query and fragment as sent
/// (percent-encoded), and the query's items.
public struct AssociationURL: Sendable, Hashable {
    /// The path, starting with `/` (`/` for an empty path).
    public var path: String
    /// The query without `?`; nil when the URL has none.
    public var query: String?
    /// The fragment without `#`; nil when the URL has none.
    public var fragment: String?
    /// The host, lowercased; nil for a bare path.
    public var host: String?

    /// Splits `https://host/path?query#fragment` (or a bare `/path?query#fragment`).
    public init(_ url: String) {
        var rest = Substring(url)
        if let fragmentStart = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: fragmentStart)...])
            rest = rest[..<fragmentStart]
        }
        if let queryStart = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: queryStart)...])
            rest = rest[..<queryStart]
        }
        if let scheme = rest.range(of: "://") {
            let authority = rest[scheme.upperBound...].prefix { $0 != "/" }
            host = authority.lowercased()
            rest = rest[authority.endIndex...]
        }
        path = rest.isEmpty ? "/" : String(rest)
    }

    /// The query's items, split on `&` and the first `=`, still encoded.
    var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { item in
            guard let equals = item.firstIndex(of: "=") else { return (String(item), "") }
            return (String(item[..<equals]), String(item[item.index(after: equals)...]))
        }
    }

    /// The path, query and fragment as written (`/product/42?ref=mail`).
    public var pathAndRest: String {
        path + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
    }
}
