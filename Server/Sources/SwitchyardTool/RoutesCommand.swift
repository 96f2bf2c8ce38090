import ArgumentParser
import SwitchyardCommand

/// `switchyard routes`: commands about a route table as a whole. `check` and `swift` need the SDK
/// only (the `SwitchyardCommand` library); `diff` reads the link store.
struct RoutesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Work with a route-table file.",
        subcommands: [RoutesCheckCommand.self, RoutesSwiftCommand.self, RoutesDiffCommand.self]
    )
}
