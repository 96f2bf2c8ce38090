import Foundation
import Logging
import ServiceLifecycle
import SwitchyardStore

/// Deletes the opens remembered for heuristic deferred matching once they expire, whether or not
/// anyone opens or claims again, so none outlives its window by more than one sweep interval.
/// With heuristic matching off it forgets every open an earlier run left, at start and after.
///
/// It runs as one of the application's services; the first sweep runs right after the store is
/// migrated, the next ones every ``ServiceConfiguration/Limits/deferredSweepInterval``.
struct DeferredSweeper: Service {
    let store: any LinkStore
    /// The matching window; nil when heuristic matching is off.
    let window: Duration?
    let interval: Duration
    let logger: Logger
    let now: @Sendable () -> Date
    /// Counts each finished sweep (a test hook).
    var passes: BackgroundPasses?

    func run() async throws {
        await repeatUntilShutdown(every: interval) {
            await sweep()
            passes?.count(.deferredSweep)
        }
    }

    /// One sweep; a failure is logged and the next sweep tries again.
    func sweep() async {
        do {
            let forgotten = try await store.forgetOpens(expiringBy: window == nil ? .distantFuture : now())
            if forgotten > 0 {
                logger.debug("deferred matching: expired opens deleted", metadata: ["count": "\(forgotten)"])
            }
        } catch {
            logger.warning("deferred matching: could not delete expired opens", metadata: ["error": "\(error)"])
        }
    }
}
