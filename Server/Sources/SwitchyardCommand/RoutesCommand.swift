import ArgumentParser

/// `switchyard routes`: commands about a route table as a whole.
public struct RoutesCommand: ParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Work with a route-table file.",
        subcommands: [RoutesCheckCommand.self, RoutesSwiftCommand.self]
    )

    /// Creates the command; argument-parser fills it in.
    public init() {}
}
