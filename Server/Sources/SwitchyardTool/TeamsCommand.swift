import ArgumentParser
import Foundation
import Switchyard
import SwitchyardCommand
import SwitchyardService
import SwitchyardStore

/// `switchyard teams create NAME` and `switchyard teams list`: the teams one `serve` hosts.
struct TeamsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teams",
        abstract: "Create and list the teams of a store (each has its own links, keys, webhooks and audit log).",
        subcommands: [Create.self, List.self])

    /// `switchyard teams create NAME`: the new team's audit log starts with its `team.created` entry.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a team.")

        @Argument(help: ArgumentHelp("The team's name: letters, digits, '-', '_' and '.'.", valueName: "name"))
        var name: String

        @OptionGroup var store: StoreOption

        func run() async throws {
            do {
                try NamedKeys.validate(name, "team name")
            } catch {
                throw StoreOption.failure(error.description)
            }
            let store = try await self.store.open()
            do {
                let now = Date()
                try await store.insertTeam(Team(name: name, createdAt: now),
                                           audit: CommandLineAuthor.entry(team: name, action: "team.created", target: name, at: now))
            } catch StoreError.Code.nameTaken {
                try? await store.close()
                throw StoreOption.failure("a team named '\(name)' exists")
            }
            try await store.close()
            print("team '\(name)' created")
        }
    }

    /// `switchyard teams list`: one team a line, with when it was made.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the teams.")

        @OptionGroup var store: StoreOption

        func run() async throws {
            let store = try await self.store.open()
            let teams = try await store.teams()
            try await store.close()
            for team in teams { print("\(team.name)\t\(KeysCommand.text(team.createdAt))") }
        }
    }
}

/// `--database`, for the commands that manage a store.
struct StoreOption: ParsableArguments {
    @Option(help: ArgumentHelp("sqlite:PATH or a postgres:// URL.", valueName: "database"), transform: DatabaseLocation.parse)
    var database: DatabaseLocation = .sqlite(path: "switchyard.sqlite")

    /// Opens and migrates the store.
    func open() async throws -> any LinkStore { try await openLinkStore(database) }

    /// Writes `switchyard: error: MESSAGE` to standard error; the exit status 1 to throw.
    static func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((CommandFailure.prefix + message + "\n").utf8))
        return .failure
    }
}
