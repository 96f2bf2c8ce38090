import Foundation
import SwitchyardStore

/// Signed-in dashboard sessions, kept in the store so that every instance behind a load balancer
/// knows them (no sticky sessions): a random token (the cookie's value, stored only as its SHA-256)
/// maps to the team and the session's CSRF token. The API key itself is never stored or sent back.
/// A session ends after `idleTimeout` without use, or when its browser signs out, on every instance.
struct DashboardSessions: Sendable {
    /// One signed-in browser.
    struct Session: Sendable, Hashable {
        /// The team the API key acts for.
        let team: String
        /// The per-session token every form posts back in a hidden field.
        let csrf: String
        /// When it ends unless used again.
        var expires: Date
    }

    let store: any LinkStore
    /// How long an unused session lasts.
    let idleTimeout: TimeInterval

    init(store: any LinkStore, idleTimeout: TimeInterval = 8 * 3600) {
        self.store = store
        self.idleTimeout = idleTimeout
    }

    /// Starts a session for `team`; returns its token.
    func create(team: String, now: Date) async throws -> (token: String, session: Session) {
        let token = Self.randomToken()
        let stored = DashboardSession(tokenHash: Self.hash(token), team: team, csrf: Self.randomToken(),
                                      expiresAt: now.addingTimeInterval(idleTimeout))
        try await store.insertSession(stored, now: now)
        return (token, Session(team: stored.team, csrf: stored.csrf, expires: stored.expiresAt))
    }

    /// The live session for `token`, its expiry pushed back; nil when unknown or expired.
    func session(_ token: String?, now: Date) async throws -> Session? {
        guard let token, !token.isEmpty, token.utf8.count <= 128 else { return nil }
        guard let stored = try await store.session(tokenHash: Self.hash(token), now: now,
                                                   extendingTo: now.addingTimeInterval(idleTimeout)) else { return nil }
        return Session(team: stored.team, csrf: stored.csrf, expires: stored.expiresAt)
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
