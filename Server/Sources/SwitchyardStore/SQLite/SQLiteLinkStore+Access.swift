public import Foundation
import GRDB

extension SQLiteLinkStore {
    public func insertTeam(_ team: Team, audit: AuditEntry?) async throws {
        try await write { db in
            try Self.unique("team", team.name) {
                try db.execute(sql: "INSERT INTO teams (name, created_at) VALUES (?, ?)",
                               arguments: [team.name, StoredDate.milliseconds(team.createdAt)])
            }
            if let audit { try Self.append(db, [audit]) }
        }
    }

    public func teams() async throws -> [Team] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT name, created_at FROM teams ORDER BY name").map {
                Team(name: $0[0], createdAt: StoredDate.date(milliseconds: $0[1]))
            }
        }
    }

    public func insertKey(_ key: AccessKey, audit: AuditEntry?) async throws {
        try await write { db in
            try Self.unique("key", key.name) {
                try db.execute(sql: """
                    INSERT INTO access_keys (name, team, role, key_hash, hint, created_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [key.name, key.team, key.role.rawValue, key.hash, key.hint,
                                     StoredDate.milliseconds(key.createdAt), key.expiresAt.map(StoredDate.milliseconds)])
            }
            if let audit { try Self.append(db, [audit]) }
        }
    }

    public func accessKeys(team: String?) async throws -> [AccessKey] {
        try await read { db in
            let rows = if let team {
                try Row.fetchAll(db, sql: "SELECT * FROM access_keys WHERE team = ? ORDER BY name", arguments: [team])
            } else {
                try Row.fetchAll(db, sql: "SELECT * FROM access_keys ORDER BY name")
            }
            return try rows.map(Self.accessKey)
        }
    }

    public func accessKey(hash: String) async throws -> AccessKey? {
        try await readOneStatement { db in
            try Row.fetchOne(db, sql: "SELECT * FROM access_keys WHERE key_hash = ?", arguments: [hash]).map(Self.accessKey)
        }
    }

    public func revokeKey(name: String, team: String?, at: Date, audit: AuditEntry?) async throws -> AccessKey? {
        let at = StoredDate.milliseconds(at)
        return try await write { db in
            let row = try Row.fetchOne(db, sql: """
                UPDATE access_keys SET revoked_at = ?
                WHERE name = ? AND revoked_at IS NULL AND (? IS NULL OR team = ?)
                RETURNING *
                """, arguments: [at, name, team, team])
            guard let row else { return nil }
            if let audit { try Self.append(db, [audit]) }
            return try Self.accessKey(row)
        }
    }

    public func recordKeyUse(_ uses: [String: Date]) async throws {
        guard !uses.isEmpty else { return }
        try await write { db in
            let statement = try db.cachedStatement(sql: """
                UPDATE access_keys SET last_used_at = ? WHERE key_hash = ? AND (last_used_at IS NULL OR last_used_at < ?)
                """)
            for (hash, date) in uses {
                let at = StoredDate.milliseconds(date)
                try statement.execute(arguments: [at, hash, at])
            }
        }
    }

    public func appendAudit(_ entries: [AuditEntry]) async throws {
        guard !entries.isEmpty else { return }
        try await write { db in try Self.append(db, entries) }
    }

    public func audit(_ query: AuditQuery) async throws -> [AuditEntry] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM audit_log
                WHERE team = ? AND (? IS NULL OR key_name = ?) AND (? IS NULL OR action = ?) AND (? IS NULL OR id < ?)
                ORDER BY id DESC LIMIT ?
                """, arguments: [query.team, query.keyName, query.keyName, query.action, query.action,
                                 query.before, query.before, query.limit]).map { row in
                AuditEntry(id: row["id"], team: row["team"], at: StoredDate.date(milliseconds: row["at"]),
                           keyName: row["key_name"], role: row["role"], address: row["address"], action: row["action"],
                           target: row["target"], detail: row["detail"], keyID: row["key_id"])
            }
        }
    }

    @discardableResult
    public func forgetAudit(before date: Date) async throws -> Int {
        let before = StoredDate.milliseconds(date)
        return try await write { db in
            try db.execute(sql: "DELETE FROM audit_log WHERE at < ?", arguments: [before])
            return db.changesCount
        }
    }

    /// Writes audit entries in the caller's transaction.
    static func append(_ db: Database, _ entries: [AuditEntry]) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO audit_log (team, at, key_name, role, address, action, target, detail, key_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for entry in entries {
            try statement.execute(arguments: [entry.team, StoredDate.milliseconds(entry.at), entry.keyName, entry.role,
                                              entry.address, entry.action, entry.target, entry.detail, entry.keyID])
        }
    }

    /// Runs an INSERT, turning a clash on the primary key into ``StoreError`` `.nameTaken`.
    static func unique(_ kind: String, _ name: String, _ insert: () throws -> Void) throws {
        do {
            try insert()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw StoreError.nameTaken(kind, name)
        }
    }

    private static func accessKey(_ row: Row) throws -> AccessKey {
        let role: String = row["role"]
        guard let parsed = AccessKey.Role(rawValue: role) else {
            throw StoreError(.corrupt, "key '\(row["name"] as String)' has the unknown role '\(role)'")
        }
        return AccessKey(name: row["name"], team: row["team"], role: parsed, hash: row["key_hash"], hint: row["hint"],
                         createdAt: StoredDate.date(milliseconds: row["created_at"]),
                         expiresAt: (row["expires_at"] as Int64?).map(StoredDate.date(milliseconds:)),
                         lastUsedAt: (row["last_used_at"] as Int64?).map(StoredDate.date(milliseconds:)),
                         revokedAt: (row["revoked_at"] as Int64?).map(StoredDate.date(milliseconds:)))
    }
}
