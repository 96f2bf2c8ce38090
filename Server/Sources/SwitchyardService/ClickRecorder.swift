package import Logging
import ServiceLifecycle
package import SwitchyardStore
import Synchronization

/// Buffers clicks and writes them in batches, so opening a link never waits on the database.
///
/// `record(_:)` only appends to an `AsyncStream`; the recorder's `run()` (a swift-service-lifecycle
/// `Service` the application runs beside its server) writes a batch when it is full or when the
/// flush interval passes, and writes what is left on graceful shutdown, after the server has
/// stopped taking requests. While the database is down, batches are kept (up to a capacity, oldest
/// dropped first) and retried.
///
/// Not public: ``buildApplication(configuration:store:logger:)`` makes the service's own; the
/// package's tests pass one in and call ``flush()`` to wait for their clicks to be written:
///
/// ```swift
/// let recorder = ClickRecorder(store: store, logger: logger)
/// let app = try buildApplication(configuration: configuration, store: store, logger: logger, clickRecorder: recorder)
/// ```
package final class ClickRecorder: Service, Sendable {
    enum Item: Sendable {
        case click(Click)
        case tick
        case barrier(CheckedContinuation<Void, Never>)
    }

    private let store: any LinkStore
    private let logger: Logger
    private let batchSize: Int
    private let interval: Duration
    private let capacity: Int
    private let stream: AsyncStream<Item>
    private let continuation: AsyncStream<Item>.Continuation
    private let observer = Mutex<(@Sendable (Int) -> Void)?>(nil)

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
        (stream, continuation) = AsyncStream.makeStream(of: Item.self, bufferingPolicy: .unbounded)
    }

    /// Calls `observe` with the number of clicks after each successful write (for metrics).
    func observeWrites(_ observe: @escaping @Sendable (Int) -> Void) {
        observer.withLock { $0 = observe }
    }

    /// Queues a click; returns at once.
    package func record(_ click: Click) {
        continuation.yield(.click(click))
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
                for await item in stream {
                    switch item {
                    case .click(let click):
                        pending.append(click)
                        if pending.count >= batchSize && healthy { healthy = await write(&pending) }
                    case .tick:
                        if !pending.isEmpty { healthy = await write(&pending) }
                    case .barrier(let waiter):
                        if !pending.isEmpty { healthy = await write(&pending) }
                        waiter.resume()
                    }
                }
                group.cancelAll()
            }
        } onGracefulShutdown: { [continuation] in
            continuation.finish()
        }
        if !pending.isEmpty { _ = await write(&pending) }
        if !pending.isEmpty {
            logger.error("clicks lost at shutdown", metadata: ["count": "\(pending.count)"])
        }
    }

    @discardableResult
    private func write(_ pending: inout [Click]) async -> Bool {
        let batch = pending
        do {
            try await store.record(batch)
            pending.removeAll(keepingCapacity: true)
            observer.withLock { $0 }?(batch.count)
            return true
        } catch {
            if pending.count > capacity {
                let dropped = pending.count - capacity
                pending.removeFirst(dropped)
                logger.warning("click buffer full, oldest clicks dropped", metadata: ["dropped": "\(dropped)"])
            }
            logger.warning("clicks not written, will retry", metadata: ["count": "\(pending.count)", "error": "\(error)"])
            return false
        }
    }
}
