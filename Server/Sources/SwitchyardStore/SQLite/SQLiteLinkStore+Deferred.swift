public import Foundation
import GRDB

extension SQLiteLinkStore {
    public func remember(_ open: PendingOpen, now: Date) async throws {
        let arguments: StatementArguments = [open.fingerprint, open.code, StoredDate.milliseconds(open.expiresAt), open.exactOnly]
        let now = StoredDate.milliseconds(now)
        try await write { db in
            try db.execute(sql: "DELETE FROM deferred_opens WHERE expires_at <= ?", arguments: [now])
            try db.execute(sql: "INSERT INTO deferred_opens (fingerprint, code, expires_at, exact_only) VALUES (?, ?, ?, ?)",
                           arguments: arguments)
        }
    }

    public func claimOpen(fingerprint: String, now: Date, webhooks: WebhookDeliveries?) async throws -> String? {
        let now = StoredDate.milliseconds(now)
        return try await write { db in
            try db.execute(sql: "DELETE FROM deferred_opens WHERE expires_at <= ?", arguments: [now])
            let rows = try Row.fetchAll(db, sql: "SELECT DISTINCT code, exact_only FROM deferred_opens WHERE fingerprint = ?",
                                        arguments: [fingerprint])
            let codes = Set(rows.map { $0[0] as String })
            guard codes.count == 1, !rows.contains(where: { $0[1] as Bool }) else { return nil }
            try db.execute(sql: "DELETE FROM deferred_opens WHERE fingerprint = ?", arguments: [fingerprint])
            if let webhooks, let code = codes.first, let link = try Self.fetchLink(db, code: code) { try Self.enqueue(db, webhooks(link)) }
            return codes.first
        }
    }

    @discardableResult
    public func consumeOpens(fingerprint: String, code: String, now: Date, webhooks: [WebhookDelivery.New]) async throws -> Int {
        let now = StoredDate.milliseconds(now)
        return try await write { db in
            try db.execute(sql: "DELETE FROM deferred_opens WHERE expires_at <= ?", arguments: [now])
            try db.execute(sql: "DELETE FROM deferred_opens WHERE fingerprint = ? AND code = ?", arguments: [fingerprint, code])
            let consumed = db.changesCount
            try Self.enqueue(db, webhooks)
            return consumed
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
