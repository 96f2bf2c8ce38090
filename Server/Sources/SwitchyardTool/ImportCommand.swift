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

/// `switchyard import firebase FILE`: a Firebase Dynamic Links export (CSV with short and long
/// links, or a list of long links) into the store, through ``FirebaseImporter``.
///
/// ```
/// $ switchyard import firebase links.csv --routes routes.json --database sqlite:switchyard.sqlite
/// line 14: unknown route: no route in the route table matches 'link' (https://shop.example.com/old)
/// 1200 imported, 0 already there, 1 rejected
/// ```
///
/// Exit status 0 when every row is imported or already there, 1 when a row was rejected or the
/// file could not be read.
struct ImportFirebaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firebase",
        abstract: "Import a Firebase Dynamic Links export: a CSV with short and long links, or long links one a line.",
        discussion: """
            Each row becomes a smart link whose code is its Firebase suffix (https://example.page.link/m9Mm \
            opens as /m9Mm once the domain points at `switchyard serve`); rows without a short link get a code \
            derived from the long link. Rows that cannot be imported are listed with their line and reason. \
            Running the same file again changes nothing.
            """)

    @Argument(help: ArgumentHelp("The export: CSV with a header, or one long link a line.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The route-table file (JSON) the links must open in.", valueName: "file"))
    var routes: String = ServeSettings.defaultRoutesPath

    @Option(help: ArgumentHelp("sqlite:PATH or a postgres:// URL.", valueName: "database"), transform: DatabaseLocation.parse)
    var database: DatabaseLocation = .sqlite(path: "switchyard.sqlite")

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
        let report: FirebaseImporter.Report
        do {
            let importer = try FirebaseImporter(configuration: ServiceConfiguration(routes: table), store: store)
            let bar = ProgressBar(enabled: !json && isatty(STDERR_FILENO) == 1)
            report = try await importer.run(path: file, dryRun: dryRun) { progress in bar.show(progress) }
            bar.finish()
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
            for rejection in report.rejected { print(rejection.description) }
            print(report.summary)
        }
        if !report.rejected.isEmpty { throw ExitCode.failure }
    }

    static func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((CommandFailure.prefix + message + "\n").utf8))
        return .failure
    }
}

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
