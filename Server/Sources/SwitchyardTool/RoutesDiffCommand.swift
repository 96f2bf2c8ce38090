import ArgumentParser
import Foundation
import Switchyard
import SwitchyardCommand
import SwitchyardService
import SwitchyardStore

/// `switchyard routes diff OLD NEW [--database URL] [--json] [--allow-breaking]`: what changes
/// between two route tables (``RouteTableDiff``) and, with a database, which live links would
/// stop opening or open elsewhere (``LiveLinkCheck``).
///
/// ```
/// $ switchyard routes diff routes.json routes-next.json --database sqlite:switchyard.sqlite
/// constraint-changed: route 'category': parameter 'slug' any value → <int> (narrowed: ...)
/// broken: Ab3dE9xQ (category/:slug): parameters-refused: its parameters no longer build ...
/// routes-next.json: 1 change, 1 live link breaks
/// ```
///
/// Exit status 1 when NEW does not compile (a conflict, a syntax error) or a live link breaks
/// (unless `--allow-breaking`); 0 otherwise, whatever changed.
struct RoutesDiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two route tables, and list the live links the new one would break.",
        discussion: """
            Lists each change, one a line as KIND: MESSAGE: removed, added, pattern-changed, parameter-renamed, \
            parameter-removed, parameter-added, constraint-changed, renamed, web-only, app-route, plan-changed, \
            since-raised (with --database, how many live links the route has: apps older than the new since get \
            their fallback), \
            host-removed, scheme-removed, app-removed, and conflict or invalid when NEW does not compile. With \
            --database, each live link (not deleted, not expired) that would stop opening or open elsewhere \
            under NEW: broken: CODE (ROUTE): REASON-KIND: REASON.

            With --json, one object: {"changes": [{"kind", "route", "message"}], "brokenLinks": [{"code", \
            "route", "kind", "reason"}], "breaking"}. Exit status 1 when NEW does not compile or a live link \
            breaks, unless --allow-breaking.
            """)

    @Argument(help: ArgumentHelp("The route table in use (JSON).", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The route table to deploy (JSON).", valueName: "new"))
    var new: String

    @Option(help: ArgumentHelp("sqlite:PATH or a postgres:// URL: check the live links stored there.", valueName: "database"),
            transform: DatabaseLocation.parse)
    var database: DatabaseLocation?

    @Flag(name: .customLong("allow-breaking"), help: "Exit 0 even when live links break.")
    var allowBreaking = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() async throws {
        let oldTable: RouteTable
        do {
            oldTable = try TableLoader.table(path: old)
        } catch {
            throw Self.fail(error.lines)
        }
        var changes: [RouteTableDiff.Change] = []
        var broken: [LiveLinkCheck.BrokenLink] = []
        var newCompiles = true
        switch TableLoader.load(path: new) {
        case .table(let newTable):
            changes = RouteTableDiff(old: oldTable, new: newTable).changes
            if let database {
                let store: any LinkStore
                do {
                    store = try await openLinkStore(database)
                } catch {
                    throw Self.fail(["cannot open \(database): \(error)"])
                }
                do {
                    broken = try await LiveLinkCheck(old: oldTable, new: newTable).brokenLinks(in: store)
                    changes = try await RouteTableDiff.countingLiveLinks(changes, new: newTable, in: store)
                } catch {
                    try? await store.close()
                    throw Self.fail(["cannot read the links in \(database): \(error)"])
                }
                try? await store.close()
            }
        case .problems(let problems, _):
            newCompiles = false
            changes = problems.map { problem in
                RouteTableDiff.Change(kind: problem.code.contains("conflict") ? "conflict" : "invalid",
                                      route: problem.patterns.first, message: problem.description)
            }
        }
        let breaking = !newCompiles || !broken.isEmpty
        if json {
            var object = JSONObjectWriter()
            object["changes"] = .value(.array(changes.map { change in
                .object(["kind": .string(change.kind), "route": change.route.map { .string($0) } ?? .null, "message": .string(change.message)])
            }))
            object["brokenLinks"] = .value(.array(broken.map { link in
                .object(["code": .string(link.code), "route": .string(link.route), "kind": .string(link.kind), "reason": .string(link.reason)])
            }))
            object["breaking"] = .value(.bool(breaking))
            print(object.serialized())
        } else {
            for change in changes { print("\(change.kind): \(change.message)") }
            for link in broken { print("broken: \(link.code) (\(link.route)): \(link.kind): \(link.reason)") }
            var summary = "\(new): " + (changes.isEmpty ? "no changes" : changes.count == 1 ? "1 change" : "\(changes.count) changes")
            if !newCompiles { summary += ", does not compile" }
            if database != nil {
                summary += broken.isEmpty ? ", no live link breaks" : broken.count == 1 ? ", 1 live link breaks" : ", \(broken.count) live links break"
            }
            print(summary)
        }
        if breaking && !(allowBreaking && newCompiles) { throw ExitCode.failure }
    }

    static func fail(_ lines: [String]) -> ExitCode {
        for line in lines { FileHandle.standardError.write(Data((CommandFailure.prefix + line + "\n").utf8)) }
        return .failure
    }
}
