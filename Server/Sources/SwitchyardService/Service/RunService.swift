public import Logging
import ServiceLifecycle
public import SwitchyardStore
import Hummingbird

/// Runs the link service until SIGINT or SIGTERM, then shuts down gracefully: the server stops
/// taking connections and finishes its requests, the click recorder writes its last batch, and
/// the store is closed.
///
/// ```swift
/// try await runService(configuration: configuration, store: store, logger: logger)
/// ```
public func runService(configuration: ServiceConfiguration, store: any LinkStore, logger: Logger) async throws {
    let app = try buildApplication(configuration: configuration, store: store, logger: logger)
    let group = ServiceGroup(configuration: .init(
        services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    logger.info("switchyard listening", metadata: [
        "address": "\(configuration.host):\(configuration.port)", "baseURL": "\(configuration.baseURL)"])
    do {
        try await group.run()
    } catch {
        try? await store.close()
        throw error
    }
    try await store.close()
    logger.info("switchyard stopped")
}
