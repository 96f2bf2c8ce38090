import Foundation
import Synchronization
import SwitchyardStore
public import Switchyard

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
    public struct ParseError: CodedError, Sendable, Hashable {
        /// ``ErrorCode/invalidRate``.
        public var code: Code { .invalidRate }
        /// What was wrong.
        public let message: String
    }
}

extension ErrorCode<RateLimit.ParseError> {
    /// Not `COUNT/second`, `COUNT/minute` or `COUNT/hour` with `COUNT` of at least 1.
    public static var invalidRate: Self { Self(rawValue: "invalid_rate") }
}

/// Token buckets, one per caller and operation: each holds up to `count` tokens, refills at
/// `count / seconds` tokens a second, and a request spends one.
///
/// Callers are a team for the admin API (creates), and the client's address for the app's
/// endpoints (resolve, redeem, claim): an app key ships inside every copy of the app, so one
/// extracted key must not spend every user's allowance. On a store that
/// shares rate limits (PostgreSQL) the buckets live in the database, so N instances enforce the
/// rate exactly; otherwise (SQLite, one instance) they live in this process.
///
/// Key guesses (dashboard sign-ins and wrong admin keys, ``Operation/keyGuess``) are limited per
/// client address: a throttled address's sign-ins and wrong keys are refused
/// (``keyGuessRefusal(caller:at:)``), so it cannot go on testing keys, while a valid API key from it
/// is never refused (``KeyAuthentication`` tests the key first). A guess spends a token even
/// when none is left, driving the bucket into debt (``spendKeyGuess(caller:at:)``): a burst of
/// concurrent guesses then waits out all of them, and the rate holds on average.
///
/// The buckets in this process stay bounded however many callers come: a bucket that has
/// refilled to its burst is the same as no bucket, so whenever the table has doubled since the
/// last sweep, a sweep drops every full one.
///
/// - Complexity: O(1) amortized per spend (a sweep of n buckets follows at least n/2 new ones).
final class RateLimiter: Sendable {
    /// What is limited.
    enum Operation: String, Sendable, Hashable {
        /// `POST /api/v1/links` and the dashboard's form (and its imports, a token per new link).
        case create
        /// `POST /api/v1/links` with the app key, per install.
        case appCreate = "app-create"
        /// `POST /api/v1/links` with the app key, per app key and per team, whatever the address
        /// or install: what every copy of the app may create together.
        case appCreateTotal = "app-create-total"
        /// `POST /api/v1/links/{code}/redeem`.
        case redeem
        /// `POST /api/v1/deferred/claim` (at its own, low rate).
        case claim
        /// `GET /api/v1/links/{code}/resolve` (at the redeem rate).
        case resolve
        /// Dashboard sign-in attempts and wrong admin keys, per client address.
        case keyGuess = "key-guess"
        /// Requests of one admin, editor or viewer key, per instance.
        case keyRequest = "key-request"
        /// A password guess on a link, per client address.
        case passwordGuess = "password-guess"
        /// A password guess on one link, from every address together.
        case linkPasswordGuess = "link-password-guess"
    }

    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private struct BucketKey: Hashable {
        let operation: Operation
        let caller: String
    }

    /// This process's state: its buckets, and, when the buckets are shared, the addresses this
    /// instance saw throttled for key guesses (until when), so that a correctly authenticated
    /// request costs no database round trip.
    private struct Local {
        var buckets: [BucketKey: Bucket] = [:]
        var throttledUntil: [String: Date] = [:]
        /// The sizes at which the next sweeps run.
        var bucketSweepSize = Local.minimumSweepSize
        var throttledSweepSize = Local.minimumSweepSize
        /// Below this many entries a table is never swept.
        static let minimumSweepSize = 1024
    }

    private let rates: [Operation: RateLimit]
    private let local = Mutex(Local())
    /// Where the buckets live when they are shared across instances.
    private let shared: (any SharedRateLimits)?

    /// A limiter for the given rates; an operation without a rate is not limited. With `shared`,
    /// the buckets live there. `claim` limits deferred claims per client address; `keyGuesses` limits sign-in attempts and wrong admin keys per
    /// client address.
    init(create: RateLimit?, redeem: RateLimit?, claim: RateLimit? = nil, keyGuesses: RateLimit? = nil,
         appCreate: RateLimit? = nil, appCreateTotal: RateLimit? = nil, keyRequests: RateLimit? = nil,
         passwordGuesses: RateLimit? = nil, linkPasswordGuesses: RateLimit? = nil,
         shared: (any SharedRateLimits)? = nil) {
        self.shared = shared
        var rates: [Operation: RateLimit] = [:]
        rates[.create] = create
        rates[.redeem] = redeem
        rates[.claim] = claim
        rates[.resolve] = redeem
        rates[.keyGuess] = keyGuesses
        rates[.appCreate] = appCreate
        rates[.appCreateTotal] = appCreateTotal
        rates[.keyRequest] = keyRequests
        rates[.passwordGuess] = passwordGuesses
        rates[.linkPasswordGuess] = linkPasswordGuesses
        self.rates = rates
    }

    /// What a key's request rate looks like after spending one of its requests in this process:
    /// the `RateLimit-*` headers' values.
    struct Quota: Sendable, Hashable {
        /// The burst (`RateLimit-Limit`).
        let limit: Int
        /// Requests left now (`RateLimit-Remaining`).
        let remaining: Int
        /// Whole seconds until the bucket is full again (`RateLimit-Reset`).
        let reset: Int
        /// Whole seconds until a request is allowed again; nil when this one was.
        let retryAfter: Int?
    }

