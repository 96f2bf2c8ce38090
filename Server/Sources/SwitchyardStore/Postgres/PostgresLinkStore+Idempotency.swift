public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    /// One upsert that replaces the key's row only when it expired or was abandoned: its primary
    /// key makes one reservation win across instances. When it does not replace the row, the row
    /// is read (and, if it went meanwhile, the upsert tried again).
    public func reserveIdempotencyKey(_ request: IdempotencyRecord, expiredBefore: Date, abandonedBefore: Date) async throws
        -> IdempotencyReservation {
        for _ in 0..<5 {
            let reserved = try await rows("""
                INSERT INTO idempotency_keys AS k (scope, key, owner, fingerprint, created_at)
                VALUES (\(request.scope), \(request.key), \(request.owner), \(request.fingerprint), \(request.createdAt))
                ON CONFLICT (scope, key) DO UPDATE SET owner = EXCLUDED.owner, fingerprint = EXCLUDED.fingerprint,
                    created_at = EXCLUDED.created_at, status = NULL, headers = NULL, body = NULL
                WHERE k.created_at <= \(StoredDate.rounded(expiredBefore))
                    OR (k.status IS NULL AND k.created_at <= \(StoredDate.rounded(abandonedBefore)))
                RETURNING 1
                """)
            if !reserved.isEmpty { return .reserved }
            if let existing = try await idempotencyRecord(scope: request.scope, key: request.key) { return .existing(existing) }
        }
        throw StoreError(.unavailable, "idempotency key '\(request.key)' changed hands too often to reserve")
    }

    public func idempotencyRecord(scope: String, key: String) async throws -> IdempotencyRecord? {
        let found = try await rows("""
            SELECT owner, fingerprint, created_at, status, headers, body FROM idempotency_keys
            WHERE scope = \(scope) AND key = \(key)
            """)
        guard let row = found.first else { return nil }
        let (owner, fingerprint, createdAt, status, headers, body) = try row.decode((String, String, Date, Int?, String?, String?).self)
        let response = status.map { IdempotencyRecord.Response(status: $0, headers: IdempotencyRecord.Response.headers(json: headers ?? "{}"), body: body ?? "") }
        return IdempotencyRecord(scope: scope, key: key, owner: owner, fingerprint: fingerprint, createdAt: createdAt, response: response)
    }

    public func completeIdempotencyKey(scope: String, key: String, owner: String, response: IdempotencyRecord.Response) async throws -> Bool {
        let updated = try await rows("""
            UPDATE idempotency_keys SET status = \(response.status), headers = \(response.headersJSON), body = \(response.body)
            WHERE scope = \(scope) AND key = \(key) AND owner = \(owner)
            RETURNING 1
            """)
        return !updated.isEmpty
    }

    public func releaseIdempotencyKey(scope: String, key: String, owner: String) async throws {
        _ = try await rows("""
            DELETE FROM idempotency_keys WHERE scope = \(scope) AND key = \(key) AND owner = \(owner) AND status IS NULL
            """)
    }

    public func forgetIdempotencyKeys(madeBy date: Date, limit: Int) async throws -> Int {
        let date = StoredDate.rounded(date)
        let deleted = try await rows("""
            DELETE FROM idempotency_keys WHERE created_at <= \(date) AND (scope, key) IN (
                SELECT scope, key FROM idempotency_keys WHERE created_at <= \(date) ORDER BY created_at LIMIT \(max(1, limit)))
            RETURNING 1
            """)
        return deleted.count
    }
}
