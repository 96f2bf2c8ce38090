public import SwitchyardRules

/// Tells a robot's request from a person's: a `HEAD` request, a prefetch header, no user agent,
/// or a user agent, referrer or address of the ``BotPatterns`` list.
///
/// Built once (it compiles the patterns) and shared: it is an immutable value.
///
/// ```swift
/// let classifier = ClickClassifier()   // the built-in list
/// let verdict = classifier.classify(method: "GET", userAgent: "curl/8.7.1", referrer: nil,
///                                   address: IPAddress("203.0.113.9"))
/// print(verdict?.description ?? "a person")   // user-agent pattern 'curl/' (crawler-user-agents)
/// ```
///
/// A request without a `User-Agent` (or with an empty one) is a bot's: every browser sends one,
/// and so do the Switchyard SDK's own clients (`URLSession`, OkHttp); requests without one are
/// scripts, probes and scanners.
///
/// The Switchyard SDK's clients (`CFNetwork`/`Darwin`, `okhttp`, `Dalvik`) match no pattern: the
/// service sorts app-side requests itself, and a pattern that would match them is refused.
public struct ClickClassifier: Sendable {
    /// The headers that announce a speculative fetch, read through `headers` in this order:
    /// `Sec-Purpose` (Chrome's speculation rules, `prefetch` or `prefetch;prerender`), `Purpose`
    /// (older Chrome), `X-Purpose` (Safari's `preview`), `X-Moz` (Firefox's `prefetch`).
    public static let purposeHeaders = ["Sec-Purpose", "Purpose", "X-Purpose", "X-Moz"]

    /// The patterns it matches.
    public let patterns: BotPatterns
    private let userAgents: SubstringAutomaton
    private let referrers: ReferrerHosts
    private let addresses: AddressRangeSet

    /// The classifier of the built-in list, built once per process: building the user-agent
    /// automaton is the expensive part (each ``TrafficClassifier`` made with the defaults shares it).
    public static let builtIn = ClickClassifier(patterns: .builtIn)

    /// A classifier for `patterns` (by default the built-in list; add an operator's with
    /// ``BotPatterns/merging(_:)``).
    ///
    /// - Complexity: O(*s* × *c*) for the user-agent automaton's *s* states over *c* distinct
    ///   pattern bytes (the built-in list: a few thousand states, under a megabyte).
    public init(patterns: BotPatterns = .builtIn) {
        self.patterns = patterns
        userAgents = SubstringAutomaton(patterns.userAgents.map { Array($0.pattern.utf8) })
        referrers = ReferrerHosts(patterns.referrers.map(\.host))
        addresses = AddressRangeSet(patterns.addressRanges.map(\.range))
    }

    /// Whether a request for a link is a robot's, and why; nil for a person's.
    ///
    /// The tests run in this order and the first that holds answers: `HEAD`; a prefetch header;
    /// no user agent; the user agent; the referrer; the address.
    ///
    /// - Parameters:
    ///   - method: The request's method (`GET`, `HEAD`).
    ///   - userAgent: The `User-Agent` header.
    ///   - referrer: The `Referer` header.
    ///   - headers: Reads a header by name (case-insensitively, as HTTP does); asked for each of
    ///     ``purposeHeaders``.
    ///   - address: The client's address (after the trusted proxies).
    /// - Complexity: O(*n*) in the length of the user agent and referrer, and O(log *r*) in the
    ///   *r* address ranges, whatever the number of user-agent patterns.
    public func classify(method: String, userAgent: String?, referrer: String?,
                         headers: (String) -> String? = { _ in nil }, address: IPAddress?) -> BotVerdict? {
        if method.utf8.count == 4, method.utf8.elementsEqual("HEAD".utf8, by: { $0 & 0xDF == $1 }) { return .head }
        for name in Self.purposeHeaders {
            if let value = headers(name), Self.isSpeculative(value) { return .prefetch(header: name, value: value) }
        }
        guard let userAgent, userAgent.utf8.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
            return .noUserAgent
        }
        if let index = userAgents.firstMatch(in: userAgent) {
            let entry = patterns.userAgents[index]
            return .userAgent(pattern: entry.pattern, kind: entry.kind, source: entry.source)
        }
        if let referrer, let index = referrers.firstMatch(referrer: referrer) {
            let entry = patterns.referrers[index]
            return .referrer(host: entry.host, source: entry.source)
        }
        if let address, let index = addresses.firstMatch(address) {
            let entry = patterns.addressRanges[index]
            return .address(range: entry.range, source: entry.source)
        }
        return nil
    }

    /// Whether a purpose header's value names a speculative fetch (`prefetch`, `prerender`,
    /// `preview`, in any case and among other tokens).
    static func isSpeculative(_ value: String) -> Bool {
        let value = value.lowercased()
        return value.contains("prefetch") || value.contains("prerender") || value.contains("preview")
    }
}