    /// Spends one request of `caller`'s ``Operation/keyRequest`` bucket in this process (no
    /// database round trip, so each instance has the rate): nil when no rate is set.
    func spendKeyRequest(caller: String, at now: Date) -> Quota? {
        guard let rate = rates[.keyRequest] else { return nil }
        let retryAfter = spendLocally(.keyRequest, caller: caller, at: now)
        let tokens = local.withLock { local in
            local.buckets[BucketKey(operation: .keyRequest, caller: caller)].map { Self.refilled($0, rate: rate, at: now).tokens } ?? 0
        }
        let missing = Double(rate.count) - max(0, tokens)
        return Quota(limit: rate.count, remaining: max(0, Int(tokens.rounded(.down))),
                     reset: Int((missing / rate.perSecond).rounded(.up)), retryAfter: retryAfter)
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

    /// Spends one token of this process's bucket (see ``spend(_:caller:at:)``); with `intoDebt`,
    /// spends it even when none is left (the answer is then still the seconds until one is back).
    func spendLocally(_ operation: Operation, caller: String, at now: Date, intoDebt: Bool = false) -> Int? {
        guard let rate = rates[operation] else { return nil }
        return local.withLock { local in
            let key = BucketKey(operation: operation, caller: caller)
            var bucket = local.buckets[key].map { Self.refilled($0, rate: rate, at: now) }
                ?? Bucket(tokens: Double(rate.count), updated: now)
            let allowed = bucket.tokens >= 1
            if allowed || intoDebt { bucket.tokens -= 1 }
            local.buckets[key] = bucket
            if local.buckets.count >= local.bucketSweepSize { sweepBuckets(&local, at: now) }
            return allowed ? nil : TokenBucket.secondsUntilToken(tokens: bucket.tokens, perSecond: rate.perSecond)
        }
    }

    /// Whether the client `caller` may have a key tested now: nil, or the whole seconds until it
    /// may. Asked before the key is looked at, so a throttled client learns nothing of its key.
    /// Answered from this process alone (no database round trip): from its bucket, or where the
    /// buckets are shared, from the refusals this instance gave (``spendKeyGuess(caller:at:)``).
    func keyGuessRefusal(caller: String, at now: Date) -> Int? {
        guard let rate = rates[.keyGuess] else { return nil }
        let isShared = shared != nil
        return local.withLock { local in
            if isShared {
                guard let until = local.throttledUntil[caller] else { return nil }
                guard until > now else {
                    local.throttledUntil[caller] = nil
                    return nil
                }
                return max(1, Int((until.timeIntervalSince(now) - 1e-9).rounded(.up)))
            }
            guard let bucket = local.buckets[BucketKey(operation: .keyGuess, caller: caller)] else { return nil }
            let refilled = Self.refilled(bucket, rate: rate, at: now)
            return refilled.tokens >= 1 ? nil : TokenBucket.secondsUntilToken(tokens: refilled.tokens, perSecond: rate.perSecond)
        }
    }

    /// Spends one key guess of the client `caller` (a sign-in attempt, a wrong admin key), into
    /// debt when none is left: nil when it was within the rate, otherwise the whole seconds until
    /// the client may guess again (and this instance then refuses it before testing keys).
    func spendKeyGuess(caller: String, at now: Date) async throws -> Int? {
        guard let rate = rates[.keyGuess] else { return nil }
        guard let shared else { return spendLocally(.keyGuess, caller: caller, at: now, intoDebt: true) }
        let seconds = try await shared.spendToken(key: "\(Operation.keyGuess.rawValue):\(caller)", capacity: rate.count,
                                                  seconds: rate.seconds, now: now, intoDebt: true)
        if let seconds {
            local.withLock { local in
                local.throttledUntil[caller] = max(local.throttledUntil[caller] ?? now, now.addingTimeInterval(TimeInterval(seconds)))
                if local.throttledUntil.count >= local.throttledSweepSize {
                    local.throttledUntil = local.throttledUntil.filter { $0.value > now }
                    local.throttledSweepSize = max(Local.minimumSweepSize, 2 * local.throttledUntil.count)
                }
            }
        }
        return seconds
    }

    /// The buckets and throttled addresses this process holds (tests of the sweep).
    var localEntries: Int { local.withLock { $0.buckets.count + $0.throttledUntil.count } }

    /// Drops every bucket that has refilled to its burst, and sets the next sweep at twice the rest.
    private func sweepBuckets(_ local: inout Local, at now: Date) {
        local.buckets = local.buckets.filter { key, bucket in
            guard let rate = rates[key.operation] else { return false }
            return Self.refilled(bucket, rate: rate, at: now).tokens < Double(rate.count)
        }
        local.bucketSweepSize = max(Local.minimumSweepSize, 2 * local.buckets.count)
    }

    /// The bucket refilled up to `now`. A clock that moved back refills nothing.
    private static func refilled(_ bucket: Bucket, rate: RateLimit, at now: Date) -> Bucket {
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        return Bucket(tokens: min(Double(rate.count), bucket.tokens + elapsed * rate.perSecond),
                      updated: max(bucket.updated, now))
    }
}

extension RateLimit {
    /// Tokens refilled per second.
    var perSecond: Double { Double(count) / Double(seconds) }
}
