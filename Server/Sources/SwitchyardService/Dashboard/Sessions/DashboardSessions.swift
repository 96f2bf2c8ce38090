import Foundation
import SwitchyardStore

/// Signed-in dashboard sessions, kept in the store so that every instance behind a load balancer
/// knows them (no sticky sessions): a random token (the cookie's value, stored only as its SHA-256)
/// maps to the team and the session's CSRF token. The API key itself is never stored or sent back.
/// A session ends after `idleTimeout` without use, `lifetime` after it started however much it is
/// used, or when its browser signs out, on every instance.
///
/// The token says when its session started (`RANDOM.SECONDS`, the random part 64 hex digits): the
/// store keeps only the token's hash, so a token whose start was changed is no session at all, and
/// the lifetime needs nothing stored beside the idle expiry.
struct DashboardSessions: Sendable {
    /// One signed-in browser, and who signed it in.
    struct Session: Sendable, Hashable {
        /// The team the API key acts for.
        let team: String
        /// The per-session token every form posts back in a hidden field.
        let csrf: String
        /// When it ends unless used again.
        var expires: Date
        /// The name of the key that signed in.
        let keyName: String
        /// The key's role.
        let role: AccessKey.Role
        /// The digest of a named key (the session ends with it); nil for the bootstrap key.
        let keyHash: String?
        /// The signed-in key's identity, as audit entries name it (`env:` or `key:` and 16 hex
        /// digits of its digest); nil for a session that recorded no key.
        var keyIdentity: String? {
            guard let keyHash else { return nil }
            if keyHash.hasPrefix("env:") { return "env:" + keyHash.dropFirst(4).prefix(16) }
            return "key:" + keyHash.prefix(16)
        }
        /// Whether the role may change links (the pages show their forms).
        let canEdit: Bool
        /// Whether the role may manage keys and webhooks and read the audit log.
        let isAdmin: Bool

        init(_ stored: DashboardSession) {
            team = stored.team
            csrf = stored.csrf
            expires = stored.expiresAt
            keyName = stored.keyName
            role = AccessKey.Role(rawValue: stored.role) ?? .viewer
            keyHash = stored.keyHash
            canEdit = role.includes(.editor)
            isAdmin = role.includes(.admin)
        }
    }

    let store: any LinkStore
    /// How long an unused session lasts.
    let idleTimeout: TimeInterval
    /// How long a session lasts at most.
    let lifetime: TimeInterval

    init(store: any LinkStore, idleTimeout: Duration = .seconds(8 * 3600), lifetime: Duration = .seconds(12 * 3600)) {
        self.store = store
        self.idleTimeout = idleTimeout.timeInterval
        self.lifetime = lifetime.timeInterval
    }

    /// Starts a session for the key `caller` stands for (`keyHash`: a named key's digest), with `audit` (its
    /// `signin` entry) in the same transaction; returns its token.
    func create(_ caller: ServiceRequestContext.Caller, keyHash: String?, now: Date,
                audit: AuditEntry? = nil) async throws -> (token: String, session: Session) {
        let started = Int64(now.timeIntervalSince1970.rounded(.down))
        let token = Self.randomToken() + "." + String(started)
        let stored = DashboardSession(tokenHash: Self.hash(token), team: caller.team, csrf: Self.randomToken(),
                                      expiresAt: expiry(started: started, now: now), keyName: caller.name,
                                      role: caller.role.rawValue, keyHash: keyHash)
        try await store.insertSession(stored, now: now, audit: audit)
        return (token, Session(stored))
    }

    /// The live session for `token`, its expiry pushed back; nil when unknown or expired.
    func session(_ token: String?, now: Date) async throws -> Session? {
        guard let token, !token.isEmpty, token.utf8.count <= 128,
              let dot = token.lastIndex(of: "."), let started = Int64(token[token.index(after: dot)...]) else { return nil }
        guard now.timeIntervalSince1970 < Double(started) + lifetime else {
            try await store.deleteSession(tokenHash: Self.hash(token))
            return nil
        }
        guard let stored = try await store.session(tokenHash: Self.hash(token), now: now,
                                                   extendingTo: expiry(started: started, now: now)) else { return nil }
        return Session(stored)
    }

    /// When a session started at `started` (seconds since 1970) and used at `now` ends unless used
    /// again: after the idle timeout, and never past its lifetime.
    private func expiry(started: Int64, now: Date) -> Date {
        min(now.addingTimeInterval(idleTimeout), Date(timeIntervalSince1970: Double(started) + lifetime))
    }

    /// Ends a session.
    func remove(_ token: String?) async throws {
        guard let token, !token.isEmpty else { return }
        try await store.deleteSession(tokenHash: Self.hash(token))
    }

    /// The SHA-256 of a token, as hex: what the store keeps.
    static func hash(_ token: String) -> String {
        APIKeyring.digest(token).map { String(format: "%02x", $0) }.joined()
    }

    /// 32 random bytes from the system's secure generator, as 64 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<32).flatMap { _ -> [Character] in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
        })
    }

    /// Compares two tokens touching every byte, so timing reveals nothing.
    static func tokensMatch(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, !a.isEmpty else { return false }
        return APIKeyring.constantTimeEqual(APIKeyring.digest(a), APIKeyring.digest(b))
    }
}
