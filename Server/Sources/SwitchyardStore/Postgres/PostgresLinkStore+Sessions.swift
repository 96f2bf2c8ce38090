public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func insertSession(_ session: DashboardSession, now: Date, audit: AuditEntry?) async throws {
        _ = try await rows("DELETE FROM dashboard_sessions WHERE expires_at <= \(StoredDate.rounded(now))")
        let insert: PostgresQuery = """
            INSERT INTO dashboard_sessions (token_hash, team, csrf, expires_at, key_name, role, key_hash)
            VALUES (\(session.tokenHash), \(session.team), \(session.csrf), \(session.expiresAt), \(session.keyName),
                    \(session.role), \(session.keyHash))
            RETURNING token_hash
            """
        _ = try await changedRows(insert, audit: audit)
    }

    public func session(tokenHash: String, now: Date, extendingTo: Date) async throws -> DashboardSession? {
        let until = StoredDate.rounded(extendingTo)
        let found = try await rows("""
            UPDATE dashboard_sessions SET expires_at = \(until)
            WHERE token_hash = \(tokenHash) AND expires_at > \(StoredDate.rounded(now))
            RETURNING team, csrf, key_name, role, key_hash
            """)
        guard let row = found.first else {
            _ = try await rows("DELETE FROM dashboard_sessions WHERE token_hash = \(tokenHash)")
            return nil
        }
        let (team, csrf, keyName, role, keyHash) = try row.decode((String, String, String?, String?, String?).self)
        return DashboardSession(tokenHash: tokenHash, team: team, csrf: csrf, expiresAt: until, keyName: keyName ?? "environment",
                                role: role ?? "admin", keyHash: keyHash)
    }

    public func deleteSession(tokenHash: String) async throws {
        _ = try await rows("DELETE FROM dashboard_sessions WHERE token_hash = \(tokenHash)")
    }
}
