import ServiceLifecycle

/// Waits `interval`, runs `body`, and again, until graceful shutdown or cancellation: the loop of
/// the background services that work on a timer (``ExpirySweeper``, ``DeferredSweeper``,
/// ``OpenLinkRefresher``).
func repeatUntilShutdown(every interval: Duration, _ body: @escaping @Sendable () async -> Void) async {
    try? await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
            try await Task.sleep(for: interval)
            await body()
        }
    }
}
