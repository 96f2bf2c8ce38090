import ArgumentParser
import Switchyard

/// `switchyard link --routes FILE ROUTE --param k=v ... --query k=v ... [--scheme S | --host H] [--fragment F]`:
/// builds the URL for a route (reverse routing).
///
/// ```
/// $ switchyard link --routes routes.json product --param id=42 --query ref=mail --scheme shop
/// shop://product/42?ref=mail
/// ```
public struct LinkCommand: ParsableCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Build the URL for a route (reverse routing).",
        discussion: """
            ROUTE is a route's name or its pattern exactly as written in the file. Every parameter \
            of the route must be given with --param and no other; values are percent-encoded. With \
            --scheme the URL is scheme://path, with --host it is https://host/path, with neither it \
            is the internal path. The URL is checked by resolving it with the same table: a URL that \
            would open another route is an error. Errors go to standard error with exit status 1.
            """
    )

    @OptionGroup var table: TableOptions

    @Argument(help: ArgumentHelp("The route's name or pattern.", valueName: "route"))
    var route: String

    @Option(
        name: .customLong("param"), help: ArgumentHelp("A route parameter; repeat for each.", valueName: "name=value"))
    var parameters: [KeyValue] = []

    @Option(
        name: .customLong("query"),
        help: ArgumentHelp("A query item, kept in order; repeat for each.", valueName: "name=value"))
    var query: [KeyValue] = []

    @Option(help: "Build a custom-scheme URL (scheme://path) with this scheme.")
    var scheme: String?

    @Option(help: "Build a universal link (https://host/path) for this host.")
    var host: String?

    @Option(help: "The fragment, without '#'.")
    var fragment: String?

    /// Creates the command; argument-parser fills it in.
    public init() {}

    /// Rejects a scheme together with a host, and a parameter given twice.
    public func validate() throws {
        if scheme != nil && host != nil {
            throw ValidationError("Give --scheme or --host, not both.")
        }
        var seen: Set<String> = []
        for parameter in parameters where !seen.insert(parameter.name).inserted {
            throw ValidationError("The parameter '\(parameter.name)' is given twice.")
        }
    }

    /// Loads the table, builds the URL and prints it.
    public func run() throws {
        let path = table.routes
        let route = route
        let parameters = Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.value) })
        let query = query.map { QueryItem(name: $0.name, value: $0.value) }
        let (scheme, host, fragment) = (scheme, host, fragment)
        try reportingFailures { () throws(CommandFailure) in
            let table = try TableLoader.table(path: path)
            do throws(LinkBuildError) {
                let url = try table.url(
                    for: route, parameters: parameters, query: query, fragment: fragment,
                    scheme: scheme, host: host)
                Console.line(url)
            } catch {
                throw CommandFailure(error.message)
            }
        }
    }
}
