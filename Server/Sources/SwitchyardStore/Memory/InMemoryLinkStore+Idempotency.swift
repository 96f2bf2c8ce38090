public import Foundation

extension InMemoryLinkStore {
    /// One actor step: of concurrent reservations, the first wins.
    public func reserveIdempotencyKey(_ request: IdempotencyRecord, expiredBefore: Date, abandonedBefore: Date) async throws
        -> IdempotencyReservation {
        try check()
        if let existing = idempotencyRecords[request.id], !existing.isReplaceable(expiredBefore: expiredBefore, abandonedBefore: abandonedBefore) {
            return .existing(existing)
        }
        var reserved = request
        reserved.response = nil
        idempotencyRecords[request.id] = reserved
        return .reserved
    }

    public func idempotencyRecord(scope: String, key: String) async throws -> IdempotencyRecord? {
        try check()
        return idempotencyRecords[IdempotencyRecord.ID(scope: scope, key: key)]
    }

    public func completeIdempotencyKey(scope: String, key: String, owner: String, response: IdempotencyRecord.Response) async throws -> Bool {
        try check()
        let id = IdempotencyRecord.ID(scope: scope, key: key)
        guard idempotencyRecords[id]?.owner == owner else { return false }
        idempotencyRecords[id]?.response = response
        return true
    }

    public func releaseIdempotencyKey(scope: String, key: String, owner: String) async throws {
        try check()
        let id = IdempotencyRecord.ID(scope: scope, key: key)
        if let record = idempotencyRecords[id], record.owner == owner, record.response == nil { idempotencyRecords[id] = nil }
    }

    public func forgetIdempotencyKeys(madeBy date: Date, limit: Int) async throws -> Int {
        try check()
        let old = idempotencyRecords.values.filter { $0.createdAt <= date }.prefix(max(1, limit))
        for record in old { idempotencyRecords[record.id] = nil }
        return old.count
    }
}

extension IdempotencyRecord {
    /// A record's scope and key: what makes it unique.
    struct ID: Hashable, Sendable {
        let scope: String
        let key: String
    }

    /// Its scope and key.
    var id: ID { ID(scope: scope, key: key) }

    /// Whether a new reservation replaces this record: it expired, or was left in flight too long.
    func isReplaceable(expiredBefore: Date, abandonedBefore: Date) -> Bool {
        createdAt <= StoredDate.rounded(expiredBefore) || (response == nil && createdAt <= StoredDate.rounded(abandonedBefore))
    }
}
