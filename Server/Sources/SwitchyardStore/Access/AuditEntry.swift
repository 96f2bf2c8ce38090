public import Foundation

/// One change recorded in a team's audit log: who made it (key name and role), when, from which
/// address, and what it was.
public struct AuditEntry: Sendable, Hashable {
    /// The entry's number, increasing in the order entries were stored; nil before it is stored.
    public var id: Int64?
    /// The team the change belongs to.
    public var team: String
    /// When the change was made.
    public var at: Date
    /// The name of the key that made it (`environment` for the bootstrap keys; for the command
    /// line `cli:` and the operating-system user, as `cli:alice`, or `cli` when none is known).
    public var keyName: String
    /// The key's role.
    public var role: String
    /// The client address the request came from (`local` for the command line).
    public var address: String
    /// What happened: `link.created`, `link.updated`, `link.deleted`, `links.imported`,
    /// `key.created`, `key.revoked`, `team.created`, `webhook.created`, `webhook.deleted`, `signin`.
    public var action: String
    /// What it happened to: a link's code, a key's name, a webhook's id.
    public var target: String
    /// A short description (`42 links`, `role viewer`); may be empty.
    public var detail: String
    /// The key itself, not its name (`key:` and the first 16 hex digits of a named key's digest,
    /// `env:` and those of a bootstrap key's, `app:app1`); nil for the command line and for entries
    /// written before it was kept. Two keys that had one name at different times are told apart.
    public var keyID: String?

    /// Creates an entry.
    public init(id: Int64? = nil, team: String, at: Date, keyName: String, role: String, address: String,
                action: String, target: String, detail: String = "", keyID: String? = nil) {
        self.id = id
        self.team = team
        self.at = StoredDate.rounded(at)
        self.keyName = keyName
        self.role = role
        self.address = address
        self.action = action
        self.target = target
        self.detail = detail
        self.keyID = keyID
    }
}

/// Which entries of a team's audit log to read: newest first, before an entry number.
public struct AuditQuery: Sendable, Hashable {
    /// The team whose log is read.
    public var team: String
    /// Only this key's entries; nil: every key's.
    public var keyName: String?
    /// Only this action's entries; nil: every action's.
    public var action: String?
    /// Only entries older than this entry number (the previous page's last); nil: from the newest.
    public var before: Int64?
    /// How many entries at most (clamped to 1...1000).
    public var limit: Int

    /// Creates a query.
    public init(team: String, keyName: String? = nil, action: String? = nil, before: Int64? = nil, limit: Int = 50) {
        self.team = team
        self.keyName = keyName
        self.action = action
        self.before = before
        self.limit = min(max(limit, 1), 1000)
    }
}
