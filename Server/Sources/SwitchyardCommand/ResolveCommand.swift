import ArgumentParser
import Switchyard

/// `switchyard resolve --routes FILE [--json] URL...`: resolves each input against a route table.
///
/// ```
/// $ switchyard resolve --routes routes.json shop://product/42?ref=mail
/// shop://product/42?ref=mail  →  product/:id<int> (product)  {id: 42}  ?ref=mail
/// $ printf 'shop://cart\nftp://x\n' | switchyard resolve --routes routes.json --json -
/// ```
///
/// Exits 0 once every input was processed, whatever its outcome; 1 when the table cannot be loaded.
public struct ResolveCommand: ParsableCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve URLs against a route table.",
        discussion: """
            Each input is matched (a route and its parameters), sent to the default route (readable \
            but no route matches) or rejected (not a link this table can read: unknown scheme or host, \
            bad percent-encoding, ...). The exit status is 0 when every input was processed, whatever \
            its outcome.

            An input of '-' reads inputs from standard input, one per line; surrounding whitespace is \
            trimmed and blank lines are skipped. Inputs given as arguments are taken exactly as written.

            With --json, each input gives one JSON object on its own line, with the keys input, \
            outcome ("matched", "default" or "rejected"), route, name, routeParameters, \
            queryParameters, queryItems, fragment, scheme, host, plan and, only when rejected, error \
            ({"code", "message"}).
            """
    )

    @OptionGroup var table: TableOptions

    @Flag(name: .long, help: "Write one JSON object per input.")
    var json = false

    @Argument(
        help: ArgumentHelp(
            "URLs, paths or URNs to resolve; '-' reads them from standard input, one per line.",
            valueName: "url"))
    var inputs: [String] = []

    /// Creates the command; argument-parser fills it in.
    public init() {}

    /// Checks that there is something to resolve.
    public func validate() throws {
        if inputs.isEmpty {
            throw ValidationError("Give at least one URL, or '-' to read URLs from standard input.")
        }
    }

    /// Loads the table and writes one line per input.
    public func run() throws {
        let json = json
        let inputs = inputs
        let path = table.routes
        try reportingFailures { () throws(CommandFailure) in
            let table = try TableLoader.table(path: path)
            func emit(_ input: String) {
                let report = ResolutionReport(input: input, table: table)
                Console.line(json ? report.json.serialized() : report.text)
            }
            for input in inputs {
                if input == "-" {
                    while let line = readLine(strippingNewline: true) {
                        let trimmed = line.trimmingWhitespace()
                        if !trimmed.isEmpty { emit(trimmed) }
                    }
                } else {
                    emit(input)
                }
            }
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
