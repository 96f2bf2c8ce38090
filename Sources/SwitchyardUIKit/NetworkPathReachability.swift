#if canImport(Network)
import Dispatch
import Network
public import Switchyard

/// The network's returns as Network's `NWPathMonitor` sees them: what ``DeferredLinks`` needs to
/// try a kept short link again when the network comes back after an offline first launch. The
/// decisions (whether a link is kept, when to stop) are the SDK's; this adapter only watches.
///
/// ```swift
/// if case .awaitingService = await deferred.openOnFirstLaunch() {
///     Task { await deferred.retryWhenNetworkReturns(NetworkPathReachability()) }
/// }
/// ```
public struct NetworkPathReachability: NetworkReachability {
    /// Creates the adapter; each stream it gives runs a path monitor of its own.
    public init() {}

    /// A stream that yields each time the monitor's path becomes satisfied (`.satisfied`) after it
    /// was not; the first path the monitor reports is the starting state, not an event. Returns
    /// that arrive while the consumer is busy collapse into one. Ending the iteration cancels the
    /// monitor.
    public func becameReachable() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watch = PathWatch()
        let wasSatisfied = Locked<Bool?>(nil)
        watch.monitor.pathUpdateHandler = { @Sendable path in
            let satisfied = path.status == .satisfied
            let returned = wasSatisfied.withLock { was -> Bool in
                defer { was = satisfied }
                return was == false && satisfied
            }
            if returned { continuation.yield() }
        }
        continuation.onTermination = { @Sendable _ in watch.monitor.cancel() }
        watch.monitor.start(queue: DispatchQueue(label: "Switchyard.NetworkPathReachability"))
        return stream
    }
}

/// A path monitor handed to the stream's termination handler: `NWPathMonitor` may be cancelled
/// from any thread, and its handler runs on the monitor's own serial queue.
private final class PathWatch: @unchecked Sendable {
    let monitor = NWPathMonitor()
}
#endif
