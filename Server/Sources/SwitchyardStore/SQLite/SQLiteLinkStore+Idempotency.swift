public import Foundation
import GRDB

extension SQLiteLinkStore {
    /// One write transaction (SQLite runs one at a time): read the key's row, and insert or
    /// replace it unless it holds.
    public func reserveIdempotencyKey(_ request: IdempotencyRecord, expiredBefore: Date, abandonedBefore: Date) async throws
        -> IdempotencyReservation {
        try await write { db in
            if let existing = try Self.idempotencyRecord(db, scope: request.scope, key: request.key),
               !existing.isReplaceable(expiredBefore: expiredBefore, abandonedBefore: abandonedBefore) {
                return .existing(existing)
            }
            try db.execute(sql: """
                INSERT OR REPLACE INTO idempotency_keys (scope, key, owner, fingerprint, created_at, status, headers, body)
                VALUES (?, ?, ?, ?, ?, NULL, NULL, NULL)
                """, arguments: [request.scope, request.key, request.owner, request.fingerprint,
                                 StoredDate.milliseconds(request.createdAt)])
            return .reserved
        }
    }

    public func idempotencyRecord(scope: String, key: String) async throws -> IdempotencyRecord? {
        try await read { db in try Self.idempotencyRecord(db, scope: scope, key: key) }
    }

    public func completeIdempotencyKey(scope: String, key: String, owner: String, response: IdempotencyRecord.Response) async throws -> Bool {
        let arguments: StatementArguments = [response.status, response.headersJSON, response.body, scope, key, owner]
        return try await write { db in
            try db.execute(sql: "UPDATE idempotency_keys SET status = ?, headers = ?, body = ? WHERE scope = ? AND key = ? AND owner = ?",
                           arguments: arguments)
            return db.changesCount > 0
        }
    }

    public func releaseIdempotencyKey(scope: String, key: String, owner: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND owner = ? AND status IS NULL",
                           arguments: [scope, key, owner])
        }
    }

    public func forgetIdempotencyKeys(madeBy date: Date, limit: Int) async throws -> Int {
        let date = StoredDate.milliseconds(date)
        return try await write { db in
            try db.execute(sql: """
                DELETE FROM idempotency_keys WHERE rowid IN (
                    SELECT rowid FROM idempotency_keys WHERE created_at <= ? ORDER BY created_at LIMIT ?)
                """, arguments: [date, max(1, limit)])
            return db.changesCount
        }
    }

    private static func idempotencyRecord(_ db: Database, scope: String, key: String) throws -> IdempotencyRecord? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT owner, fingerprint, created_at, status, headers, body FROM idempotency_keys WHERE scope = ? AND key = ?
            """, arguments: [scope, key]) else { return nil }
        var response: IdempotencyRecord.Response?
        if let status = row[3] as Int? {
            response = .init(status: status, headers: IdempotencyRecord.Response.headers(json: row[4] ?? "{}"), body: row[5] ?? "")
        }
        return IdempotencyRecord(scope: scope, key: key, owner: row[0], fingerprint: row[1],
                                 createdAt: StoredDate.date(milliseconds: row[2]), response: response)
    }
}
