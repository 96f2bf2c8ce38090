import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func insertDomain(_ domain: LinkDomain, audit: AuditEntry?) async throws {
        let insert: PostgresQuery = """
            INSERT INTO domains (host, team, is_default, root_redirect, not_found_redirect, expired_redirect, created_at)
            VALUES (\(domain.host), \(domain.team), \(domain.isDefault), \(domain.redirects.root), \(domain.redirects.notFound),
                    \(domain.redirects.expired), \(domain.createdAt))
            ON CONFLICT (host) DO NOTHING RETURNING host
            """
        let clear: PostgresQuery = """
            UPDATE domains SET is_default = false WHERE team = \(domain.team) AND is_default AND host <> \(domain.host)
            """
        let logger = logger
        // The row first: a taken host changes nothing, and the team's default keeps its flag.
        let inserted = try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                guard !(try await connection.query(insert, logger: logger).collect().isEmpty) else { return false }
                if domain.isDefault { try await connection.query(clear, logger: logger) }
                if let audit { try await Self.append(connection, [audit], logger: logger) }
                return true
            }
        }
        guard inserted else { throw StoreError.nameTaken("domain", domain.host) }
    }

    public func domains() async throws -> [LinkDomain] {
        try await rows("""
            SELECT host, team, is_default, root_redirect, not_found_redirect, expired_redirect, created_at
            FROM domains ORDER BY host
            """).map { row in
            let (host, team, isDefault, root, notFound, expired, created) =
                try row.decode((String, String, Bool, String?, String?, String?, Date).self)
            return LinkDomain(host: host, team: team, isDefault: isDefault,
                              redirects: .init(root: root, notFound: notFound, expired: expired), createdAt: created)
        }
    }

    public func updateDomain(_ domain: LinkDomain, audit: AuditEntry?) async throws -> Bool {
        let clear: PostgresQuery = """
            UPDATE domains SET is_default = false WHERE team = \(domain.team) AND is_default AND host <> \(domain.host)
            """
        let update: PostgresQuery = """
            UPDATE domains SET is_default = \(domain.isDefault), root_redirect = \(domain.redirects.root),
                not_found_redirect = \(domain.redirects.notFound), expired_redirect = \(domain.redirects.expired)
            WHERE host = \(domain.host) AND team = \(domain.team) RETURNING host
            """
        let logger = logger
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                guard !(try await connection.query(update, logger: logger).collect().isEmpty) else { return false }
                if domain.isDefault { try await connection.query(clear, logger: logger) }
                if let audit { try await Self.append(connection, [audit], logger: logger) }
                return true
            }
        }
    }

    public func removeDomain(host: String, team: String?, force: Bool, audit: AuditEntry?) async throws -> DomainRemoval {
        let keys = LinkKey.range(host: host)
        // The row is locked first, so a link created on the domain meanwhile is counted or disabled.
        let held: PostgresQuery = """
            SELECT host FROM domains WHERE host = \(host) AND (\(team)::text IS NULL OR team = \(team)) FOR UPDATE
            """
        let count: PostgresQuery = """
            SELECT count(*)::bigint FROM links
            WHERE code >= \(keys.from) AND code < \(keys.to) AND deleted_at IS NULL AND NOT disabled
            """
        let disable: PostgresQuery = """
            WITH changed AS (UPDATE links SET disabled = true
                WHERE code >= \(keys.from) AND code < \(keys.to) AND deleted_at IS NULL AND NOT disabled RETURNING 1)
            SELECT count(*)::bigint FROM changed
            """
        let delete: PostgresQuery = "DELETE FROM domains WHERE host = \(host)"
        let logger = logger
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection -> DomainRemoval in
                guard !(try await connection.query(held, logger: logger).collect().isEmpty) else { return .notFound }
                var disabled = 0
                if force {
                    disabled = try await connection.query(disable, logger: logger).collect().first?.decode(Int.self) ?? 0
                } else {
                    let live = try await connection.query(count, logger: logger).collect().first?.decode(Int.self) ?? 0
                    if live > 0 { return .inUse(liveLinks: live) }
                }
                try await connection.query(delete, logger: logger)
                if let audit { try await Self.append(connection, [audit], logger: logger) }
                return .removed(disabledLinks: disabled)
            }
        }
    }
}
