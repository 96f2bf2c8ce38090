import ArgumentParser
import Switchyard

/// `switchyard routes check --routes FILE [--json]`: reports every problem in a route-table file.
///
/// ```
/// $ switchyard routes check --routes routes.json
/// routes.json: route 3: empty parameter name at 5 in 'bad/:'
/// routes.json: routes 2 and 5: conflict: 'product/:id' and 'product/{pid}' match the same URLs
/// routes.json: 2 problems
/// ```
public struct RoutesCheckCommand: ParsableCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a route-table file: syntax errors, conflicts and file errors.",
        discussion: """
            Problems are written to standard output, one per line, as FILE: route N: REASON \
            (conflicts name both routes); a file that cannot be read or is not valid JSON gives one \
            problem with its line and column. The last line is a summary. The exit status is 1 when \
            there is any problem, 0 otherwise.

            With --json, one JSON object: {"file", "valid", "routeCount", "problems": [{"code", \
            "message", "routes", "patterns", "position", "line", "column"}]}; routeCount is null when \
            the file could not be decoded.
            """
    )

    @OptionGroup var table: TableOptions

    @Flag(name: .long, help: "Write the result as one JSON object.")
    var json = false

    /// Creates the command; argument-parser fills it in.
    public init() {}

    /// Loads and compiles the table, then reports.
    public func run() throws {
        let file = table.routes
        let problems: [TableProblem]
        let routeCount: Int?
        switch TableLoader.load(path: file) {
        case .table(let table): (problems, routeCount) = ([], table.routes.count)
        case .problems(let found, let count): (problems, routeCount) = (found, count)
        }
        if json {
            var object = JSONObjectWriter()
            object["file"] = .value(.string(file))
            object["valid"] = .value(.bool(problems.isEmpty))
            object["routeCount"] = .value(routeCount.map { .number(Double($0)) } ?? .null)
            object["problems"] = .value(.array(problems.map(\.json)))
            Console.line(object.serialized())
        } else {
            for problem in problems { Console.line(problem.description) }
            Console.line(Self.summary(file: file, routeCount: routeCount, problems: problems.count))
        }
        if !problems.isEmpty { throw ExitCode.failure }
    }

    /// `routes.json: 12 routes, no problems`, `routes.json: 1 problem`, `routes.json: 12 routes, 3 problems`.
    static func summary(file: String, routeCount: Int?, problems: Int) -> String {
        var parts: [String] = []
        if let routeCount { parts.append(routeCount == 1 ? "1 route" : "\(routeCount) routes") }
        parts.append(problems == 0 ? "no problems" : problems == 1 ? "1 problem" : "\(problems) problems")
        return "\(file): " + parts.joined(separator: ", ")
    }
}
