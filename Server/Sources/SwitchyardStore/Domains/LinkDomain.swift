public import Foundation

/// A host the service answers short links on, held by one team: `links.example.com` in
/// `https://links.example.com/m9Mm`.
///
/// The service's `--base-url` is the bootstrap domain of team `default` and is not stored; every
/// other domain is a row, so instances on one database agree on them. A link on a stored domain
/// is kept under the key `host/code` (``LinkKey``); a link on the bootstrap domain under its code
/// alone, as links were kept before there were domains.
public struct LinkDomain: Sendable, Hashable, Codable {
    /// The host, lowercased, without a port (`links.example.com`).
    public var host: String
    /// The team that holds it: only that team's keys create links on it.
    public var team: String
    /// Whether the team's creates land here when they name no domain (one per team at most).
    public var isDefault: Bool
    /// Where the domain sends requests that find no link: Shlink's three redirects.
    public var redirects: Redirects
    /// When the domain was added.
    public var createdAt: Date

    /// Creates a domain.
    public init(host: String, team: String, isDefault: Bool = false, redirects: Redirects = Redirects(), createdAt: Date) {
        self.host = host
        self.team = team
        self.isDefault = isDefault
        self.redirects = redirects
        self.createdAt = StoredDate.rounded(createdAt)
    }

    /// Where a domain sends a visitor instead of answering with its own page; nil: the page.
    public struct Redirects: Sendable, Hashable, Codable {
        /// `GET /` on the domain.
        public var root: String?
        /// A code that no link on the domain has (else 404).
        public var notFound: String?
        /// An expired link without an `expiredURL` of its own (else 410).
        public var expired: String?

        /// Creates redirects.
        public init(root: String? = nil, notFound: String? = nil, expired: String? = nil) {
            self.root = root
            self.notFound = notFound
            self.expired = expired
        }
    }
}

/// What removing a domain did.
public enum DomainRemoval: Sendable, Hashable {
    /// The domain is gone; `disabledLinks` of its live links were switched off (with `force`).
    case removed(disabledLinks: Int)
    /// Nothing changed: `liveLinks` live links use the domain (remove with `force` to disable them).
    case inUse(liveLinks: Int)
    /// No such domain (of that team).
    case notFound
}

/// How a link is kept in the store: its code on the bootstrap domain, `host/code` on a stored
/// domain. Codes never contain `/` and hosts never do, so keys of two domains never meet, and the
/// keys of one domain are the range ``range(host:)``.
public enum LinkKey {
    /// The key of `code` on `host` (nil: the bootstrap domain).
    ///
    /// ```swift
    /// LinkKey.key(host: "promo.example.com", code: "m9Mm")   // "promo.example.com/m9Mm"
    /// LinkKey.key(host: nil, code: "m9Mm")                   // "m9Mm"
    /// ```
    public static func key(host: String?, code: String) -> String {
        host.map { $0 + "/" + code } ?? code
    }

    /// The host (nil: the bootstrap domain) and the code of a key.
    public static func split(_ key: String) -> (host: String?, code: String) {
        guard let slash = key.lastIndex(of: "/") else { return (nil, key) }
        return (String(key[..<slash]), String(key[key.index(after: slash)...]))
    }

    /// The keys of the links on `host`: from `host/` (included) to `host0` (excluded), since `0`
    /// follows `/` in every collation the stores use (bytes).
    public static func range(host: String) -> (from: String, to: String) {
        (host + "/", host + "0")
    }
}

extension SmartLink {
    /// The host of the domain the link lives on; nil for the bootstrap domain (`--base-url`).
    public var domain: String? { LinkKey.split(code).host }

    /// The link's code on its domain (`m9Mm` of `promo.example.com/m9Mm`); ``code`` is its key in
    /// the store.
    public var shortCode: String { LinkKey.split(code).code }
}
