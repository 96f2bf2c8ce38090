import Switchyard

/// Reads and compiles a route-table file, turning every failure into ``TableProblem``s.
public enum TableLoader {
    /// The outcome of loading a file: the compiled table, or every problem found.
    public enum Outcome: Sendable {
        /// The file read and compiled.
        case table(RouteTable)
        /// The file could not be read or decoded (one problem), or its table did not compile
        /// (every issue); `routeCount` is known when the file decoded.
        case problems([TableProblem], routeCount: Int?)
    }

    /// Reads `path` with ``RouteTableFile/load(path:)`` and compiles it with ``RouteTable/init(_:constraints:maximumInputLength:)``.
    public static func load(path: String) -> Outcome {
        let configuration: RouteTableConfiguration
        do {
            configuration = try RouteTableFile.load(path: path)
        } catch {
            return .problems([TableProblem(error)], routeCount: nil)
        }
        do {
            return .table(try RouteTable(configuration))
        } catch {
            return .problems(error.issues.map { TableProblem($0, file: path) }, routeCount: configuration.routes.count)
        }
    }

    /// The compiled table, or a ``CommandFailure`` whose lines are the problems.
    public static func table(path: String) throws(CommandFailure) -> RouteTable {
        switch load(path: path) {
        case .table(let table): return table
        case .problems(let problems, _): throw CommandFailure(problems.map(\.description))
        }
    }
}
