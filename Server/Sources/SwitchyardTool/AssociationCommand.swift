import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Switchyard
import SwitchyardCommand
import SwitchyardService

/// `switchyard association`: commands about the association files.
struct AssociationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "association",
        abstract: "Work with apple-app-site-association and assetlinks.json.",
        subcommands: [AssociationCheckCommand.self])
}

/// `switchyard association check --routes FILE (--url BASE... | --apple FILE --android FILE)`:
/// proves that deployed association files cover the route table (``AssociationCoverage``), on
/// each link domain given.
///
/// ```
/// $ switchyard association check --routes routes.json --url https://go.example.com
/// https://go.example.com: apple-app-site-association and assetlinks.json cover routes.json: 48 URLs checked per app, no gaps
/// ```
///
/// Exit status 0 when there is no gap, 1 when there is one or a file cannot be read.
struct AssociationCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Prove that association files open every app route and short link, and nothing else.",
        discussion: """
            Reads the deployed files (--url fetches BASE/.well-known/apple-app-site-association and \
            BASE/.well-known/assetlinks.json, for each --url given: one per link domain; --apple and --android \
            read files) and checks, for each app of the \
            table, that every route path (each form and screen prefix, with a query and a fragment, in capitals \
            for a case-insensitive table) and every short-link shape opens the app, and that web-only routes, \
            the service's own paths and its reserved words do not. Components are read as Apple documents them: \
            in order (the first match decides), exclude, ? and # patterns, caseSensitive and percentEncoded.

            Each gap is one line, KIND: MESSAGE. With --json, one object: {"covered", "checked", "gaps": \
            [{"kind", "platform", "app", "example", "route", "message"}]}; kind is missing-app, \
            missing-fingerprint, no-components, unclaimed or claimed. With several --url, one such object per \
            line, each with its "url". Exit status 1 when there is a gap or a domain's files cannot be read.
            """)

    @OptionGroup var table: TableOptions

    @Option(help: ArgumentHelp("A link domain's base URL, whose /.well-known/ files are fetched (repeatable: each domain's).",
                               valueName: "url"))
    var url: [String] = []

    @Option(help: ArgumentHelp("An apple-app-site-association file.", valueName: "file"))
    var apple: String?

    @Option(help: ArgumentHelp("An assetlinks.json file.", valueName: "file"))
    var android: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        if !url.isEmpty && (apple != nil || android != nil) {
            throw ValidationError("give either --url or --apple and --android, not both")
        }
        if url.isEmpty && (apple == nil || android == nil) {
            throw ValidationError("give --url BASE, or both --apple FILE and --android FILE")
        }
    }

    func run() async throws {
        let compiled: RouteTable
        do {
            compiled = try TableLoader.table(path: table.routes)
        } catch {
            for line in error.lines.dropLast() { _ = Self.fail(line) }
            throw Self.fail(error.lines.last ?? "\(table.routes): cannot be read")
        }
        var failed = false
        if url.isEmpty {
            failed = try check(compiled, appleName: apple!, androidName: android!, appleText: Self.read(apple!),
                               androidText: Self.read(android!), origin: nil)
        } else {
            for url in url {
                var base = url
                while base.hasSuffix("/") { base.removeLast() }
                guard let parsed = URL(string: base), let scheme = parsed.scheme?.lowercased(), scheme == "https" || scheme == "http",
                      parsed.host != nil else {
                    throw Self.fail("--url must be a link domain's base URL, as https://go.example.com; got '\(url)'")
                }
                let appleName = base + "/.well-known/apple-app-site-association"
                let androidName = base + "/.well-known/assetlinks.json"
                do {
                    // A domain whose files cannot be read is reported, and the next domain checked.
                    failed = try await check(compiled, appleName: appleName, androidName: androidName,
                                             appleText: Self.fetch(appleName), androidText: Self.fetch(androidName),
                                             origin: url) || failed
                } catch is ExitCode where self.url.count > 1 {
                    failed = true
                }
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// Checks one domain's files (`origin`: its base URL; nil for files read from disk) and prints
    /// the result; whether there is a gap.
    private func check(_ compiled: RouteTable, appleName: String, androidName: String, appleText: String, androidText: String,
                       origin: String?) throws -> Bool {
        let documents: (AssociationDocument, AssociationDocument)
        do {
            documents = (try AssociationDocument(apple: appleText, file: appleName),
                         try AssociationDocument(android: androidText, file: androidName))
        } catch {
            throw Self.fail(error.description)
        }
        let coverage = AssociationCoverage(table: compiled, origin: origin ?? "")
        let gaps = coverage.gaps(apple: documents.0, android: documents.1)
        let checked = coverage.expectations.count
        if json {
            var object = JSONObjectWriter()
            if url.count > 1, let origin { object["url"] = .value(.string(origin)) }
            object["covered"] = .value(.bool(gaps.isEmpty))
            object["checked"] = .value(.number(Double(checked)))
            object["gaps"] = .value(.array(gaps.map { gap in
                .object(["kind": .string(gap.kind), "platform": .string(gap.platform), "app": .string(gap.app),
                         "example": .string(gap.example), "route": gap.route.map { .string($0) } ?? .null,
                         "message": .string(gap.message)])
            }))
            print(object.serialized())
        } else {
            for gap in gaps { print("\(gap.kind): \(gap.message)") }
            let subject = origin ?? "\(appleName), \(androidName)"
            print(gaps.isEmpty
                  ? "\(subject): the association files cover \(table.routes): \(checked) URLs checked per app, no gaps"
                  : "\(subject): \(gaps.count == 1 ? "1 gap" : "\(gaps.count) gaps") against \(table.routes)")
        }
        return !gaps.isEmpty
    }

    static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw fail("cannot read \(path): " + (FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"))
        }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("\(path) is not UTF-8 text") }
        return text
    }

    static func fetch(_ address: String) async throws -> String {
        guard let url = URL(string: address) else { throw fail("'\(address)' is not a URL") }
        var request = URLRequest(url: url)
        request.timeoutInterval = 30
        let data: Data, response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw fail("cannot fetch \(address): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw fail("\(address) answered \(status), not 200: the systems would not read it") }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("\(address) is not UTF-8 text") }
        return text
    }

    static func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((CommandFailure.prefix + message + "\n").utf8))
        return .failure
    }
}
