import ArgumentParser
import Foundation
import Switchyard
import SwitchyardService
import SwitchyardStore

/// `switchyard domains add|list|update|remove`: the link domains of a store, beside the bootstrap
/// one (`serve --base-url`). A running service serves a change within a second.
struct DomainsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "domains",
        abstract: "Add, list, change and remove the link domains of a store (each held by one team).",
        discussion: """
            A domain is a host the service answers short links on (links.example.com/m9Mm); codes are \
            unique per domain. serve's --base-url is the bootstrap domain of team default and is not \
            stored. Point the domain's DNS (and TLS) at the service, or at the proxy in front of it.
            """,
        subcommands: [Add.self, List.self, Update.self, Remove.self])

    /// The redirects of `add` and `update`: Shlink's three.
    struct Redirects: ParsableArguments {
        @Option(name: .customLong("root-redirect"), help: ArgumentHelp("Where GET / on the domain goes (\"\" removes it).", valueName: "url"))
        var root: String?
        @Option(name: .customLong("not-found-redirect"), help: ArgumentHelp("Where an unknown code goes instead of 404.", valueName: "url"))
        var notFound: String?
        @Option(name: .customLong("expired-redirect"),
                help: ArgumentHelp("Where an expired link without its own expiredURL goes instead of 410.", valueName: "url"))
        var expired: String?

        /// These over `current`: a flag not given keeps its value; `""` removes it.
        func applied(to current: LinkDomain.Redirects) throws -> LinkDomain.Redirects {
            func pick(_ given: String?, _ old: String?, _ flag: String) throws -> String? {
                guard let given else { return old }
                if given.isEmpty { return nil }
                guard let scheme = URLComponents(string: given)?.scheme?.lowercased(), ["http", "https"].contains(scheme),
                      URLComponents(string: given)?.host?.isEmpty == false else {
                    throw StoreOption.failure("--\(flag) '\(given)' is not an absolute http or https URL")
                }
                return given
            }
            return .init(root: try pick(root, current.root, "root-redirect"), notFound: try pick(notFound, current.notFound, "not-found-redirect"),
                         expired: try pick(expired, current.expired, "expired-redirect"))
        }
    }

    /// `switchyard domains add HOST --team TEAM [--default]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a link domain to a team.")

        @Argument(help: ArgumentHelp("The host (links.example.com): no scheme, port or path.", valueName: "host"))
        var host: String
        @Option(help: ArgumentHelp("The team that holds it; only its keys create links on it.", valueName: "team"))
        var team: String = ServiceConfiguration.defaultTeam
        @Flag(name: .customLong("default"), help: "Make it the team's default: creates that name no domain land here.")
        var isDefault = false
        @OptionGroup var redirects: Redirects
        @OptionGroup var store: StoreOption

        func run() async throws {
            let host = try DomainsCommand.host(self.host)
            let redirects = try self.redirects.applied(to: .init())
            try await DomainsCommand.with(store) { store in try await add(host: host, redirects: redirects, to: store) }
            print("domain '\(host)' added to team \(team)" + (isDefault ? " as its default" : ""))
        }

        private func add(host: String, redirects: LinkDomain.Redirects, to store: any LinkStore) async throws {
            if team != ServiceConfiguration.defaultTeam, !(try await store.teams()).contains(where: { $0.name == team }) {
                throw StoreOption.failure("no team '\(team)'; create it first with: switchyard teams create \(team)")
            }
            let now = Date()
            do {
                try await store.insertDomain(LinkDomain(host: host, team: team, isDefault: isDefault, redirects: redirects, createdAt: now),
                                             audit: CommandLineAuthor.entry(team: team, action: "domain.added", target: host,
                                                                            detail: isDefault ? "default" : "", at: now))
            } catch StoreError.Code.nameTaken {
                let holder = try await store.domains().first { $0.host == host }?.team
                throw StoreOption.failure("the domain '\(host)' is already on this service" + (holder.map { " (team \($0))" } ?? ""))
            }
        }
    }

    /// `switchyard domains list [--team TEAM] [--json]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the stored link domains.")

        @Option(help: ArgumentHelp("Only this team's.", valueName: "team"))
        var team: String?
        @Flag(help: "Print a JSON array.")
        var json = false
        @OptionGroup var store: StoreOption

        func run() async throws {
            let domains = try await DomainsCommand.with(store) { try await $0.domains() }.filter { team == nil || $0.team == team }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                encoder.dateEncodingStrategy = .iso8601
                print(String(decoding: try encoder.encode(domains), as: UTF8.self))
                return
            }
            for domain in domains {
                var line = "\(domain.host)\t\(domain.team)\(domain.isDefault ? "\tdefault" : "")"
                for (name, url) in [("root", domain.redirects.root), ("not-found", domain.redirects.notFound),
                                    ("expired", domain.redirects.expired)] {
                    if let url { line += "\t\(name)=\(url)" }
                }
                print(line)
            }
        }
    }

    /// `switchyard domains update HOST [--default] [--root-redirect URL] ...`.
    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "update", abstract: "Change a domain's redirects or make it its team's default.")

        @Argument(help: ArgumentHelp("The domain's host.", valueName: "host"))
        var host: String
        @Flag(name: .customLong("default"), help: "Make it its team's default.")
        var isDefault = false
        @OptionGroup var redirects: Redirects
        @OptionGroup var store: StoreOption

        func run() async throws {
            let host = try DomainsCommand.host(self.host)
            try await DomainsCommand.with(store) { store in
                guard var domain = try await store.domains().first(where: { $0.host == host }) else {
                    throw StoreOption.failure("no domain '\(host)'")
                }
                domain.redirects = try redirects.applied(to: domain.redirects)
                if isDefault { domain.isDefault = true }
                _ = try await store.updateDomain(domain, audit: CommandLineAuthor.entry(team: domain.team, action: "domain.updated",
                                                                                      target: host, at: Date()))
            }
            print("domain '\(host)' updated")
        }
    }

    /// `switchyard domains remove HOST [--force]`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a domain; refused while live links use it, unless --force disables them.")

        @Argument(help: ArgumentHelp("The domain's host.", valueName: "host"))
        var host: String
        @Flag(help: "Disable the domain's live links (they answer 410) and remove it.")
        var force = false
        @OptionGroup var store: StoreOption

        func run() async throws {
            let host = try DomainsCommand.host(self.host)
            let removal = try await DomainsCommand.with(store) { store in
                guard let team = try await store.domains().first(where: { $0.host == host })?.team else {
                    throw StoreOption.failure("no domain '\(host)'")
                }
                return try await store.removeDomain(
                    host: host, team: team, force: force,
                    audit: CommandLineAuthor.entry(team: team, action: "domain.removed", target: host, detail: force ? "force" : "", at: Date()))
            }
            switch removal {
            case .notFound: throw StoreOption.failure("no domain '\(host)'")
            case let .inUse(live):
                throw StoreOption.failure("\(live) live link\(live == 1 ? "" : "s") use '\(host)'; remove with --force to disable them")
            case let .removed(disabled):
                print("domain '\(host)' removed" + (disabled > 0 ? "; \(disabled) link\(disabled == 1 ? "" : "s") disabled" : ""))
            }
        }
    }

    /// A host as stored, or the usage failure naming why not.
    static func host(_ text: String) throws -> String {
        let checked = LinkDomainHost.normalized(text)
        guard let host = checked.host else { throw StoreOption.failure(checked.refusal ?? "domain '\(text)' is not a host name") }
        return host
    }

    /// Runs `body` with the opened store, and closes it whether `body` throws or not.
    static func with<T>(_ option: StoreOption, _ body: (any LinkStore) async throws -> T) async throws -> T {
        let store = try await option.open()
        do {
            let result = try await body(store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }
}
