#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
import class Foundation.NSLock
#endif

/// A value guarded by a lock, shareable across tasks.
///
/// `Mutex` would do, but it needs iOS 18 and the package supports iOS 16. The lock is the
/// platform's own (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t` on Linux and
/// Android) and the value lives beside it in memory the class allocates, so a critical section
/// costs the lock and the unlock only: no method dispatch, and no run-time exclusivity check on a
/// class property. Keep critical sections short and never `await` inside one.
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
final class Locked<Value>: @unchecked Sendable {
    private let lock = PlatformLock()
    private let value: UnsafeMutablePointer<Value>

    /// Creates a lock around an initial value.
    init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        lock.destroy()
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value.pointee)
    }
}

/// The platform's mutual-exclusion lock, at an address that never moves (a lock must not be
/// moved once used, which a stored property of a Swift value does not promise).
private struct PlatformLock {
    #if canImport(Darwin)
    private let primitive: UnsafeMutablePointer<os_unfair_lock>

    init() {
        primitive = .allocate(capacity: 1)
        primitive.initialize(to: os_unfair_lock())
    }

    func lock() { os_unfair_lock_lock(primitive) }
    func unlock() { os_unfair_lock_unlock(primitive) }
    func destroy() {
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }
    #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
    private let primitive: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        primitive = .allocate(capacity: 1)
        primitive.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(primitive, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    func lock() {
        let status = pthread_mutex_lock(primitive)
        precondition(status == 0, "pthread_mutex_lock failed: \(status)")
    }

    func unlock() {
        let status = pthread_mutex_unlock(primitive)
        precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
    }

    func destroy() {
        pthread_mutex_destroy(primitive)
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }
    #else
    private let primitive = NSLock()

    func lock() { primitive.lock() }
    func unlock() { primitive.unlock() }
    func destroy() {}
    #endif
}
