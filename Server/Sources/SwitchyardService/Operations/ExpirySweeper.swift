import Foundation
import Logging
import ServiceLifecycle
import SwitchyardStore

/// Deletes state that has served its time, off the request path, in small batches: idempotency
/// records older than ``IdempotencyMiddleware/lifetime``, expired App Attest challenges, raw clicks older than the click
/// retention (their per-day counts stay), audit entries older than the audit retention, and the rate buckets of a shared
/// database (PostgreSQL's `rate_buckets`) that have refilled to their burst (a full bucket is the
/// same as none), so neither grows with every client that ever came.
///
/// It runs as one of the application's services, every
/// ``ServiceConfiguration/Limits/expirySweepInterval``; a failure is logged and the next sweep
/// tries again.
struct ExpirySweeper: Service {
    let store: any LinkStore
    let interval: Duration
    let logger: Logger
    let now: @Sendable () -> Date
    /// How long raw clicks are kept; nil keeps them.
    var clickRetention: Duration?
    /// How long audit entries are kept; nil keeps them.
    var auditRetention: Duration?
    /// Rows deleted by one statement.
    var batchSize = 500
    /// Statements one sweep runs per table at most (the rest waits for the next sweep).
    var batchesPerSweep = 100
    /// Counts each finished sweep (a test hook).
    var passes: BackgroundPasses?

    func run() async throws {
        await repeatUntilShutdown(every: interval) {
            await sweep()
            passes?.count(.expirySweep)
        }
    }

    /// One sweep of every table.
    func sweep() async {
        let now = now()
        await deleteInBatches("idempotency records") {
            try await store.forgetIdempotencyKeys(madeBy: now.addingTimeInterval(-IdempotencyMiddleware.lifetime), limit: batchSize)
        }
        await deleteInBatches("attest challenges") { try await store.forgetChallenges(expiredBy: now, limit: batchSize) }
        if let clickRetention {
            let cutoff = now.addingTimeInterval(-Double(clickRetention.components.seconds))
            await deleteInBatches("raw clicks") { try await store.deleteClicks(before: cutoff, limit: batchSize) }
        }
        if let auditRetention {
            let cutoff = now.addingTimeInterval(-Double(auditRetention.components.seconds))
            do {
                try await store.forgetAudit(before: cutoff)
            } catch {
                logger.warning("could not delete expired audit entries", metadata: ["error": "\(error)"])
            }
        }
        if let shared = store as? any SharedRateLimits {
            await deleteInBatches("full rate buckets") { try await shared.forgetFullBuckets(at: now, limit: batchSize) }
        }
    }

    /// Runs `batch` until it deletes less than a batch, or `batchesPerSweep` times.
    private func deleteInBatches(_ what: String, _ batch: () async throws -> Int) async {
        var total = 0
        do {
            for _ in 0..<batchesPerSweep {
                let deleted = try await batch()
                total += deleted
                if deleted < batchSize { break }
            }
        } catch {
            logger.warning("could not delete expired \(what)", metadata: ["error": "\(error)"])
        }
        if total > 0 { logger.debug("expired \(what) deleted", metadata: ["count": "\(total)"]) }
    }
}
