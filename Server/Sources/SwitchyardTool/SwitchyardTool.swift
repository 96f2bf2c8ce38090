import ArgumentParser
import SwitchyardCommand

/// The `switchyard` command, the root of the one command tree. The commands that need the SDK only
/// (`resolve`, `routes check`, `routes swift`, `link`) come from the `SwitchyardCommand` library;
/// the rest, which read the link store or run the service, live here.
@main
struct SwitchyardTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "Resolve, check and build deep links against a Switchyard route table, and serve smart links.",
        subcommands: [ResolveCommand.self, RoutesCommand.self, LinkCommand.self, ExplainCommand.self, AssociationCommand.self,
                      ServeCommand.self, ImportCommand.self, TeamsCommand.self, DomainsCommand.self, KeysCommand.self, AttestCommand.self,
                      PrivacyCommand.self]
    )
}
