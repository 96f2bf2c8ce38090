/// The baseline for routers of the Compass / URLNavigator family: every lookup scans every
/// pattern, splits both sides, and ranks the matches (most static segments wins).
///
/// Written here, not in the SDK: it stands for how those routers work, not for Switchyard.
public struct LinearMatcher: Sendable {
    private let patterns: [(text: String, parts: [String])]

    /// Keeps the patterns as strings, like the routers it stands for.
    public init(_ patterns: [String]) {
        self.patterns = patterns.map { ($0, $0.split(separator: "/").map(String.init)) }
    }

    /// The best pattern for a `scheme://a/b/c` URL and its parameters, or nil.
    ///
    /// - Complexity: O(*n* × *s*) for *n* patterns and *s* segments.
    public func match(_ url: String) -> (route: String, parameters: [String: String])? {
        // Strip the scheme, drop query and fragment, split the path.
        var rest = Substring(url)
        if let colon = rest.firstIndex(of: ":") { rest = rest[rest.index(after: colon)...] }
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        let components = rest.split(separator: "/").map(String.init)

        var best: (route: String, parameters: [String: String], score: Int)?
        for pattern in patterns {
            let parts = pattern.text.split(separator: "/")
            guard parts.count == components.count else { continue }
            var parameters: [String: String] = [:]
            var score = 0
            var matched = true
            for (part, component) in zip(parts, components) {
                if part.hasPrefix(":") {
                    parameters[String(part.dropFirst())] = component.removingPercentEncodingNaively()
                } else if part == component {
                    score += 1
                } else {
                    matched = false
                    break
                }
            }
            if matched && (best == nil || score > best!.score) {
                best = (pattern.text, parameters, score)
            }
        }
        return best.map { ($0.route, $0.parameters) }
    }
}

extension String {
    /// `%XX` escapes decoded (no Foundation in the baseline either).
    func removingPercentEncodingNaively() -> String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var iterator = Array(utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
               let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
