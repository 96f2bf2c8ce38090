import Logging
import SwitchyardStore
import Foundation
import Switchyard
import SwitchyardService

/// `switchyard serve` without the command line: loads the route table, opens the store, prints
/// generated keys once, and runs the service until SIGINT or SIGTERM.
///
/// ```swift
/// let settings = try ServeSettings(routesPath: routes, database: database, port: port,
///                                  environment: ProcessInfo.processInfo.environment)
/// try await serve(settings, logger: Logger(label: "switchyard"))
/// ```
///
/// - Parameters:
///   - settings: the command line's options and keys.
///   - logger: the service's logger.
///   - print: where the start-up notices go (standard output, flushed, by default).
///   - openStore: opens the store `settings.database` names.
func serve(
    _ settings: ServeSettings,
    logger: Logger,
    print: (@Sendable (String) -> Void)? = nil,
    openStore: @Sendable (DatabaseLocation) async throws -> any LinkStore = { try await openLinkStore($0) }
) async throws {
    let print = print ?? { line in
        Swift.print(line)
        fflush(nil)
    }
    try settings.validateKeys()
    let routes = try RouteTableFile.load(path: settings.routesPath)
    let configuration = settings.configuration(routes: routes)
    for line in settings.generatedKeysNotice { print(line) }
    let store = try await openStore(settings.database)
    print("switchyard serving \(configuration.trimmedBaseURL) (routes: \(settings.routesPath), database: \(settings.database))")
    try await runService(configuration: configuration, store: store, logger: logger)
}
