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
#if os(Linux)
import Synchronization
#endif

/// A value guarded by a lock, shareable across tasks.
///
/// On Linux (glibc or Musl) the lock is the standard library's `Mutex` (its uncontended lock and
/// unlock are an atomic operation each, inline). `Mutex` needs iOS 18 and the package supports
/// iOS 16, so elsewhere the lock is the platform's own (`os_unfair_lock` on Apple platforms, a
/// `pthread_mutex_t` on Android and other Unix systems). The value lives beside it in memory the class allocates,
/// so a critical section costs the lock and the unlock only: no method dispatch, and no run-time
/// exclusivity check on a class property. Keep critical sections short and never `await` inside one.
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
package final class Locked<Value>: @unchecked Sendable {
    private let lock = PlatformLock()
    private let value: UnsafeMutablePointer<Value>

    /// Creates a lock around an initial value.
    package init(_ value: Value) {
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
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        #if os(Linux)
        // `Mutex` hands a result back as `sending`, which the compiler cannot prove of one read
        // from this value; the lock is what makes it safe, as `@unchecked Sendable` says.
        nonisolated(unsafe) var outcome: Swift.Result<Result, Failure>?
        lock.mutex.withLock { _ in outcome = Swift.Result { () throws(Failure) in try body(&value.pointee) } }
        return try outcome!.get()
        #else
        lock.lock()
        defer { lock.unlock() }
        return try body(&value.pointee)
        #endif
    }
}

/// The platform's mutual-exclusion lock, at an address that never moves (a lock must not be
/// moved once used, which a stored property of a Swift value does not promise; `Mutex` is
/// not copyable, and lives in the class that holds it).
private struct PlatformLock: ~Copyable {
    #if os(Linux)
    let mutex = Mutex<Void>(())

    func destroy() {}
    #elseif canImport(Darwin)
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
