import Foundation
import Logging
import ServiceLifecycle
import SwitchyardStore
import Synchronization

/// The named keys the service has looked up, by digest, each remembered for at most
/// ``lifetime`` (on the monotonic clock): a key revoked or expired through any instance is
/// refused by every instance within that time, and a busy key costs one store read per lifetime,
/// not one per request. Keys that are not found are not remembered (wrong keys spend the
/// key-guess rate instead).
///
/// When each key was last presented is kept here and written in one transaction by
/// ``writeUses()``, which the service runs every few seconds: no write per request.
final class KeyDirectory: Sendable {
    private struct State {
        var found: [String: (key: AccessKey, readAt: ContinuousClock.Instant)] = [:]
        var uses: [String: Date] = [:]
    }

    /// How long a key read from the store is believed.
    let lifetime: Duration
    private let store: any AccessStore
    private let state = Mutex(State())

    init(store: any AccessStore, lifetime: Duration = .milliseconds(500)) {
        self.store = store
        self.lifetime = lifetime
    }

    /// The stored key whose digest is `hash` (revoked or expired ones included: the caller says
    /// why it is refused); nil when there is none.
    func key(hash: String) async throws -> AccessKey? {
        let now = ContinuousClock.now
        if let cached = state.withLock({ $0.found[hash] }), now - cached.readAt < lifetime { return cached.key }
        let key = try await store.accessKey(hash: hash)
        state.withLock { state in
            if let key { state.found[hash] = (key, now) } else { state.found[hash] = nil }
        }
        return key
    }

    /// Forgets a key at once on this instance (its revocation went through here).
    func forget(hash: String) {
        state.withLock { _ = $0.found.removeValue(forKey: hash) }
    }

    /// Notes that the key with digest `hash` was presented at `date`.
    func used(hash: String, at date: Date) {
        state.withLock { $0.uses[hash] = max($0.uses[hash] ?? date, date) }
    }

    /// Writes the uses noted since the last call, in one transaction; kept for the next call when
    /// the store fails.
    func writeUses(logger: Logger) async {
        let uses = state.withLock { state in
            defer { state.uses = [:] }
            return state.uses
        }
        guard !uses.isEmpty else { return }
        do {
            try await store.recordKeyUse(uses)
        } catch {
            logger.warning("could not record when keys were last used", metadata: ["error": "\(error)"])
            state.withLock { state in state.uses.merge(uses) { max($0, $1) } }
        }
    }
}

/// Writes when named keys were last used, every few seconds and once more at shutdown.
struct KeyUseWriter: Service {
    let directory: KeyDirectory
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await repeatUntilShutdown(every: interval) { await directory.writeUses(logger: logger) }
        await directory.writeUses(logger: logger)
    }
}
