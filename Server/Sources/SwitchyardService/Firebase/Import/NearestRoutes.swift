import Switchyard

/// The routes of a table closest to a deep link that matches none of them, for a message that
/// helps fix either the link or the table: each route's forms (its optional groups expanded) are
/// laid over the link's path segment by segment; a literal costs its edit distance to the segment
/// (as a share of the longer), a parameter or wildcard a quarter, a rest-of-path a quarter for
/// what it takes, a missing or extra segment one.
///
/// ```swift
/// NearestRoutes(table: table).patterns(near: "https://shop.example.com/prodcut/42")  // ["product/:product_id"]
/// ```
///
/// The cost of one call is bounded whatever the link: a path longer than the table's longest form
/// by more than ``extraSegments`` is near no route (no suggestion), and segments and literals are
/// compared on their first ``comparedCharacters`` characters. So an import of rows with links of
/// hundreds of segments costs a constant per row for a given table.
struct NearestRoutes: Sendable {
    let table: RouteTable

    /// How many segments a path may have beyond the table's longest form and still be compared.
    static let extraSegments = 4
    /// How many characters of a segment and of a literal are compared.
    static let comparedCharacters = 32

    /// At most `limit` patterns, nearest first (ties in table order); none when the link has no
    /// path to compare, a path far longer than every route, or the table no routes.
    func patterns(near link: String, limit: Int = 3) -> [String] {
        let longest = table.routes.flatMap(\.pattern.forms).map(\.count).max() ?? 0
        var segments = Self.segments(link)
        guard segments.count <= longest + Self.extraSegments else { return [] }
        segments = segments.map { String($0.prefix(Self.comparedCharacters)) }
        var scored: [(score: Double, index: Int, pattern: String)] = []
        for route in table.routes {
            let best = route.pattern.forms.map { Self.cost(segments, $0[...]) }.min() ?? .infinity
            scored.append((best, route.index, route.text))
        }
        let ranked = scored.filter { $0.score.isFinite }.sorted { ($0.score, $0.index) < ($1.score, $1.index) }
        // Routes no nearer than changing every segment are no help.
        let ceiling = Double(max(1, segments.count))
        return ranked.prefix { $0.score < ceiling }.prefix(limit).map(\.pattern)
    }

    /// The path segments of a URL (after the scheme and host), without query or fragment.
    static func segments(_ link: String) -> [String] {
        var rest = Substring(link)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...].drop { $0 != "/" } }
        return rest.split(separator: "/").map(String.init)
    }

    /// The cheapest way to lay `form` over `path` (a table of path × form suffixes).
    static func cost(_ path: [String], _ form: ArraySlice<PatternSegment>) -> Double {
        let form = Array(form)
        let (p, f) = (path.count, form.count)
        // best[i][j]: path[i...] against form[j...].
        var best = Array(repeating: Array(repeating: 0.0, count: f + 1), count: p + 1)
        for i in 0...p { best[i][f] = Double(p - i) }
        for j in 0...f { best[p][j] = Double(f - j) }
        guard p > 0, f > 0 else { return best[0][0] }
        for i in stride(from: p - 1, through: 0, by: -1) {
            for j in stride(from: f - 1, through: 0, by: -1) {
                let skip = 1 + min(best[i + 1][j], best[i][j + 1])
                switch form[j].kind {
                case .literal(let whole):
                    let text = String(whole.prefix(comparedCharacters))
                    let step = Double(editDistance(text, path[i])) / Double(max(text.count, path[i].count, 1))
                    best[i][j] = min(step + best[i + 1][j + 1], skip)
                case .parameter, .wildcard:
                    best[i][j] = min(0.25 + best[i + 1][j + 1], skip)
                case .rest:
                    // Takes every segment left.
                    best[i][j] = min(0.25 + best[p][j + 1], skip)
                }
            }
        }
        return best[0][0]
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
