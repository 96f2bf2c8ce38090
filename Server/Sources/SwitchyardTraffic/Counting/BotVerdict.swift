public import SwitchyardRules

/// Why a request was taken for a robot's: the first test that held, in the order
/// ``ClickClassifier`` runs them.
public enum BotVerdict: Sendable, Hashable, CustomStringConvertible {
    /// A `HEAD` request: browsers open links with `GET`; `HEAD` is a checker's probe.
    case head
    /// A speculative fetch that says so in a header (`Sec-Purpose: prefetch`, `Purpose: prefetch`,
    /// `X-Purpose: preview`, `X-Moz: prefetch`).
    case prefetch(header: String, value: String)
    /// No `User-Agent`, or an empty one.
    case noUserAgent
    /// The `User-Agent` holds a pattern of the list.
    case userAgent(pattern: String, kind: BotPatterns.Kind, source: String)
    /// The `Referer` names a host of the list (or a host under it).
    case referrer(host: String, source: String)
    /// The client address lies in a range of the list.
    case address(range: AddressRange, source: String)

    /// A stable snake_case name for logs and metrics: `head`, `prefetch`, `no_user_agent`,
    /// `user_agent`, `referrer`, `address`.
    public var code: String {
        switch self {
        case .head: "head"
        case .prefetch: "prefetch"
        case .noUserAgent: "no_user_agent"
        case .userAgent: "user_agent"
        case .referrer: "referrer"
        case .address: "address"
        }
    }

    /// The reason in words, naming the pattern and its source: `user-agent pattern 'curl/'
    /// (crawler-user-agents)`, `address range 40.92.0.0/15 (microsoft-365-endpoints)`.
    public var description: String {
        switch self {
        case .head: "head"
        case .prefetch(let header, let value): "prefetch (\(header): \(value.prefix(64)))"
        case .noUserAgent: "no user agent"
        case .userAgent(let pattern, _, let source): "user-agent pattern '\(pattern)' (\(source))"
        case .referrer(let host, let source): "referrer '\(host)' (\(source))"
        case .address(let range, let source): "address range \(range) (\(source))"
        }
    }
}
