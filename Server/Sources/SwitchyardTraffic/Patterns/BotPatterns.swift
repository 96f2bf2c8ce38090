import Foundation
public import SwitchyardRules

/// The patterns that mark a request as a robot's, each naming the public source it comes from:
/// lowercase substrings of the `User-Agent`, referrer host names and client address ranges.
///
/// The list ships in one data file, `Data/bot-patterns.json` (``builtIn``); an operator adds to it
/// with a file of the same shape, read with ``init(contentsOf:)`` and added with ``merging(_:)``:
///
/// ```swift
/// let patterns = BotPatterns.builtIn.merging(try BotPatterns(contentsOf: URL(filePath: "extra-bots.json")))
/// let classifier = ClickClassifier(patterns: patterns)
/// ```
///
/// The file's shape (every member but `pattern`, `host`, `range`, `source`, `id`, `name` and `url`
/// may be left out; so may any of the four lists):
///
/// ```json
/// {
///   "sources": [{"id": "ops", "name": "Our own findings", "url": "https://wiki.example.com/bots"}],
///   "userAgents": [{"pattern": "examplescanner/", "kind": "scanner", "source": "ops", "note": "..."}],
///   "referrers": [{"host": "scan.example.net", "source": "ops"}],
///   "addressRanges": [{"range": "192.0.2.0/24", "source": "ops", "note": "..."}]
/// }
/// ```
///
/// A user-agent pattern is matched as a plain substring, ignoring ASCII case (no regular
/// expressions: matching stays linear in the header, whatever the patterns); it is written in
/// lowercase printable ASCII, 1 to ``maximumPatternLength`` characters, and must not match an
/// ordinary browser's or the Switchyard SDK's own user agent. A referrer host matches itself and
/// every host under it. A file holds at most ``maximumPatterns`` patterns in all.
public struct BotPatterns: Sendable, Hashable {
    /// Where patterns come from: a public list or a vendor's documentation.
    public struct Source: Sendable, Hashable {
        /// The short name entries cite (`crawler-user-agents`).
        public let id: String
        /// What the source is, in words.
        public let name: String
        /// Where to read it.
        public let url: String
        /// How it was used, or how sure it is.
        public let note: String?

        /// A source.
        public init(id: String, name: String, url: String, note: String? = nil) {
            self.id = id
            self.name = name
            self.url = url
            self.note = note
        }
    }

