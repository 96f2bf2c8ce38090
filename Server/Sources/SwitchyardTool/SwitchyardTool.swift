import ArgumentParser
import SwitchyardCommand

/// The `switchyard` command: lists the subcommands. Kept apart from the library so that a target
/// with heavier dependencies (the link service's `serve`) can be added to the list.
@main
struct SwitchyardTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "Resolve, check and build deep links against a Switchyard route table, and serve smart links.",
        subcommands: [ResolveCommand.self, ToolRoutesCommand.self, LinkCommand.self, ExplainCommand.self, AssociationCommand.self,
                      ServeCommand.self, ImportCommand.self, TeamsCommand.self, KeysCommand.self, AttestCommand.self]
    )
}
