package import Logging
import ServiceLifecycle
package import SwitchyardStore
import Synchronization

/// Buffers clicks and writes them in batches, so opening a link never waits on the database.
///
/// `record(_:)` only appends to a buffer of the calling thread's stripe (``Striped``: opens answered
/// on different cores take different locks, and nothing is woken per click); the recorder's
/// `run()` (a swift-service-lifecycle `Service` the application runs beside its server) collects
/// the stripes and writes when a stripe has filled a batch or when the flush interval passes, and
/// writes what is left on graceful shutdown, after the server has stopped taking requests. While
/// the database is down, clicks are kept (up to a capacity, oldest dropped first) and retried.
///
/// Not public: ``buildApplication(configuration:store:logger:)`` makes the service's own; the
/// package's tests pass one in and call ``flush()`` to wait for their clicks to be written:
///
/// ```swift
/// let recorder = ClickRecorder(store: store, logger: logger)
/// let app = try buildApplication(configuration: configuration, store: store, logger: logger, clickRecorder: recorder)
/// ```
package final class ClickRecorder: Service, Sendable {
    /// What wakes the writer: never a click itself.
    enum Signal: Sendable {
        /// A stripe's buffer has reached a batch.
        case full
        case tick
        case barrier(CheckedContinuation<Void, Never>)
    }

    private let store: any LinkStore
    private let logger: Logger
    private let batchSize: Int
    private let interval: Duration
    private let capacity: Int
    private let buffers = Striped<[Click]> { [] }
    /// App-side events, written as sums beside the clicks (on every tick, flush and at shutdown).
    let events = EventTally()
    private let stream: AsyncStream<Signal>
    private let continuation: AsyncStream<Signal>.Continuation
    private let observer = Mutex<WriteObserver?>(nil)
    private let webhooks = Mutex<ClickWebhooks?>(nil)

    /// What makes each batch's `link.clicked` outbox rows (a struct, as ``WriteObserver``).
    private struct ClickWebhooks: Sendable {
        let make: @Sendable () -> WebhookClickDeliveries?
    }

    /// The observer, in a struct: a closure stored as a `Mutex`'s whole value is re-wrapped in a
    /// reabstraction thunk at each `withLock { $0 }`, so every batch written made the next call one
    /// thunk deeper, until the writer overflowed its stack (after about 170,000 batches).
    private struct WriteObserver: Sendable {
        let observe: @Sendable (Int) -> Void
    }

    /// Creates a recorder writing to `store`.
    ///
    /// - Parameters:
    ///   - batchSize: clicks per write at most.
    ///   - interval: how often a partial batch is written.
    ///   - capacity: clicks kept while writes fail; the oldest are dropped beyond it.
    package init(store: any LinkStore, logger: Logger, batchSize: Int = 200, interval: Duration = .seconds(1),
                 capacity: Int = 100_000) {
        self.store = store
        self.logger = logger
        self.batchSize = max(1, batchSize)
        self.interval = interval
        self.capacity = max(1, capacity)
        (stream, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .unbounded)
    }

    /// Calls `observe` with the number of clicks after each successful write (for metrics).
    func observeWrites(_ observe: @escaping @Sendable (Int) -> Void) {
        observer.withLock { $0 = WriteObserver(observe: observe) }
    }

    /// Asks `make` before each batch for its webhook outbox rows' maker (nil when nothing
    /// subscribes to `link.clicked`), written in the batch's transaction.
    func deliverWebhooks(_ make: @escaping @Sendable () -> WebhookClickDeliveries?) {
        webhooks.withLock { $0 = ClickWebhooks(make: make) }
    }

    /// Queues a click; returns at once.
    package func record(_ click: Click) {
        let batchSize = batchSize
        let filled = buffers.withLockForCurrentThread { clicks -> Bool in
            clicks.append(click)
            return clicks.count == batchSize
        }
        // Once per batch a stripe fills: the writer collects every stripe then.
        if filled { continuation.yield(.full) }
    }

    /// Returns once every click queued before the call has been written (or has failed to be).
    package func flush() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            if case .terminated = continuation.yield(.barrier(waiter)) { waiter.resume() }
        }
    }

    /// Writes batches until graceful shutdown, then writes what is left.
    package func run() async throws {
        var pending: [Click] = []
        var healthy = true
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { [continuation, interval] in
                    while !Task.isCancelled {
                        try? await Task.sleep(for: interval)
                        continuation.yield(.tick)
                    }
                }
                for await signal in stream {
                    collect(into: &pending)
                    switch signal {
                    case .full:
                        if pending.count >= batchSize && healthy { healthy = await write(&pending) }
                    case .tick:
                        if !pending.isEmpty { healthy = await write(&pending) }
                        await writeEvents()
                    case .barrier(let waiter):
                        if !pending.isEmpty { healthy = await write(&pending) }
                        await writeEvents()
                        waiter.resume()
                    }
                }
                group.cancelAll()
            }
        } onGracefulShutdown: { [continuation] in
            continuation.finish()
        }
        collect(into: &pending)
        if !pending.isEmpty { _ = await write(&pending) }
        if !pending.isEmpty {
            logger.error("clicks lost at shutdown", metadata: ["count": "\(pending.count)"])
        }
        await writeEvents()
        if !events.isEmpty { logger.error("event counts lost at shutdown") }
    }

    /// Adds the app-side events counted since the last write to the store's totals; on a failure
    /// they are kept for the next write.
    private func writeEvents() async {
        let counts = events.take()
        guard !counts.isEmpty else { return }
        do {
            try await store.addEventCounts(counts)
        } catch {
            events.restore(counts)
            logger.warning("event counts not written, will retry", metadata: ["count": "\(counts.count)", "error": "\(error)"])
        }
    }

    /// Moves every stripe's clicks to `pending`.
    private func collect(into pending: inout [Click]) {
        pending += buffers.removeAll()
    }

    /// Writes `pending` a batch at a time; on a failure keeps what is left (the newest `capacity`).
    @discardableResult
    private func write(_ pending: inout [Click]) async -> Bool {
        var written = 0
        defer { pending.removeFirst(written) }
        while written < pending.count {
            let batch = Array(pending[written..<min(written + batchSize, pending.count)])
            do {
                try await store.record(batch, webhooks: webhooks.withLock { $0 }?.make())
                written += batch.count
                observer.withLock { $0 }?.observe(batch.count)
            } catch {
                let left = pending.count - written
                if left > capacity {
                    let dropped = left - capacity
                    written += dropped
                    logger.warning("click buffer full, oldest clicks dropped", metadata: ["dropped": "\(dropped)"])
                }
                logger.warning("clicks not written, will retry", metadata: ["count": "\(pending.count - written)", "error": "\(error)"])
                return false
            }
        }
        return true
    }
}
