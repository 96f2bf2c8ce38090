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
///   - openStore: opens the store `settings.database` names, waiting on it at most `settings.databaseTimeout`.
func serve(
    _ settings: ServeSettings,
    logger: Logger,
    print: (@Sendable (String) -> Void)? = nil,
    openStore: @Sendable (DatabaseLocation, Duration) async throws -> any LinkStore = { try await openLinkStore($0, timeout: $1) }
) async throws {
    let print = print ?? { line in
        Swift.print(line)
        fflush(nil)
    }
    try settings.validateKeys()
    let routes = try RouteTableFile.load(path: settings.routesPath)
    let store = try await openStore(settings.database, settings.databaseTimeout)
    // A store with named keys runs without the bootstrap keys: those it generates are not shown.
    var settings = settings
    do {
        let now = Date()
        settings.dropGeneratedKeys(coveredBy: Set(try await store.accessKeys(team: nil).filter { $0.isActive(at: now) }.map(\.role)))
    } catch {
        try? await store.close()
        throw error
    }
    let configuration = settings.configuration(routes: routes)
    for line in settings.generatedKeysNotice { print(line) }
    try await refuseBreakingRoutes(routes, store: store, settings: settings, logger: logger)
    print("switchyard serving \(configuration.trimmedBaseURL) (routes: \(settings.routesPath), database: \(settings.database))")
    try await runService(configuration: configuration, store: store, logger: logger)
}

/// Stops `serve` before it listens when live links of the store no longer open under the route
/// table (``LiveLinkCheck/brokenLinksByRoute(in:now:)``: per stored route, without reading every
/// link), unless `--allow-breaking-routes`: then each is logged as a warning. First, links stored
/// without a route name take the name of the route whose pattern they stored
/// (``LiveRouteQueries/nameStoredRoutes(_:)``), so that they follow it through later pattern
/// changes. The table is compiled by the service right after; one that does not compile is left to it.
///
/// - Throws: ``BreakingRoutes`` listing the links.
func refuseBreakingRoutes(_ routes: RouteTableConfiguration, store: any LinkStore, settings: ServeSettings,
                          logger: Logger) async throws {
    guard let table = try? RouteTable(routes) else { return }
    let broken: [LiveLinkCheck.BrokenLink]
    do {
        let named = try await store.nameStoredRoutes(StoredRouteNames.byPattern(table))
        if named > 0 { logger.info("live links given their route's name", metadata: ["links": "\(named)"]) }
        broken = try await LiveLinkCheck(old: nil, new: table).brokenLinksByRoute(in: store)
    } catch {
        try? await store.close()
        throw error
    }
    guard !broken.isEmpty else { return }
    if settings.allowBreakingRoutes {
        for link in broken {
            logger.warning("live link does not open under the route table", metadata: [
                "code": "\(link.code)", "route": "\(link.route)", "reason": "\(link.reason)"])
        }
        return
    }
    try? await store.close()
    throw BreakingRoutes(routesPath: settings.routesPath, links: broken)
}

/// `serve`'s refusal: live links that the route table would break.
struct BreakingRoutes: CodedError {
    let routesPath: String
    let links: [LiveLinkCheck.BrokenLink]

    /// ``ErrorCode/breakingRoutes``.
    var code: Code { .breakingRoutes }

    /// One line per link (ten at most), then what to do.
    var message: String {
        var lines = links.prefix(10).map {
            "\($0.code) (\($0.route)): \($0.kind): \($0.reason)" + ($0.alike > 0 ? " (and \($0.alike) more links of that route)" : "")
        }
        if links.count > 10 { lines.append("... and \(links.count - 10) more") }
        let total = links.reduce(0) { $0 + 1 + $1.alike }
        lines.append("\(routesPath) breaks \(total == 1 ? "1 live link" : "\(total) live links"); "
            + "fix the table, or start with --allow-breaking-routes (see `switchyard routes diff OLD NEW --database ...`)")
        return lines.joined(separator: "\n")
    }
}

extension ErrorCode<BreakingRoutes> {
    /// A route table that would break live links.
    static var breakingRoutes: Self { Self(rawValue: "breaking_routes") }
}
