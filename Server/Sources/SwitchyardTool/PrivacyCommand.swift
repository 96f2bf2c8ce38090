import ArgumentParser
import Foundation
import SwitchyardService
import SwitchyardStore

/// `switchyard privacy export|erase --install ID`: a data subject's access and erasure requests,
/// over every team's records in the store (the admin API's `/api/v1/installs/{install}` does the
/// same for one team).
struct PrivacyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "privacy",
        abstract: "Export or erase what the store keeps about one install.",
        discussion: """
            An install is the identifier the SDK generates once per install (SwitchyardInstall). export writes \
            everything that names it as JSON; erase removes it: redemptions are kept under an anonymous install (the \
            links' counts stay), attested keys and shared rate buckets are deleted, webhook bodies still to be sent \
            have it replaced by "erased". Both are recorded in the audit log of team default, with the install's \
            SHA-256 (never the identifier) as the target. Clicks and counts never hold an install.
            """,
        subcommands: [Export.self, Erase.self])

    struct InstallOption: ParsableArguments {
        @Option(help: ArgumentHelp("The install identifier (8 to 128 of A-Z a-z 0-9 . _ -).", valueName: "id"))
        var install: String

        func checked() throws -> String {
            guard InstallPrivacy.isInstall(install) else { throw StoreOption.failure(InstallPrivacy.notAnInstall(install)) }
            return install
        }
    }

    /// `switchyard privacy export --install ID`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Write everything kept about one install as JSON.")

        @OptionGroup var install: InstallOption
        @OptionGroup var store: StoreOption

        func run() async throws {
            let install = try self.install.checked()
            let entry = CommandLineAuthor.entry(team: ServiceConfiguration.defaultTeam, action: "install.exported",
                                                target: InstallPrivacy.auditTarget(install))
            let json = try await DomainsCommand.with(store) { store in try await InstallPrivacy.exportJSON(install, store: store, audit: entry) }
            FileHandle.standardOutput.write(json + Data("\n".utf8))
        }
    }

    /// `switchyard privacy erase --install ID`.
    struct Erase: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "erase", abstract: "Erase one install from every team's records.")

        @OptionGroup var install: InstallOption
        @OptionGroup var store: StoreOption

        func run() async throws {
            let install = try self.install.checked()
            let target = InstallPrivacy.auditTarget(install), at = Date()
            let json = try await DomainsCommand.with(store) { store in
                try await InstallPrivacy.eraseJSON(install, store: store) { summary in
                    CommandLineAuthor.entry(team: ServiceConfiguration.defaultTeam, action: "install.erased", target: target, detail: summary, at: at)
                }
            }
            FileHandle.standardOutput.write(json + Data("\n".utf8))
        }
    }
}
