import Logging
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

/// Reads something the store keeps again every `interval` (the link domains, the teams' default
/// rules), until shutdown: a failure is logged and the old copy stays until the next read.
struct PeriodicRefresh: Service {
    /// What is read, for the log: `the link domains`.
    let what: String
    let interval: Duration
    let logger: Logger
    let refresh: @Sendable () async throws -> Void

    func run() async throws {
        await repeatUntilShutdown(every: interval) {
            do {
                try await refresh()
            } catch {
                logger.warning("could not read \(what)", metadata: ["error": "\(error)"])
            }
        }
    }
}
