public import Foundation
import GRDB

extension SQLiteLinkStore {
    public func insertSession(_ session: DashboardSession, now: Date, audit: AuditEntry?) async throws {
        let arguments: StatementArguments = [session.tokenHash, session.team, session.csrf,
                                             StoredDate.milliseconds(session.expiresAt), session.keyName, session.role,
                                             session.keyHash]
        let now = StoredDate.milliseconds(now)
        try await write { db in
            try db.execute(sql: "DELETE FROM dashboard_sessions WHERE expires_at <= ?", arguments: [now])
            try db.execute(sql: """
                INSERT INTO dashboard_sessions (token_hash, team, csrf, expires_at, key_name, role, key_hash)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: arguments)
            if let audit { try Self.append(db, [audit]) }
        }
    }

    public func session(tokenHash: String, now: Date, extendingTo: Date) async throws -> DashboardSession? {
        let now = StoredDate.milliseconds(now)
        let until = StoredDate.milliseconds(extendingTo)
        return try await write { db in
            let row = try Row.fetchOne(db, sql: """
                UPDATE dashboard_sessions SET expires_at = ? WHERE token_hash = ? AND expires_at > ?
                RETURNING team, csrf, key_name, role, key_hash
                """, arguments: [until, tokenHash, now])
            guard let row else {
                try db.execute(sql: "DELETE FROM dashboard_sessions WHERE token_hash = ?", arguments: [tokenHash])
                return nil
            }
            return DashboardSession(tokenHash: tokenHash, team: row[0], csrf: row[1],
                                    expiresAt: StoredDate.date(milliseconds: until), keyName: row[2] ?? "environment",
                                    role: row[3] ?? "admin", keyHash: row[4])
        }
    }

    public func deleteSession(tokenHash: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM dashboard_sessions WHERE token_hash = ?", arguments: [tokenHash])
        }
    }
}
