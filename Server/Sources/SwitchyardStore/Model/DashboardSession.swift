public import Foundation

/// A signed-in dashboard browser, kept in the store so that any instance behind a load balancer
/// knows it: the SHA-256 of its cookie's token (never the token), the team, the CSRF token its
/// forms post back, and when it ends unless used again.
///
/// ```swift
/// try await store.insertSession(DashboardSession(tokenHash: hash, team: "shop", csrf: csrf, expiresAt: now + 8 * 3600), now: now)
/// let session = try await store.session(tokenHash: hash, now: later, extendingTo: later + 8 * 3600)
/// ```
public struct DashboardSession: Sendable, Hashable {
    /// The SHA-256 of the session cookie's token, as hex.
    public var tokenHash: String
    /// The team the signed-in admin key acts for.
    public var team: String
    /// The per-session token every form posts back.
    public var csrf: String
    /// When the session ends unless used again (stored to the millisecond).
    public var expiresAt: Date
    /// The name of the key that signed in (`environment` for the bootstrap admin key, and for
    /// sessions stored before keys had names).
    public var keyName: String
    /// The key's role (`admin`, `editor` or `viewer`).
    public var role: String
    /// The SHA-256 digest of a named key (hex), so the session ends when the key is revoked or
    /// expires; nil for the bootstrap key.
    public var keyHash: String?

    /// Creates a session.
    public init(tokenHash: String, team: String, csrf: String, expiresAt: Date, keyName: String = "environment",
                role: String = "admin", keyHash: String? = nil) {
        self.tokenHash = tokenHash
        self.team = team
        self.csrf = csrf
        self.expiresAt = StoredDate.rounded(expiresAt)
        self.keyName = keyName
        self.role = role
        self.keyHash = keyHash
    }
}
