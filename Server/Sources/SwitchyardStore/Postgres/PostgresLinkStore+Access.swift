public import Foundation
import Logging
import PostgresNIO

extension PostgresLinkStore {
    public func insertTeam(_ team: Team, audit: AuditEntry?) async throws {
        let inserted = try await changedRows("""
            INSERT INTO teams (name, created_at) VALUES (\(team.name), \(team.createdAt))
            ON CONFLICT (name) DO NOTHING RETURNING name
            """, audit: audit)
        guard !inserted.isEmpty else { throw StoreError.nameTaken("team", team.name) }
    }

    public func teams() async throws -> [Team] {
        try await rows("SELECT name, created_at FROM teams ORDER BY name").map { row in
            let (name, created) = try row.decode((String, Date).self)
            return Team(name: name, createdAt: created)
        }
    }

    public func insertKey(_ key: AccessKey, audit: AuditEntry?) async throws {
        let insert: PostgresQuery = """
            INSERT INTO access_keys (name, team, role, key_hash, hint, created_at, expires_at)
            VALUES (\(key.name), \(key.team), \(key.role.rawValue), \(key.hash), \(key.hint), \(key.createdAt), \(key.expiresAt))
            ON CONFLICT (team, name) DO NOTHING RETURNING name
            """
        let logger = logger
        let inserted = try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                guard !(try await connection.query(insert, logger: logger).collect().isEmpty) else { return false }
                if let audit { try await Self.append(connection, [audit], logger: logger) }
                return true
            }
        }
        guard inserted else { throw StoreError.nameTaken("key", key.name) }
    }

    public func accessKeys(team: String?) async throws -> [AccessKey] {
        let query: PostgresQuery = if let team {
            "SELECT \(unescaped: Self.keyColumns) FROM access_keys WHERE team = \(team) ORDER BY name"
        } else {
            "SELECT \(unescaped: Self.keyColumns) FROM access_keys ORDER BY name"
        }
        return try await rows(query).map(Self.accessKey)
    }

    public func accessKey(hash: String) async throws -> AccessKey? {
        try await rows("SELECT \(unescaped: Self.keyColumns) FROM access_keys WHERE key_hash = \(hash)").first.map(Self.accessKey)
    }

    public func revokeKey(name: String, team: String?, at: Date, audit: AuditEntry?) async throws -> AccessKey? {
        let update: PostgresQuery = """
            UPDATE access_keys SET revoked_at = \(StoredDate.rounded(at))
            WHERE name = \(name) AND revoked_at IS NULL AND (\(team)::text IS NULL OR team = \(team))
            RETURNING \(unescaped: Self.keyColumns)
            """
        let logger = logger
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection -> AccessKey? in
                guard let row = try await connection.query(update, logger: logger).collect().first else { return nil }
                if let audit { try await Self.append(connection, [audit], logger: logger) }
                return try Self.accessKey(row)
            }
        }
    }

    public func recordKeyUse(_ uses: [String: Date]) async throws {
        guard !uses.isEmpty else { return }
        let hashes = Array(uses.keys)
        let dates = hashes.map { StoredDate.rounded(uses[$0]!) }
        _ = try await rows("""
            UPDATE access_keys SET last_used_at = used.at
            FROM unnest(\(hashes)::text[], \(dates)::timestamptz[]) AS used(hash, at)
            WHERE key_hash = used.hash AND (last_used_at IS NULL OR last_used_at < used.at)
            """)
    }

    public func appendAudit(_ entries: [AuditEntry]) async throws {
        guard !entries.isEmpty else { return }
        let logger = logger
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in try await Self.append(connection, entries, logger: logger) }
        }
    }

    public func audit(_ query: AuditQuery) async throws -> [AuditEntry] {
        try await rows("""
            SELECT id, team, at, key_name, role, address, action, target, detail, key_id FROM audit_log
            WHERE team = \(query.team) AND (\(query.keyName)::text IS NULL OR key_name = \(query.keyName))
                AND (\(query.action)::text IS NULL OR action = \(query.action))
                AND (\(query.before)::bigint IS NULL OR id < \(query.before))
            ORDER BY id DESC LIMIT \(query.limit)
            """).map { row in
            let (id, team, at, keyName, role, address, action, target, detail, keyID)
                = try row.decode((Int64, String, Date, String, String, String, String, String, String, String?).self)
            return AuditEntry(id: id, team: team, at: at, keyName: keyName, role: role, address: address, action: action,
                              target: target, detail: detail, keyID: keyID)
        }
    }

    @discardableResult
    public func forgetAudit(before date: Date) async throws -> Int {
        try await rows("WITH gone AS (DELETE FROM audit_log WHERE at < \(StoredDate.rounded(date)) RETURNING 1) SELECT count(*)::bigint FROM gone",
                       deadline: .seconds(60)).first?.decode(Int.self) ?? 0
    }

    /// Runs `query` (a statement that returns the rows it changed) and, when it changed one, writes
    /// `audit` in the same transaction; without an entry, the statement runs on its own. The rows
    /// `query` returned.
    func changedRows(_ query: PostgresQuery, audit: AuditEntry?) async throws -> [PostgresRow] {
        guard let audit else { return try await rows(query) }
        let logger = logger
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                let changed = try await connection.query(query, logger: logger).collect()
                if !changed.isEmpty { try await Self.append(connection, [audit], logger: logger) }
                return changed
            }
        }
    }

    /// Writes audit entries on `connection` (in the caller's transaction, if any): one
    /// multi-row INSERT per 1,000 rows.
    static func append(_ connection: PostgresConnection, _ entries: [AuditEntry], logger: Logger) async throws {
        let statements = multiRowStatements(
            entries, columns: 9, insert: "INSERT INTO audit_log (team, at, key_name, role, address, action, target, detail, key_id)"
        ) { entry, binds in
            binds.append(entry.team)
            binds.append(StoredDate.rounded(entry.at))
            binds.append(entry.keyName)
            binds.append(entry.role)
            binds.append(entry.address)
            binds.append(entry.action)
            binds.append(entry.target)
            binds.append(entry.detail)
            binds.append(entry.keyID)
        }
        for statement in statements { try await connection.query(statement, logger: logger) }
    }

    static let keyColumns = "name, team, role, key_hash, hint, created_at, expires_at, last_used_at, revoked_at"

    static func accessKey(_ row: PostgresRow) throws -> AccessKey {
        let (name, team, role, hash, hint, created, expires, used, revoked)
            = try row.decode((String, String, String, String, String, Date, Date?, Date?, Date?).self)
        guard let parsed = AccessKey.Role(rawValue: role) else {
            throw StoreError(.corrupt, "key '\(name)' has the unknown role '\(role)'")
        }
        return AccessKey(name: name, team: team, role: parsed, hash: hash, hint: hint, createdAt: created, expiresAt: expires,
                         lastUsedAt: used, revokedAt: revoked)
    }
}
