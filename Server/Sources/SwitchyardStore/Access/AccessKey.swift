public import Foundation

/// A named API key of a team: what it may do (``Role``), and the SHA-256 digest of the key (the
/// key itself is shown once, when it is made, and never stored).
public struct AccessKey: Sendable, Hashable {
    /// What a key may do.
    public enum Role: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Everything, keys, webhooks and the audit log included.
        case admin
        /// Links and imports, besides what a viewer may do.
        case editor
        /// Reads links, stats and explanations.
        case viewer
        /// The app's endpoints (resolve, redeem, deferred claims, route links).
        case app

        /// Whether a key of this role may do what `required` may: admin includes editor, which
        /// includes viewer; the app role includes only itself.
        public func includes(_ required: Role) -> Bool {
            switch (self, required) {
            case (.app, .app): true
            case (.app, _), (_, .app): false
            default: self <= required
            }
        }

        /// admin, editor, viewer, app: from the most the role may do to the least.
        public static func < (lhs: Role, rhs: Role) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The key's name, unique in the store (`keys revoke NAME`).
    public var name: String
    /// The team whose links, stats, webhooks and audit log the key reaches.
    public var team: String
    /// What the key may do.
    public var role: Role
    /// The SHA-256 digest of the key, in lowercase hexadecimal.
    public var hash: String
    /// The key's first characters (`syk_` and four more), to tell keys apart in a listing.
    public var hint: String
    /// When the key was made.
    public var createdAt: Date
    /// When the key stops working; nil: never.
    public var expiresAt: Date?
    /// When the key was last presented (written a few seconds late, in batches).
    public var lastUsedAt: Date?
    /// When the key was revoked; nil while it is not.
    public var revokedAt: Date?

    /// Creates a key record.
    public init(name: String, team: String, role: Role, hash: String, hint: String, createdAt: Date,
                expiresAt: Date? = nil, lastUsedAt: Date? = nil, revokedAt: Date? = nil) {
        self.name = name
        self.team = team
        self.role = role
        self.hash = hash
        self.hint = hint
        self.createdAt = StoredDate.rounded(createdAt)
        self.expiresAt = expiresAt.map(StoredDate.rounded)
        self.lastUsedAt = lastUsedAt.map(StoredDate.rounded)
        self.revokedAt = revokedAt.map(StoredDate.rounded)
    }

    /// Whether the key is accepted at `date`: not revoked, not expired.
    public func isActive(at date: Date) -> Bool {
        revokedAt == nil && (expiresAt.map { $0 > date } ?? true)
    }
}

/// A team: the owner of links, keys, webhooks and an audit log.
public struct Team: Sendable, Hashable {
    /// The team's name (letters, digits, `-`, `_` and `.`).
    public var name: String
    /// When it was made.
    public var createdAt: Date

    /// Creates a team record.
    public init(name: String, createdAt: Date) {
        self.name = name
        self.createdAt = StoredDate.rounded(createdAt)
    }
}
