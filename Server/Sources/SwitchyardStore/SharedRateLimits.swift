public import Foundation

/// A store that counts rate limits for every instance at once, so that N instances behind a load
/// balancer enforce the configured rate exactly, not N times it. PostgreSQL does; SQLite, which
/// one instance owns, leaves the counting to the instance.
public protocol SharedRateLimits: Sendable {
    /// Spends one token of the bucket `key`, which holds up to `capacity` tokens and refills at
    /// `capacity / seconds` tokens a second: nil when the request may go on, otherwise the whole
    /// seconds until a token is back (at least 1). Atomic across instances.
    func spendToken(key: String, capacity: Int, seconds: Int, now: Date) async throws -> Int?
}

/// The arithmetic of a token bucket, shared by the in-process and the database buckets.
public enum TokenBucket {
    /// The whole seconds until a bucket holding `tokens` has one again (at least 1). Less a
    /// nanosecond, so that 5.000000001 s of floating-point error reads as 5, not 6.
    public static func secondsUntilToken(tokens: Double, perSecond: Double) -> Int {
        max(1, Int(((1 - tokens) / perSecond - 1e-9).rounded(.up)))
    }
}
