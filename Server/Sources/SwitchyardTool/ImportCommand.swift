import ArgumentParser
import Foundation
import Switchyard
import SwitchyardCommand
import SwitchyardService

/// `switchyard import`: brings links from another service into the store.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import links from another service.",
        subcommands: [ImportFirebaseCommand.self])
}

/// `switchyard import firebase FILE...`: Firebase Dynamic Links exports (Google's Takeout CSV, one
/// per domain; a CSV with short and long links; or a list of long links) into the store, through
/// ``FirebaseImporter``.
///
/// ```
/// $ switchyard import firebase example.page.link.csv --routes routes.json --database sqlite:switchyard.sqlite
/// example.page.link -> https://go.example.com (1201 rows in example.page.link.csv)
/// line 14: unknown route: no route in the route table matches 'link' (https://shop.example.com/old); ...
/// 1200 imported, 0 already there, 1 rejected
/// ```
///
/// Exit status 0 when every row is imported or already there, 1 when a row was rejected or the
/// file could not be read. An import that wrote links records one `links.imported` entry in the
/// team's audit log (``CommandLineAuthor``: the files as target, the summary as detail).
struct ImportFirebaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firebase",
        abstract: "Import a Firebase Dynamic Links export: a CSV with short and long links, or long links one a line.",
        discussion: """
            Each row becomes a smart link whose code is its Firebase suffix (https://example.page.link/m9Mm \
            opens as /m9Mm once the domain points at `switchyard serve`), on the domain its short link names: \
            the team's domain of that host (switchyard domains add), the one --domain-map names, else the \
            --base-url domain; the same suffix on two domains is two links. Rows without a short link get a code \
            derived from the long link. Google's Takeout export (one CSV per domain) is read column by column: \
            the deep link through the route table, fallbacks, preview, forced redirect, minimum versions, \
            campaign, link name (the label), creation timestamp; archived rows are imported disabled. Rows \
            that cannot be imported are listed with their line and reason. Running the same files again \
            changes nothing. An import that writes links records a links.imported entry in the team's \
            audit log, made by cli:USER (the operating-system user).
            """)

    @Argument(help: ArgumentHelp("The exports: CSV with a header, or one long link a line; one file per short-link domain.",
                                 valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The route-table file (JSON) the links must open in.", valueName: "file"))
    var routes: String = ServeSettings.defaultRoutesPath

    @Option(help: ArgumentHelp("sqlite:PATH or a postgres:// URL.", valueName: "database"), transform: DatabaseLocation.parse)
    var database: DatabaseLocation = .sqlite(path: "switchyard.sqlite")

    @Option(help: ArgumentHelp("The team the links belong to: default (the bootstrap keys' team) or one made with `switchyard teams create`.",
                               valueName: "team"))
    var team: String = ServiceConfiguration.defaultTeam

    @Option(name: .customLong("base-url"), help: ArgumentHelp("The public base URL of short links (as given to serve), reported as each domain's new home.", valueName: "url"))
    var baseURL: String = "http://127.0.0.1:8080"

    @Option(help: ArgumentHelp("What archived rows become: disable (imported, answering 410) or skip.", valueName: "disable|skip"))
    var archived: FirebaseImporter.ArchivedRows = .disable

    @Option(help: ArgumentHelp("What rows whose deep link matches no route become: reject, or web (a link that sends every platform to the deep link).",
                               valueName: "reject|web"))
    var unrouted: FirebaseImporter.UnroutedRows = .reject

    @Option(name: .customLong("domain-map"), help: ArgumentHelp(
        "Move a Firebase domain's links onto a domain of the team: old=new (example.page.link=links.example.com); repeatable. "
            + "A file whose domain is a domain of the team lands there without it; any other on the --base-url domain.",
        valueName: "old=new"))
    var domainMap: [KeyValue] = []

    @Flag(name: .customLong("dry-run"), help: "Check every row and report, but write nothing.")
    var dryRun = false

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() async throws {
        let location = database
        let table: RouteTableConfiguration
        do {
            table = try RouteTableFile.load(path: routes)
        } catch {
            throw Self.fail("\(error)")
        }
        let store = try await openLinkStore(location)
        if team != ServiceConfiguration.defaultTeam, !(try await store.teams()).contains(where: { $0.name == team }) {
            try? await store.close()
            throw Self.fail("no team '\(team)'; create it first with: switchyard teams create \(team)")
        }
        let report: FirebaseImporter.Report
        do {
            let importer = try FirebaseImporter(configuration: ServiceConfiguration(routes: table, baseURL: baseURL), store: store,
                                                team: team)
            let bar = ProgressBar(enabled: !json && isatty(STDERR_FILENO) == 1)
            let map = Dictionary(domainMap.map { ($0.name.lowercased(), $0.value.lowercased()) }, uniquingKeysWith: { _, last in last })
            let options = FirebaseImporter.Options(dryRun: dryRun, archived: archived, unrouted: unrouted, domainMap: map)
            report = try await importer.run(paths: files, options: options) { progress in bar.show(progress) }
            bar.finish()
            if !dryRun, report.imported > 0 {
                // One entry for the whole import, in a transaction of its own after the last batch.
                let names = files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
                try await store.appendAudit([CommandLineAuthor.entry(team: team, action: "links.imported",
                                                                     target: String(names.prefix(200)), detail: report.summary)])
            }
        } catch let error as FirebaseImporter.FileError {
            try? await store.close()
            throw Self.fail(error.message)
        } catch {
            try? await store.close()
            throw Self.fail("\(error)")
        }
        try await store.close()
        if json {
            print(report.json)
        } else {
            for line in report.details { print(line) }
            print(report.summary)
        }
        if !report.rejected.isEmpty { throw ExitCode.failure }
    }

    static func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((CommandFailure.prefix + message + "\n").utf8))
        return .failure
    }
}

extension FirebaseImporter.ArchivedRows: ExpressibleByArgument {}
extension FirebaseImporter.UnroutedRows: ExpressibleByArgument {}

/// A one-line progress bar on standard error, redrawn in place (only on a terminal).
final class ProgressBar: Sendable {
    let enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ progress: FirebaseImporter.Progress) {
        guard enabled else { return }
        var line = "\r"
        if let total = progress.totalBytes, total > 0 {
            let fraction = min(1, Double(progress.bytesRead) / Double(total))
            let filled = Int(fraction * 30)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled) + "] "
            line += "\(Int(fraction * 100))% "
        }
        line += "\(progress.rows) rows"
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
