import Foundation
import Synchronization

/// A request rate: at most `count` requests per `seconds`, in bursts of up to `count`.
///
/// ```swift
/// let rate = try RateLimit(parsing: "120/minute")   // 2 a second on average, 120 at once
/// ```
public struct RateLimit: Sendable, Hashable, CustomStringConvertible {
    /// Requests allowed per period, and the largest burst.
    public let count: Int
    /// The period, in seconds.
    public let seconds: Int

    /// Creates a rate of `count` requests per `seconds` (both at least 1).
    public init(_ count: Int, perSeconds seconds: Int) {
        precondition(count > 0 && seconds > 0, "a rate needs a positive count and period")
        self.count = count
        self.seconds = seconds
    }

    /// A rate written `COUNT/second`, `COUNT/minute` or `COUNT/hour` (`COUNT/s`, `/m`, `/h` too).
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[0]), count > 0 else {
            throw ParseError(message: "a rate is COUNT/second, COUNT/minute or COUNT/hour with COUNT ≥ 1, got '\(text)'")
        }
        switch parts[1].lowercased() {
        case "s", "sec", "second": self.init(count, perSeconds: 1)
        case "m", "min", "minute": self.init(count, perSeconds: 60)
        case "h", "hour": self.init(count, perSeconds: 3600)
        default: throw ParseError(message: "a rate's period is second, minute or hour, got '\(parts[1])' in '\(text)'")
        }
    }

    /// `COUNT/minute` and the like.
    public var description: String {
        switch seconds {
        case 1: "\(count)/second"
        case 60: "\(count)/minute"
        case 3600: "\(count)/hour"
        default: "\(count)/\(seconds)s"
        }
    }

    /// A rate that does not read.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What was wrong.
        public let message: String
        /// The message.
        public var description: String { message }
    }
}

/// Token buckets, one per caller and operation: each holds up to `count` tokens, refills at
/// `count / seconds` tokens a second, and a request spends one.
///
/// Callers are API keys' owners (a team for admin keys, the key itself for app keys), so the
/// number of buckets is bounded by the configured keys, whatever the traffic. The buckets live in
/// this process: with several instances, each enforces the limit on its own share of requests.
final class RateLimiter: Sendable {
    /// What is limited.
    enum Operation: String, Sendable, Hashable {
        /// `POST /api/v1/links` and the dashboard's form.
        case create
        /// `POST /api/v1/links/{code}/redeem`.
        case redeem
        /// `POST /api/v1/deferred/claim` (at the redeem rate).
        case claim
    }

    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private struct BucketKey: Hashable {
        let operation: Operation
        let caller: String
    }

    private let rates: [Operation: RateLimit]
    private let buckets = Mutex<[BucketKey: Bucket]>([:])

    /// A limiter for the given rates; an operation without a rate is not limited.
    init(create: RateLimit?, redeem: RateLimit?) {
        var rates: [Operation: RateLimit] = [:]
        rates[.create] = create
        rates[.redeem] = redeem
        rates[.claim] = redeem
        self.rates = rates
    }

    /// Spends one token of `caller`'s bucket for `operation`: nil when the request may go on,
    /// otherwise the whole seconds until a token is back (for `Retry-After`, at least 1).
    func spend(_ operation: Operation, caller: String, at now: Date) -> Int? {
        guard let rate = rates[operation] else { return nil }
        let capacity = Double(rate.count)
        let perSecond = capacity / Double(rate.seconds)
        return buckets.withLock { buckets in
            let key = BucketKey(operation: operation, caller: caller)
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: now)
            // A clock that moved back refills nothing.
            let elapsed = max(0, now.timeIntervalSince(bucket.updated))
            bucket.tokens = min(capacity, bucket.tokens + elapsed * perSecond)
            bucket.updated = max(bucket.updated, now)
            defer { buckets[key] = bucket }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            // Less a nanosecond, so that 5.000000001 s of floating-point error reads as 5, not 6.
            return max(1, Int(((1 - bucket.tokens) / perSecond - 1e-9).rounded(.up)))
        }
    }
}
