import Foundation
import GRDB

extension SQLiteLinkStore {
    public func insertDomain(_ domain: LinkDomain, audit: AuditEntry?) async throws {
        try await write { db in
            if domain.isDefault { try Self.clearDefault(db, team: domain.team) }
            try Self.unique("domain", domain.host) {
                try db.execute(sql: """
                    INSERT INTO domains (host, team, is_default, root_redirect, not_found_redirect, expired_redirect, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [domain.host, domain.team, domain.isDefault, domain.redirects.root, domain.redirects.notFound,
                                     domain.redirects.expired, StoredDate.milliseconds(domain.createdAt)])
            }
            if let audit { try Self.append(db, [audit]) }
        }
    }

    public func domains() async throws -> [LinkDomain] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM domains ORDER BY host").map { row in
                LinkDomain(host: row["host"], team: row["team"], isDefault: row["is_default"],
                           redirects: .init(root: row["root_redirect"], notFound: row["not_found_redirect"],
                                            expired: row["expired_redirect"]),
                           createdAt: StoredDate.date(milliseconds: row["created_at"]))
            }
        }
    }

    public func updateDomain(_ domain: LinkDomain, audit: AuditEntry?) async throws -> Bool {
        try await write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM domains WHERE host = ? AND team = ?",
                                   arguments: [domain.host, domain.team]) != nil else { return false }
            if domain.isDefault { try Self.clearDefault(db, team: domain.team) }
            try db.execute(sql: """
                UPDATE domains SET is_default = ?, root_redirect = ?, not_found_redirect = ?, expired_redirect = ?
                WHERE host = ?
                """, arguments: [domain.isDefault, domain.redirects.root, domain.redirects.notFound, domain.redirects.expired,
                                 domain.host])
            if let audit { try Self.append(db, [audit]) }
            return true
        }
    }

    public func removeDomain(host: String, team: String?, force: Bool, audit: AuditEntry?) async throws -> DomainRemoval {
        let keys = LinkKey.range(host: host)
        return try await write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM domains WHERE host = ? AND (? IS NULL OR team = ?)",
                                   arguments: [host, team, team]) != nil else { return .notFound }
            let live = "code >= ? AND code < ? AND deleted_at IS NULL AND NOT disabled"
            var disabled = 0
            if force {
                try db.execute(sql: "UPDATE links SET disabled = 1 WHERE \(live)", arguments: [keys.from, keys.to])
                disabled = db.changesCount
            } else {
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM links WHERE \(live)", arguments: [keys.from, keys.to]) ?? 0
                if count > 0 { return .inUse(liveLinks: count) }
            }
            try db.execute(sql: "DELETE FROM domains WHERE host = ?", arguments: [host])
            if let audit { try Self.append(db, [audit]) }
            return .removed(disabledLinks: disabled)
        }
    }

    private static func clearDefault(_ db: Database, team: String) throws {
        try db.execute(sql: "UPDATE domains SET is_default = 0 WHERE team = ? AND is_default", arguments: [team])
    }
}
