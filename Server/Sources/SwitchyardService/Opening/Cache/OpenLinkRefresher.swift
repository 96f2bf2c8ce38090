import Foundation
import Logging
import ServiceLifecycle
import SwitchyardStore
import Synchronization

/// Reads the links `GET /{code}` keeps in memory again before they expire, a batch of codes per
/// query, every twentieth of ``ServiceConfiguration/Limits/openCacheLifetime`` (100 ms by default)
/// (``OpenLinkCache/refreshDue(at:batchSize:read:make:)``). It runs as one of the application's
/// services and stops on graceful shutdown; with the cache off it does nothing.
///
/// The service makes its own; the package's tests make one that runs no pass on its own, pass it
/// to `buildApplication` and call ``refreshNow()`` after moving their clock. It holds the service
/// (through its pass); the service does not hold it.
package final class OpenLinkRefresher: Service {
    /// What one pass does, set by ``start(every:logger:_:)``. A struct around the closure: a closure
    /// stored as a lock's whole value gains a reabstraction thunk at every read (``ClickRecorder``).
    private struct Pass {
        let interval: Duration
        let logger: Logger
        let run: @Sendable () async throws -> Void
    }

    private let pass = Mutex<Pass?>(nil)
    /// Whether the last pass failed: a failure is logged once, not at every pass while it lasts.
    private let failing = Mutex(false)
    /// Whether ``run()`` runs a pass every interval (tests turn it off and call ``refreshNow()``).
    private let periodic: Bool

    /// A refresher; `periodic: false` runs a pass only when ``refreshNow()`` is called.
    package init(periodic: Bool = true) {
        self.periodic = periodic
    }

    /// Sets what a pass does and how often the service runs one.
    func start(every interval: Duration, logger: Logger, _ run: @escaping @Sendable () async throws -> Void) {
        pass.withLock { $0 = Pass(interval: interval, logger: logger, run: run) }
    }

    /// Runs one pass now: reads again every entry due at the service's clock. The first failure
    /// is logged as a warning, and the first pass that succeeds after it; the entries not read are
    /// served until they expire (then opens read them, and answer 503 while the database is down).
    package func refreshNow() async {
        guard let pass = pass.withLock({ $0 }) else { return }
        let failure: (any Error)?
        do {
            try await pass.run()
            failure = nil
        } catch {
            failure = error
        }
        let wasFailing = failing.withLock { failing -> Bool in
            defer { failing = failure != nil }
            return failing
        }
        switch (failure, wasFailing) {
        case (nil, true):
            pass.logger.info("the cached links are read again")
        case (let error?, false):
            pass.logger.warning("could not read the cached links again; they are served until they expire",
                                metadata: ["error": "\(error)"])
        default:
            break
        }
    }

    package func run() async throws {
        guard periodic, let interval = pass.withLock({ $0?.interval }), interval > .zero else {
            // The cache is off (or passes are run by hand): nothing to do until shutdown.
            try? await gracefulShutdown()
            return
        }
        await repeatUntilShutdown(every: interval) { await self.refreshNow() }
    }
}

extension LinkService {
    /// One pass of the open cache's refresher: the links due are read from ``openSource``.
    func refreshOpenCache() async throws {
        try await openCache.refreshDue(at: now(), from: openSource)
    }

    /// Where the open cache reads links (``LinkStore/links(codes:)``) and how it makes their
    /// entries (with their deep links, built once): for the opens and the refresher alike.
    var openSource: OpenLinkCache.Source {
        OpenLinkCache.Source(read: { [store] codes in try await store.links(codes: codes) },
                             make: { [builder] link in OpenLinkCache.Opened(link: link, urls: builder.urls(for: link)) })
    }
}
