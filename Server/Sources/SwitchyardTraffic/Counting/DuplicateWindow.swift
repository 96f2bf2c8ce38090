public import Foundation
import Synchronization

/// Remembers which clicks were counted in the last hour, to count a person's repeated taps once.
///
/// A click is a duplicate when the same link was clicked from the same address with the same
/// user agent within ``window`` of the click that was counted; the window is not extended by
/// the duplicates, so a person tapping every ten minutes is counted once an hour (as Dub counts).
///
/// Only a 64-bit hash of link, address and user agent is kept, keyed with a random key of this
/// instance's: never an address. At most ``maximumEntries`` are kept; past that the oldest is
/// forgotten (its next click counts again), and entries older than the window are dropped as
/// clicks arrive.
///
/// - Important: The window is this instance's, in memory: each process running the service keeps
///   its own, and a restart forgets it. Behind a load balancer that spreads one person's taps over
///   several processes, a repeated tap can count once per process.
public final class DuplicateWindow: Sendable {
    /// How long after a counted click the same click is a duplicate.
    public let window: Duration
    /// The most clicks remembered.
    public let maximumEntries: Int

    private let seconds: Double
    private let key: (UInt64, UInt64)
    private let state: Mutex<State>

    /// A window of `window` (an hour by default) remembering up to `maximumEntries` clicks
    /// (100,000 by default: about 5 MB).
    public init(window: Duration = .seconds(3600), maximumEntries: Int = 100_000) {
        precondition(window > .zero, "a duplicate window must be longer than zero")
        precondition(maximumEntries > 0, "a duplicate window must remember one click at least")
        self.window = window
        self.maximumEntries = maximumEntries
        let parts = window.components
        seconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        var random = SystemRandomNumberGenerator()
        key = (random.next(), random.next())
        state = Mutex(State())
    }

    /// Whether this click repeats one counted within the window; when it does not, it is
    /// remembered as counted from `time`.
    ///
    /// - Complexity: amortized O(1) beside hashing the three strings.
    public func isDuplicate(link: String, address: String, userAgent: String?, at time: Date) -> Bool {
        let hash = digest(link: link, address: address, userAgent: userAgent)
        let now = time.timeIntervalSinceReferenceDate
        return state.withLock { state in
            state.forget(before: now - seconds)
            if let counted = state.counted[hash], now - counted < seconds { return true }
            state.remember(hash, at: now, keeping: maximumEntries)
            return false
        }
    }

    /// The number of clicks remembered.
    public var count: Int {
        state.withLock { $0.counted.count }
    }

    /// A keyed 64-bit hash of the click (SipHash through `Hasher`, seeded with this instance's key).
    private func digest(link: String, address: String, userAgent: String?) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(key.0)
        hasher.combine(key.1)
        hasher.combine(link)
        hasher.combine(address)
        hasher.combine(userAgent ?? "")
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }

    /// The hashes remembered, with the time of their counted click, and the order they came in.
    private struct State {
        var counted: [UInt64: Double] = [:]
        /// Oldest first from `head`; an entry whose time differs from `counted` is stale.
        var order: [(hash: UInt64, time: Double)] = []
        var head = 0

        mutating func forget(before limit: Double) {
            while head < order.count, order[head].time <= limit {
                dropHead()
            }
        }

        mutating func remember(_ hash: UInt64, at time: Double, keeping maximum: Int) {
            while counted.count >= maximum, counted[hash] == nil, head < order.count {
                dropHead()
            }
            counted[hash] = time
            order.append((hash, time))
            if order.count - head > 2 * maximum {
                // Stale entries pile up only when clicks arrive out of time order.
                order = counted.map { ($0.key, $0.value) }.sorted { $0.time < $1.time }
                head = 0
            }
        }

        private mutating func dropHead() {
            let entry = order[head]
            if counted[entry.hash] == entry.time { counted[entry.hash] = nil }
            head += 1
            if head >= 1024, head * 2 >= order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }
}
