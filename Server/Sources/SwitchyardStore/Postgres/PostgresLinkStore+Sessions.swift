public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func insertSession(_ session: DashboardSession, now: Date) async throws {
        _ = try await rows("DELETE FROM dashboard_sessions WHERE expires_at <= \(StoredDate.rounded(now))")
        _ = try await rows("""
            INSERT INTO dashboard_sessions (token_hash, team, csrf, expires_at)
            VALUES (\(session.tokenHash), \(session.team), \(session.csrf), \(session.expiresAt))
            """)
    }

    public func session(tokenHash: String, now: Date, extendingTo: Date) async throws -> DashboardSession? {
        let until = StoredDate.rounded(extendingTo)
        let found = try await rows("""
            UPDATE dashboard_sessions SET expires_at = \(until)
            WHERE token_hash = \(tokenHash) AND expires_at > \(StoredDate.rounded(now))
            RETURNING team, csrf
            """)
        guard let row = found.first else {
            _ = try await rows("DELETE FROM dashboard_sessions WHERE token_hash = \(tokenHash)")
            return nil
        }
        let (team, csrf) = try row.decode((String, String).self)
        return DashboardSession(tokenHash: tokenHash, team: team, csrf: csrf, expiresAt: until)
    }

    public func deleteSession(tokenHash: String) async throws {
        _ = try await rows("DELETE FROM dashboard_sessions WHERE token_hash = \(tokenHash)")
    }
}
