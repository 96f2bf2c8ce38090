public import struct Foundation.Date

/// A held link as it is persisted, so that it survives the app being killed (on the login
/// screen, say) and can be restored at the next launch.
public struct PendingLinkRecord: Sendable, Hashable, Codable {
    /// The link's input, resolved again when restored.
    public var url: String
    /// Where the link came from.
    public var source: LinkSource
    /// Smart-link metadata the link carried.
    public var metadata: [String: JSONValue]?
    /// The short link it came from, if any (absent from a saved record that has none).
    public var smartLink: SmartLinkReference?
    /// When the link was held.
    public var createdAt: Date
    /// After this moment the record is discarded instead of restored.
    public var expiresAt: Date

    /// Creates a record.
    public init(url: String, source: LinkSource, metadata: [String: JSONValue]? = nil, smartLink: SmartLinkReference? = nil,
                createdAt: Date, expiresAt: Date) {
        self.url = url
        self.source = source
        self.metadata = metadata
        self.smartLink = smartLink
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// Whether the record has expired at `now`.
    public func isExpired(at now: Date) -> Bool { expiresAt <= now }
}

/// Where a router persists its pending link. The router calls these methods while it holds its
/// lock, so a store must be quick and must not call back into the router.
///
/// ```swift
/// router.pendingLinkStore = FilePendingLinkStore(path: supportDirectory + "/pending-link.json")
/// await router.restorePendingLink()   // at launch
/// ```
public protocol PendingLinkStore: Sendable {
    /// Replaces the stored record.
    func save(_ record: PendingLinkRecord) throws
    /// The stored record, or nil when there is none.
    func load() throws -> PendingLinkRecord?
    /// Removes the stored record; succeeds when there is none.
    func clear() throws
}
