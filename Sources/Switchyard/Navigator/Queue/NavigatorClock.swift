/// The time a ``Navigator`` reads: when a link arrived (for ``Navigator/duplicateWindow``) and how
/// long a link may run (``Navigator/linkDeadline``). ``continuous`` is the real one; tests give
/// their own, so that a deadline passes when the test says so, not after a wall-clock wait.
///
/// ```swift
/// let navigator = Navigator(routers: [router], clock: .continuous)
/// ```
public struct NavigatorClock: Sendable {
    /// The time elapsed since an arbitrary origin; it never goes back.
    public var now: @Sendable () -> Duration
    /// Suspends for a duration, or throws `CancellationError` when the task is cancelled first.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a clock from its two readings.
    public init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's monotonic clock (`ContinuousClock`), which keeps counting while the device sleeps.
    public static var continuous: NavigatorClock {
        let clock = ContinuousClock()
        let origin = clock.now
        return NavigatorClock(now: { origin.duration(to: clock.now) },
                              sleep: { duration in try await clock.sleep(for: duration) })
    }
}
