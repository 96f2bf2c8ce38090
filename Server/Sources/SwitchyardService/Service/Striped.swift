#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// State split into stripes, each behind its own lock, so that requests answered at the same time
/// on different cores take different locks instead of queueing on one (``OpenLinkCache``,
/// ``ServiceMetrics``, ``ClickRecorder``).
///
/// A stripe is picked by key (``withLock(hash:_:)``), or by the calling thread
/// (``withLockForCurrentThread(_:)``) for state that any stripe may hold, such as a counter or a
/// buffer that is merged later. Each stripe is its own allocation, padded to keep two stripes off
/// one cache line.
final class Striped<Value>: Sendable where Value: Sendable {
    private final class Stripe: Sendable {
        let value: Mutex<Value>
        /// Keeps the next stripe's lock off this one's cache line.
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

        init(_ value: Value) { self.value = Mutex(value) }
    }

    private let stripes: [Stripe]
    private let mask: Int

    /// Creates `count` stripes (rounded up to a power of two), each starting as `make()`.
    init(count: Int = 16, _ make: () -> Value) {
        var size = 1
        while size < count { size <<= 1 }
        stripes = (0..<size).map { _ in Stripe(make()) }
        mask = size - 1
    }

    /// Runs `body` on the stripe for `hash`.
    @inline(__always)
    func withLock<Result>(hash: Int, _ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try stripes[Self.spread(UInt(bitPattern: hash)) & mask].value.withLock(body)
    }

    /// Runs `body` on the calling thread's stripe.
    @inline(__always)
    func withLockForCurrentThread<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try stripes[Self.spread(Self.threadIdentity) & mask].value.withLock(body)
    }

    /// Runs `body` on each stripe in turn.
    func forEach(_ body: (inout sending Value) -> Void) {
        for stripe in stripes { stripe.value.withLock { body(&$0) } }
    }

    /// Empties every stripe of a striped buffer, answering what they held, stripe by stripe.
    func removeAll<Element>() -> [Element] where Value == [Element] {
        var taken: [Element] = []
        forEach { buffer in
            taken += buffer
            buffer.removeAll(keepingCapacity: true)
        }
        return taken
    }

    /// The calling thread's identity: its `pthread_t`, which is an address.
    @inline(__always)
    private static var threadIdentity: UInt {
        #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
        #else
        return UInt(pthread_self())
        #endif
    }

    /// Fibonacci hashing: the top bits depend on every bit of `value`, so addresses that differ
    /// only above their alignment (thread control blocks sit a stack size apart) spread evenly.
    @inline(__always)
    private static func spread(_ value: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(value) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
