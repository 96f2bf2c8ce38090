import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
@_spi(SwitchyardService) import Switchyard
import SwitchyardCommand
import SwitchyardService
import SwitchyardStore

/// `switchyard explain URL`: what a link does on each platform, and why, computed by the code
/// that serves it (``LinkExplainer``).
///
/// ```
/// $ switchyard explain https://go.example.com/Ab3dE9xQ --routes routes.json \
///       --database sqlite:switchyard.sqlite --base-url https://go.example.com
/// ```
///
/// Exit status 0 when the link was explained (whatever it does), 1 when it could not be (a
/// malformed URL, an unknown host, a code never issued, a file or database that cannot be read).
struct ExplainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Say what a link does on iPhone, iPad, Android, desktop and in link previews, and why.",
        discussion: """
            URL is a short link or alias (with --database and --base-url, or --service), a Firebase long link \
            on the base URL (BASE/?link=...), a universal link on a host of the route table, a custom-scheme URL, a URN or an internal path. For each case (iPhone and \
            iPad with and without the app, Android with and without, desktop, link-preview crawler) it prints \
            the action (open-app, page, redirect, preview, refuse), its target, the association-file component \
            that opens the app, the deferred deep link, and the answer GET /{code} gives that user agent. \
            --service asks a running service (GET /api/v1/links/{code}/explain, with SWITCHYARD_API_KEY).

            With --json, one object: {"url", "kind", "code", "route": {"name", "pattern", "parameters", \
            "parameterTypes", "queryParameters", "plan", "webOnly"} | null, "cases": [{"platform", "app", \
            "action", "target", "claim", "deferred": {"path", "match"}, "reason", "userAgent", "status", \
            "location"}], "warnings": [{"code", "message"}]}.
            """)

    @Argument(help: ArgumentHelp("The link to explain.", valueName: "url"))
    var url: String

    @Option(help: ArgumentHelp("The route-table file (JSON).", valueName: "file"))
    var routes: String = ServeSettings.defaultRoutesPath

    @Option(help: ArgumentHelp("sqlite:PATH or a postgres:// URL: where the short links live.", valueName: "database"),
            transform: DatabaseLocation.parse)
    var database: DatabaseLocation?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("The public base URL of short links (as given to serve).", valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp("Ask a running service at this base URL instead (needs SWITCHYARD_API_KEY).", valueName: "base-url"))
    var service: String?

    @Option(name: .customLong("deferred-window"),
            help: ArgumentHelp("The --deferred-window serve runs with (heuristic deferred matching); off by default.", valueName: "duration"))
    var deferredWindow: DurationArgument = .off

    @Flag(help: "Print the explanation as JSON.")
    var json = false

    @Option(help: ArgumentHelp("The visitor's Accept-Language, for the link's redirect rules (fr-FR,fr;q=0.9).", valueName: "accept-language"))
    var language: String?

    @Option(help: ArgumentHelp("The visitor's country (ISO 3166-1 alpha-2), for the link's redirect rules.", valueName: "code"))
    var country: String?

    @Option(help: ArgumentHelp("The short link's query, for the link's redirect rules (ref=mail&c=spring).", valueName: "query"))
    var query: String?

    /// What the rule cases are asked with.
    private var ruleInputs: RuleInputs {
        RuleInputs(language: language, country: country, query: LinkExplainer.query(query ?? ""))
    }

    func validate() throws {
        if service != nil && (database != nil || baseURL != nil) {
            throw ValidationError("--service asks a running service: leave out --database and --base-url")
        }
        if database != nil && baseURL == nil {
            throw ValidationError("--database needs --base-url, the short links' base URL (https://go.example.com)")
        }
    }

    func run() async throws {
        let explanation: LinkExplanation
        if let service {
            explanation = try await remote(service)
        } else {
            explanation = try await local()
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(explanation), as: UTF8.self))
        } else {
            print(explanation.table)
        }
    }

    private func local() async throws -> LinkExplanation {
        let table: RouteTableConfiguration
        do {
            table = try RouteTableFile.load(path: routes)
        } catch {
            throw Self.fail("\(error)")
        }
        var configuration = ServiceConfiguration(routes: table, baseURL: baseURL ?? "http://127.0.0.1:8080")
        configuration.deferredWindow = deferredWindow.duration
        let store: any LinkStore
        if let database {
            do {
                store = try await openLinkStore(database)
            } catch {
                throw Self.fail("cannot open \(database): \(error)")
            }
        } else {
            store = InMemoryLinkStore()
        }
        var logger = Logger(label: "switchyard")
        logger.logLevel = .critical
        let explanation: LinkExplanation
        do {
            var explainer = try LinkExplainer(configuration: configuration, store: store, logger: logger)
            explainer.ruleInputs = ruleInputs
            explanation = try await explainer.explain(url)
            try? await store.close()
        } catch let failure as LinkExplainer.Failure {
            try? await store.close()
            throw Self.fail(failure.message)
        } catch {
            try? await store.close()
            throw Self.fail("\(error)")
        }
        // Without a database no code is known: say how to read them rather than "404".
        if database == nil, let code = explanation.code, explanation.warnings.contains(where: { $0.code == "unknown-code" }) {
            throw Self.fail("no link with the code '\(code)' (pass --database and --base-url to read the short links)")
        }
        return explanation
    }

    /// `&language=...&country=...&query=...` for the rule cases (`?` first when `before` is empty),
    /// each value percent-encoded whole (a query's own `&` and `=` included).
    private func ruleQuery(after before: String) -> String {
        let items = [("language", language), ("country", country), ("query", query)].compactMap { name, value in
            value.map { name + "=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
        }
        guard !items.isEmpty else { return "" }
        return (before.isEmpty ? "?" : "&") + items.joined(separator: "&")
    }

    /// `GET BASE/api/v1/links/{code}/explain` with the admin key.
    private func remote(_ base: String) async throws -> LinkExplanation {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        guard let key = ProcessInfo.processInfo.environment["SWITCHYARD_API_KEY"], !key.isEmpty else {
            throw Self.fail("--service needs the admin key in SWITCHYARD_API_KEY")
        }
        let parts = AssociationURL(url)
        let segments = parts.path.split(separator: "/")
        // A short link on another host than the service's is asked for on that link domain.
        let linkHost = URLComponents(string: url)?.host?.lowercased()
        let domain = linkHost.flatMap { $0 == URLComponents(string: base)?.host?.lowercased() ? nil : "?domain=" + $0 } ?? ""
        guard url.lowercased().hasPrefix("http"), segments.count == 1, let code = segments.first,
              let endpoint = URL(string: base + "/api/v1/links/" + code + "/explain" + domain + ruleQuery(after: domain)), endpoint.host != nil else {
            throw Self.fail("--service explains short links (BASE/CODE); '\(url)' is not one")
        }
        var request = URLRequest(url: endpoint)
        request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        request.timeoutInterval = 30
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw Self.fail("cannot reach \(base): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status == 404, (try? JSONValue.parse(String(decoding: data, as: UTF8.self)))?["type"]?.stringValue?.hasSuffix("/link-not-found") == true {
            return try await unknown(code: String(code), url: url, service: base)
        }
        guard status == 200 else {
            let detail = (try? JSONValue.parse(String(decoding: data, as: UTF8.self)))?["detail"]?.stringValue
            throw Self.fail("\(endpoint.absoluteString) answered \(status)" + (detail.map { ": \($0)" } ?? ""))
        }
        do {
            return try JSONDecoder().decode(LinkExplanation.self, from: data)
        } catch {
            throw Self.fail("\(endpoint.absoluteString) did not answer an explanation: \(error)")
        }
    }

    /// A code the service does not have (or that is another team's), explained as the local
    /// `explain` explains a code its database lacks: every case `refuse`, 404. The association
    /// claims come from the `--routes` file when there is one; without it no case names a claim.
    private func unknown(code: String, url: String, service base: String) async throws -> LinkExplanation {
        var table = RouteTableConfiguration()
        if FileManager.default.fileExists(atPath: routes) {
            do {
                table = try RouteTableFile.load(path: routes)
            } catch {
                throw Self.fail("\(error)")
            }
        }
        var logger = Logger(label: "switchyard")
        logger.logLevel = .critical
        do {
            let explainer = try LinkExplainer(configuration: ServiceConfiguration(routes: table, baseURL: base), store: InMemoryLinkStore(),
                                              logger: logger)
            var explanation = try await explainer.explain(base + "/" + code)
            explanation.url = url
            return explanation
        } catch {
            throw Self.fail("\(error)")
        }
    }

    static func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((CommandFailure.prefix + message + "\n").utf8))
        return .failure
    }
}
