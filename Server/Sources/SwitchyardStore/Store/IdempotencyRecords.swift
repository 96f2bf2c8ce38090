public import Foundation

/// Requests made under an `Idempotency-Key`, so that a client's retry gets the first answer again
/// instead of doing the work twice. A record is reserved before the work starts (one row per
/// scope and key: of concurrent reservations, one wins, on every instance sharing the database),
/// then completed with the answer, or released when the work failed.
///
/// ```swift
/// switch try await store.reserveIdempotencyKey(request, expiredBefore: now - 86_400, abandonedBefore: now - 60) {
/// case .reserved: // do the work, then completeIdempotencyKey(...)
/// case .existing(let earlier): // replay earlier.response, or wait while it is nil
/// }
/// ```
public protocol IdempotencyRecords: Sendable {
    /// Reserves `request`'s scope and key (its `response` is ignored: the record starts in flight).
    /// When a record of that scope and key exists that was made after `expiredBefore` (and, while
    /// in flight, after `abandonedBefore`), it is left as it is and returned; an older one is replaced.
    /// Atomic across instances.
    func reserveIdempotencyKey(_ request: IdempotencyRecord, expiredBefore: Date, abandonedBefore: Date) async throws
        -> IdempotencyReservation

    /// The record of `scope` and `key`, if there is one (a request that waits for another reads it).
    func idempotencyRecord(scope: String, key: String) async throws -> IdempotencyRecord?

    /// Stores the answer of the reservation `owner` holds; false when it no longer holds it (it
    /// was taken over as abandoned).
    @discardableResult
    func completeIdempotencyKey(scope: String, key: String, owner: String, response: IdempotencyRecord.Response) async throws -> Bool

    /// Deletes the reservation `owner` holds while it is in flight (the work failed: a retry does
    /// it again).
    func releaseIdempotencyKey(scope: String, key: String, owner: String) async throws

    /// Deletes up to `limit` records made at or before `date`; returns how many (callers repeat
    /// it while it returns `limit`).
    @discardableResult
    func forgetIdempotencyKeys(madeBy date: Date, limit: Int) async throws -> Int
}

/// What ``IdempotencyRecords/reserveIdempotencyKey(_:expiredBefore:abandonedBefore:)`` found.
public enum IdempotencyReservation: Sendable, Hashable {
    /// The caller holds the key: it does the work.
    case reserved
    /// An earlier request holds the key: its record, in flight (no response yet) or completed.
    case existing(IdempotencyRecord)
}

/// One request made under an `Idempotency-Key`.
public struct IdempotencyRecord: Sendable, Hashable {
    /// Who and what the key is for (`links:team:shop`): keys of different scopes never meet.
    public var scope: String
    /// The client's `Idempotency-Key`.
    public var key: String
    /// A random token of the reservation, so that only its holder completes or releases it.
    public var owner: String
    /// A digest of the request's body: the same key with another body is refused.
    public var fingerprint: String
    /// When the key was reserved (stored to the millisecond).
    public var createdAt: Date
    /// The answer; nil while the first request is in flight.
    public var response: Response?

    /// Creates a record.
    public init(scope: String, key: String, owner: String, fingerprint: String, createdAt: Date, response: Response? = nil) {
        self.scope = scope
        self.key = key
        self.owner = owner
        self.fingerprint = fingerprint
        self.createdAt = StoredDate.rounded(createdAt)
        self.response = response
    }

    /// A stored answer: status, the headers a replay repeats, and the body.
    public struct Response: Sendable, Hashable {
        /// The HTTP status code.
        public var status: Int
        /// Header fields by name (`Content-Type`, `Location`).
        public var headers: [String: String]
        /// The body, as text (the API answers JSON).
        public var body: String

        /// Creates a response.
        public init(status: Int, headers: [String: String], body: String) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// The headers as a JSON object (how the databases store them).
        var headersJSON: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return (try? encoder.encode(headers)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }

        /// Headers read back from ``headersJSON``.
        static func headers(json: String) -> [String: String] {
            (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
        }
    }
}
