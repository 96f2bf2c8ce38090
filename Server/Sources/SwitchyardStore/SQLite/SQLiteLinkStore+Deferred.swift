public import Foundation
import GRDB

extension SQLiteLinkStore {
    public func remember(_ open: PendingOpen, now: Date) async throws {
        let arguments: StatementArguments = [open.fingerprint, open.code, StoredDate.milliseconds(open.expiresAt)]
        let now = StoredDate.milliseconds(now)
        try await write { db in
            try db.execute(sql: "DELETE FROM deferred_opens WHERE expires_at <= ?", arguments: [now])
            try db.execute(sql: "INSERT INTO deferred_opens (fingerprint, code, expires_at) VALUES (?, ?, ?)",
                           arguments: arguments)
        }
    }

    public func claimOpen(fingerprint: String, now: Date) async throws -> String? {
        let now = StoredDate.milliseconds(now)
        return try await write { db in
            try db.execute(sql: "DELETE FROM deferred_opens WHERE expires_at <= ?", arguments: [now])
            let codes = try String.fetchAll(db, sql: "SELECT DISTINCT code FROM deferred_opens WHERE fingerprint = ?",
                                            arguments: [fingerprint])
            guard codes.count == 1 else { return nil }
            try db.execute(sql: "DELETE FROM deferred_opens WHERE fingerprint = ?", arguments: [fingerprint])
            return codes[0]
        }
    }

    @discardableResult
    public func forgetOpens(expiringBy date: Date) async throws -> Int {
        let date = StoredDate.milliseconds(date)
        return try await write { db in
            try db.execute(sql: "DELETE FROM deferred_opens WHERE expires_at <= ?", arguments: [date])
            return db.changesCount
        }
    }
}
