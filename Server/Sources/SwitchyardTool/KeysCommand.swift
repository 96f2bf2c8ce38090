import ArgumentParser
import Foundation
import Switchyard
import SwitchyardCommand
import SwitchyardService
import SwitchyardStore

/// `switchyard keys create|list|revoke`: a store's named keys, made and revoked from the
/// command line (the admin API and the dashboard do the same for a team's admins).
///
/// ```
/// $ switchyard keys create --team shop --name ci-deploy --role editor --expires 90d
/// syk_4fQm...   (printed once: the store keeps its digest)
/// ```
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Create, list and revoke the named keys of a store's teams.",
        subcommands: [Create.self, List.self, Revoke.self])

    /// `switchyard keys create --team T --name N --role R [--expires 90d]`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Make a key and print it once: the store keeps only its digest.",
            discussion: "The key is the one line of standard output; what it is goes to standard error.")

        @Option(help: ArgumentHelp("The team the key acts for (made with `switchyard teams create`).", valueName: "team"))
        var team: String

        @Option(help: ArgumentHelp("The key's name, unique in the store.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("admin (everything), editor (links, imports), viewer (reads links, stats), app (the app's endpoints).",
                                   valueName: "role"))
        var role: AccessKey.Role

        @Option(help: ArgumentHelp("How long the key works, as 90d, 12h or off.", valueName: "duration"))
        var expires: DurationArgument = .off

        @OptionGroup var store: StoreOption

        func run() async throws {
            let now = Date()
            let expiry = expires.duration.map { now.addingTimeInterval(Double($0.components.seconds)) }
            let made: (key: String, record: AccessKey)
            do {
                made = try NamedKeys.make(name: name, team: team, role: role, now: now, expiresAt: expiry)
            } catch {
                throw StoreOption.failure(error.description)
            }
            let store = try await self.store.open()
            do {
                guard try await store.teams().contains(where: { $0.name == team }) else {
                    throw StoreOption.failure("no team '\(team)'; create it first with: switchyard teams create \(team)")
                }
                let audit = CommandLineAuthor.entry(team: team, action: "key.created", target: name, detail: "role \(role.rawValue)",
                                                    at: now)
                try await store.insertKey(made.record, audit: audit)
            } catch StoreError.Code.nameTaken {
                try? await store.close()
                throw StoreOption.failure("a key named '\(name)' exists")
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
            print(made.key)
            FileHandle.standardError.write(Data("""
                key '\(name)' (\(role.rawValue), team \(team)\(expiry.map { ", expires " + KeysCommand.text($0) } ?? "")) created; \
                it is shown this once\n
                """.utf8))
        }
    }

    /// `switchyard keys list [--team T]`: one key a line.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the keys: name, team, role, created, last used, expires, revoked.")

        @Option(help: ArgumentHelp("Only this team's keys.", valueName: "team"))
        var team: String?

        @OptionGroup var store: StoreOption

        func run() async throws {
            let store = try await self.store.open()
            let keys = try await store.accessKeys(team: team)
            try await store.close()
            print(["NAME", "TEAM", "ROLE", "CREATED", "LAST USED", "EXPIRES", "REVOKED"].joined(separator: "\t"))
            for key in keys {
                print([key.name, key.team, key.role.rawValue, KeysCommand.text(key.createdAt),
                       key.lastUsedAt.map(KeysCommand.text) ?? "never", key.expiresAt.map(KeysCommand.text) ?? "never",
                       key.revokedAt.map(KeysCommand.text) ?? "-"].joined(separator: "\t"))
            }
        }
    }

    /// `switchyard keys revoke NAME`: every instance refuses it within a second.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Revoke a key: every instance of the service refuses it within a second.")

        @Argument(help: ArgumentHelp("The key's name.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("The key's team: needed when two teams have a working key of that name.", valueName: "team"))
        var team: String?

        @OptionGroup var store: StoreOption

        func run() async throws {
            let store = try await self.store.open()
            let now = Date()
            let teams = try await store.accessKeys(team: self.team).filter { $0.name == name && $0.revokedAt == nil }.map(\.team)
            guard teams.count <= 1 else {
                try await store.close()
                throw StoreOption.failure("teams \(teams.sorted().joined(separator: ", ")) each have a key '\(name)': say which with --team")
            }
            let team = teams.first
            var revoked: AccessKey?
            if let team {
                revoked = try await store.revokeKey(name: name, team: team, at: now,
                                                    audit: CommandLineAuthor.entry(team: team, action: "key.revoked", target: name, at: now))
            }
            try await store.close()
            guard revoked != nil else { throw StoreOption.failure("no key '\(name)' that works") }
            print("key '\(name)' revoked")
        }
    }

    /// An instant as the listings print it (ISO 8601, UTC, to the second).
    static func text(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

extension AccessKey.Role: ExpressibleByArgument {}
