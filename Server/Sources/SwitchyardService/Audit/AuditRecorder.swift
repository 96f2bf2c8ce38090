import Foundation
import Logging
import ServiceLifecycle
import SwitchyardStore
import Synchronization

/// Collects audit entries and writes them in one transaction every
/// ``ServiceConfiguration/Limits/auditFlushInterval``: on SQLite a change costs no second fsync
/// for its audit entry (key creations and revocations write theirs in their own transaction).
/// Entries waiting when the service stops gracefully are written before it exits; a reader of
/// the log (``flush()``) writes them first, so an instance reads back its own changes.
final class AuditRecorder: Service {
    private let store: any AccessStore
    private let logger: Logger
    private let interval: Duration
    private let pending = Mutex<[AuditEntry]>([])
    /// Serializes writes, so entries reach the store in the order they were made.
    private let writing = AsyncGate(limit: 1)

    init(store: any AccessStore, logger: Logger, interval: Duration) {
        self.store = store
        self.logger = logger
        self.interval = interval
    }

    /// Adds an entry, written with the next batch.
    func record(_ entry: AuditEntry) {
        pending.withLock { $0.append(entry) }
    }

    /// Writes every entry recorded so far; a failure keeps them for the next write.
    func flush() async {
        try? await writing.run {
            let batch = pending.withLock { entries in
                defer { entries = [] }
                return entries
            }
            guard !batch.isEmpty else { return }
            do {
                try await store.appendAudit(batch)
            } catch {
                logger.warning("could not write the audit log", metadata: ["error": "\(error)", "entries": "\(batch.count)"])
                pending.withLock { $0.insert(contentsOf: batch, at: 0) }
            }
        }
    }

    func run() async throws {
        await repeatUntilShutdown(every: interval) { await self.flush() }
        await flush()
    }
}