    /// What sort of robot a user-agent pattern names (for reports; every kind counts as a bot).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A search engine's crawler.
        case search
        /// A link-preview fetcher (chat apps, social networks, iMessage).
        case preview
        /// An AI crawler or an assistant fetching for a person.
        case ai
        /// An SEO, marketing or brand-monitoring crawler.
        case seo
        /// A feed reader's fetcher.
        case feed
        /// A web archive or site copier.
        case archive
        /// An uptime, performance or link monitor, or a validator.
        case monitor
        /// A mail link scanner, a mail image proxy or a security scanner.
        case scanner
        /// An HTTP library or a command-line tool.
        case tool
        /// A headless or automated browser.
        case headless
        /// A prefetching proxy or preloader.
        case prefetch
        /// A word only robots put in a user agent (`crawler`, `+http`).
        case generic
        /// Anything else (the kind of an operator's pattern that names none).
        case other
    }

    /// A lowercase substring of the `User-Agent`.
    public struct UserAgentPattern: Sendable, Hashable {
        /// The substring, lowercase.
        public let pattern: String
        /// What sort of robot it names.
        public let kind: Kind
        /// The ``Source/id`` it comes from.
        public let source: String
        /// Why it is here, or what it catches.
        public let note: String?

        /// A pattern (checked when the ``BotPatterns`` holding it is made).
        public init(_ pattern: String, kind: Kind = .other, source: String, note: String? = nil) {
            self.pattern = pattern
            self.kind = kind
            self.source = source
            self.note = note
        }
    }

    /// A host name of the `Referer`: it matches itself and every host under it.
    public struct ReferrerPattern: Sendable, Hashable {
        /// The host name, lowercase.
        public let host: String
        /// The ``Source/id`` it comes from.
        public let source: String
        /// Why it is here.
        public let note: String?

        /// A referrer host (checked when the ``BotPatterns`` holding it is made).
        public init(host: String, source: String, note: String? = nil) {
            self.host = host
            self.source = source
            self.note = note
        }
    }

    /// A range of client addresses that only robots use (a mail scanner's, a monitor's).
    public struct AddressPattern: Sendable, Hashable {
        /// The range.
        public let range: AddressRange
        /// The ``Source/id`` it comes from.
        public let source: String
        /// What the range is, and how sure its source is.
        public let note: String?

        /// An address range (checked when the ``BotPatterns`` holding it is made).
        public init(range: AddressRange, source: String, note: String? = nil) {
            self.range = range
            self.source = source
            self.note = note
        }
    }

    /// The most patterns (user agents, referrers and ranges together) one file or value holds.
    public static let maximumPatterns = 2_000
    /// The longest user-agent pattern or referrer host, in characters.
    public static let maximumPatternLength = 100

    /// The sources the patterns cite.
    public let sources: [Source]
    /// The user-agent patterns, in the file's order.
    public let userAgents: [UserAgentPattern]
    /// The referrer hosts.
    public let referrers: [ReferrerPattern]
    /// The address ranges.
    public let addressRanges: [AddressPattern]

    /// Patterns, checked as a file's are.
    ///
    /// - Throws: ``BotPatternsError`` naming the first entry that is wrong: `userAgents[2].pattern:
    ///   'Curl/' has capital letters; patterns match ignoring case, so write 'curl/'`.
    public init(sources: [Source], userAgents: [UserAgentPattern] = [], referrers: [ReferrerPattern] = [],
                addressRanges: [AddressPattern] = []) throws(BotPatternsError) {
        try self.init(checking: sources, userAgents, referrers, addressRanges, in: nil)
    }

    init(checking sources: [Source], _ userAgents: [UserAgentPattern], _ referrers: [ReferrerPattern],
         _ addressRanges: [AddressPattern], in file: String?) throws(BotPatternsError) {
        try Self.validate(sources: sources, userAgents: userAgents, referrers: referrers, addressRanges: addressRanges, in: file)
        self.sources = sources
        self.userAgents = userAgents
        self.referrers = referrers
        self.addressRanges = addressRanges
    }

    private init(unchecked sources: [Source], _ userAgents: [UserAgentPattern], _ referrers: [ReferrerPattern],
                 _ addressRanges: [AddressPattern]) {
        self.sources = sources
        self.userAgents = userAgents
        self.referrers = referrers
        self.addressRanges = addressRanges
    }

    /// The patterns that ship with Switchyard (`Data/bot-patterns.json`, compiled in).
    public static let builtIn: BotPatterns = {
        // Compiled in (scripts/embed-bot-patterns), not read from a resource bundle: the service
        // ships as one binary.
        do throws(BotPatternsError) {
            return try BotPatterns(json: builtInJSON, file: "bot-patterns.json")
        } catch {
            preconditionFailure(error.message)
        }
    }()

    /// These patterns and `other`'s: a pattern, host or range both hold is kept once, as this
    /// value has it, and so is a source id both declare.
    ///
    /// The result may hold up to twice ``maximumPatterns``.
    ///
    /// - Complexity: O(*n* + *m*) in the two values' entries.
    public func merging(_ other: BotPatterns) -> BotPatterns {
        func union<Element, Key: Hashable>(_ first: [Element], _ second: [Element], by key: (Element) -> Key) -> [Element] {
            var seen = Set(first.map(key))
            return first + second.filter { seen.insert(key($0)).inserted }
        }
        return BotPatterns(
            unchecked: union(sources, other.sources, by: \.id),
            union(userAgents, other.userAgents, by: \.pattern),
            union(referrers, other.referrers, by: \.host),
            union(addressRanges, other.addressRanges) { $0.range.canonical }
        )
    }

    /// The source with this id.
    public func source(_ id: String) -> Source? {
        sources.first { $0.id == id }
    }
}
