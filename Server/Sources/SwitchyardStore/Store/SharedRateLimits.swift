public import Foundation

/// A store that counts rate limits for every instance at once, so that N instances behind a load
/// balancer enforce the configured rate exactly, not N times it. PostgreSQL does; SQLite, which
/// one instance owns, leaves the counting to the instance.
public protocol SharedRateLimits: Sendable {
    /// Spends one token of the bucket `key`, which holds up to `capacity` tokens and refills at
    /// `capacity / seconds` tokens a second: nil when the request may go on, otherwise the whole
    /// seconds until a token is back (at least 1). Atomic across instances.
    ///
    /// With `intoDebt`, the token is spent even when none is left, so the bucket may go below
    /// zero (key guesses: a burst of concurrent guesses then waits out all of them); the answer
    /// is still nil only when a token was there.
    func spendToken(key: String, capacity: Int, seconds: Int, now: Date, intoDebt: Bool) async throws -> Int?

    /// Deletes up to `limit` buckets that have refilled to their burst by `now` (a full bucket is
    /// the same as none); returns how many. Callers repeat it while it returns `limit`, off the
    /// request path, so the table holds only the buckets of recent callers.
    @discardableResult
    func forgetFullBuckets(at now: Date, limit: Int) async throws -> Int
}

extension SharedRateLimits {
    /// Spends one token of the bucket `key` when there is one (see
    /// ``spendToken(key:capacity:seconds:now:intoDebt:)``).
    public func spendToken(key: String, capacity: Int, seconds: Int, now: Date) async throws -> Int? {
        try await spendToken(key: key, capacity: capacity, seconds: seconds, now: now, intoDebt: false)
    }
}

/// The arithmetic of a token bucket, shared by the in-process and the database buckets.
public enum TokenBucket {
    /// The whole seconds until a bucket holding `tokens` has one again (at least 1). Less a
    /// nanosecond, so that 5.000000001 s of floating-point error reads as 5, not 6.
    public static func secondsUntilToken(tokens: Double, perSecond: Double) -> Int {
        max(1, Int(((1 - tokens) / perSecond - 1e-9).rounded(.up)))
    }
}
