import Switchyard

/// One problem with a route-table file, from reading it (``RouteTableFileError``) or compiling it
/// (``RouteTableBuildError/Issue``), in the one shape that `routes check` prints and `--json` writes.
///
/// Its text names the file, then the route or routes (numbered from 1, as in the file), then the reason:
///
/// ```
/// routes.json: route 3: empty parameter name at 5 in 'bad/:'
/// routes.json: routes 2 and 5: conflict: 'product/:id' and 'product/{pid}' match the same URLs
/// routes.json: line 4, column 12: expected ',' or ']' after array element
/// ```
public struct TableProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file, as named on the command line.
    public var file: String
    /// A stable snake_case code: a ``RouteTableBuildError/Issue/Code`` (`syntax`, `conflict`, ...) or a
    /// ``RouteTableFileError`` code (`invalid_json`, `unknown_key`, ...).
    public var code: String
    /// The reason, without the file and route numbers.
    public var message: String
    /// The 1-based numbers of the routes involved, in table order.
    public var routes: [Int]
    /// The patterns involved: one, or both sides of a conflict.
    public var patterns: [String]
    /// The 1-based character position in the first pattern, when one can be named.
    public var position: Int?
    /// The 1-based line and column of a JSON syntax error.
    public var line: Int?
    /// The 1-based column (in Unicode scalars) of a JSON syntax error.
    public var column: Int?
    /// The full text, exactly as printed.
    public var description: String

    /// A problem found while reading or decoding the file.
    public init(_ error: RouteTableFileError) {
        file = error.file
        code = error.code.rawValue
        message = error.message
        routes = error.routeIndex.map { [$0 + 1] } ?? []
        patterns = error.routePattern.map { [$0] } ?? []
        position = nil
        line = error.line
        column = error.column
        description = error.description
    }

    /// A problem found while compiling the table read from `file`.
    public init(_ issue: RouteTableBuildError.Issue, file: String) {
        self.file = file
        code = issue.code.description
        message = issue.message
        routes = issue.routeIndices.map { $0 + 1 }
        patterns = issue.patterns
        position = issue.position
        line = nil
        column = nil
        var text = "\(file): "
        switch routes.count {
        case 0: break
        case 1: text += "route \(routes[0]): "
        default:
            let numbers = routes.map(String.init)
            text += "routes \(numbers.dropLast().joined(separator: ", ")) and \(numbers[numbers.count - 1]): "
        }
        description = text + issue.message
    }

    /// The problem as a JSON object with the keys `code`, `message`, `routes`, `patterns`,
    /// `position`, `line` and `column` (null when unknown); written with sorted keys.
    public var json: JSONValue {
        .object([
            "code": .string(code),
            "message": .string(message),
            "routes": .array(routes.map { .number(Double($0)) }),
            "patterns": .array(patterns.map { .string($0) }),
            "position": position.map { .number(Double($0)) } ?? .null,
            "line": line.map { .number(Double($0)) } ?? .null,
            "column": column.map { .number(Double($0)) } ?? .null,
        ])
    }
}
