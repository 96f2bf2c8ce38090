import Foundation
import Synchronization

/// Signed-in dashboard sessions, held in memory: a random token (the cookie's value) maps to the
/// team and the session's CSRF token. The API key itself is never stored or sent back.
///
/// Sessions live in this process only: a restart signs everyone out, and several instances behind
/// a load balancer need sticky sessions for the dashboard.
final class DashboardSessions: Sendable {
    /// One signed-in browser.
    struct Session: Sendable, Hashable {
        /// The team the API key acts for.
        let team: String
        /// The per-session token every form posts back in a hidden field.
        let csrf: String
        /// When it ends unless used again.
        var expires: Date
    }

    /// How long an unused session lasts.
    let idleTimeout: TimeInterval
    /// Sessions kept at most; the ones closest to expiry go first beyond it.
    let capacity: Int
    private let sessions = Mutex<[String: Session]>([:])

    init(idleTimeout: TimeInterval = 8 * 3600, capacity: Int = 10_000) {
        self.idleTimeout = idleTimeout
        self.capacity = capacity
    }

    /// Starts a session for `team`; returns its token.
    func create(team: String, now: Date) -> (token: String, session: Session) {
        let token = Self.randomToken()
        let session = Session(team: team, csrf: Self.randomToken(), expires: now.addingTimeInterval(idleTimeout))
        sessions.withLock { all in
            all = all.filter { $0.value.expires > now }
            while all.count >= capacity, let oldest = all.min(by: { $0.value.expires < $1.value.expires }) {
                all[oldest.key] = nil
            }
            all[token] = session
        }
        return (token, session)
    }

    /// The live session for `token`, its expiry pushed back; nil when unknown or expired.
    func session(_ token: String?, now: Date) -> Session? {
        guard let token, !token.isEmpty else { return nil }
        return sessions.withLock { all in
            guard var session = all[token] else { return nil }
            guard session.expires > now else {
                all[token] = nil
                return nil
            }
            session.expires = now.addingTimeInterval(idleTimeout)
            all[token] = session
            return session
        }
    }

    /// Ends a session.
    func remove(_ token: String?) {
        guard let token else { return }
        _ = sessions.withLock { $0.removeValue(forKey: token) }
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
