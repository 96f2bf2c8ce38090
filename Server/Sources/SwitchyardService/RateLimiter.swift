import Foundation
import Synchronization
import SwitchyardStore

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
/// Callers are a team for the admin API (creates), and the client's address for the app's
/// endpoints (resolve, redeem, claim): an app key ships inside every copy of the app, so one
/// extracted key must not spend every user's allowance. On a store that
/// shares rate limits (PostgreSQL) the buckets live in the database, so N instances enforce the
/// rate exactly; otherwise (SQLite, one instance) they live in this process.
final class RateLimiter: Sendable {
    /// What is limited.
    enum Operation: String, Sendable, Hashable {
        /// `POST /api/v1/links` and the dashboard's form.
        case create
        /// `POST /api/v1/links/{code}/redeem`.
        case redeem
        /// `POST /api/v1/deferred/claim` (at the redeem rate).
        case claim
        /// `GET /api/v1/links/{code}/resolve` (at the redeem rate).
        case resolve
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
    /// Where the buckets live when they are shared across instances.
    private let shared: (any SharedRateLimits)?

    /// A limiter for the given rates; an operation without a rate is not limited. With `shared`,
    /// the buckets live there.
    init(create: RateLimit?, redeem: RateLimit?, shared: (any SharedRateLimits)? = nil) {
        self.shared = shared
        var rates: [Operation: RateLimit] = [:]
        rates[.create] = create
        rates[.redeem] = redeem
        rates[.claim] = redeem
        rates[.resolve] = redeem
        self.rates = rates
    }

    /// Spends one token of `caller`'s bucket for `operation`, in the shared store when there is
    /// one: nil when the request may go on, otherwise the whole seconds until a token is back.
    func spend(_ operation: Operation, caller: String, at now: Date) async throws -> Int? {
        guard let rate = rates[operation] else { return nil }
        if let shared {
            return try await shared.spendToken(key: "\(operation.rawValue):\(caller)", capacity: rate.count, seconds: rate.seconds, now: now)
        }
        return spendLocally(operation, caller: caller, at: now)
    }

    /// Spends one token of this process's bucket (see ``spend(_:caller:at:)``).
    func spendLocally(_ operation: Operation, caller: String, at now: Date) -> Int? {
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
            return TokenBucket.secondsUntilToken(tokens: bucket.tokens, perSecond: perSecond)
        }
    }
}
