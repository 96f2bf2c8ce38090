import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore

/// One store served by one route table after another, as a deploy of a new table does.
enum TableChange {
    /// Runs `body` with a fresh store of `kind` (migrated unless `migrate` is false), then closes
    /// and removes it.
    static func withStore<T: Sendable>(_ kind: StoreKind, migrate: Bool = true,
                                       _ body: @Sendable (any LinkStore) async throws -> T) async throws -> T {
        let store = try await kind.make()
        do {
            if migrate { try await store.migrate() }
            let result = try await body(store)
            try await store.close()
            await StoreKind.cleanUp(store)
            return result
        } catch {
            try? await store.close()
            await StoreKind.cleanUp(store)
            throw error
        }
    }

    /// Runs `body` against a live server (a real socket) on `store` with `routes`; the store stays open.
    static func serve<T: Sendable>(_ store: any LinkStore, routes: RouteTableConfiguration,
                                   _ body: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
        let logger = Harness.logger
        let app = try buildApplication(configuration: Harness.configuration(routes: routes), store: store, logger: logger,
                                       clickRecorder: ClickRecorder(store: store, logger: logger, interval: .milliseconds(50)),
                                       openLinkRefresher: OpenLinkRefresher(periodic: false), now: { TestClock().now })
        return try await app.testLive { client in try await body(client) }
    }

    /// A table with the harness's schemes, hosts and apps and these routes.
    static func routes(_ routes: [RouteDefinition]) -> RouteTableConfiguration {
        var configuration = Harness.routes
        configuration.routes = routes
        return configuration
    }
}
