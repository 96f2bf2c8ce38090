public import Switchyard
public import Testing

// The same expectations over a configuration or a route-table file: the table is compiled for the
// call, and a table that does not compile (or a file that does not load) is itself recorded as an issue.

/// Expects `url` to open `route` in the table `configuration` compiles to.
///
/// ```swift
/// expectRoute("shop://product/42", in: configuration, opens: "product", parameters: ["id": "42"])
/// ```
@discardableResult
public func expectRoute(
    _ url: String, in configuration: RouteTableConfiguration, constraints: [ParameterConstraint] = [],
    opens route: String, parameters: [String: String]? = nil, query: [String: String]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) -> DeepLink? {
    guard let table = TableLoading.table(configuration, constraints, sourceLocation, file, line) else { return nil }
    let (link, failure) = RouteExpectation.route(url, in: table, opens: route, parameters: parameters, query: query)
    RouteExpectation.record(failure, sourceLocation, file, line)
    return link
}

/// Expects `url` to open no route in the table `configuration` compiles to.
public func expectUnmatched(
    _ url: String, in configuration: RouteTableConfiguration, constraints: [ParameterConstraint] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let table = TableLoading.table(configuration, constraints, sourceLocation, file, line) else { return }
    RouteExpectation.record(RouteExpectation.unmatched(url, in: table), sourceLocation, file, line)
}

/// Expects the table `configuration` compiles to to reject `url`, with `code` when one is given.
public func expectRejected(
    _ url: String, in configuration: RouteTableConfiguration, constraints: [ParameterConstraint] = [],
    code: LinkInputError.Code? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let table = TableLoading.table(configuration, constraints, sourceLocation, file, line) else { return }
    RouteExpectation.record(RouteExpectation.rejected(url, in: table, code: code), sourceLocation, file, line)
}

/// Expects `url` to open `route` in the route-table file at `path` (see ``RouteTableFile``).
///
/// ```swift
/// expectRoute("https://shop.example.com/product/42", inRouteTableFile: "routes.json", opens: "product")
/// ```
@discardableResult
public func expectRoute(
    _ url: String, inRouteTableFile path: String, constraints: [ParameterConstraint] = [], opens route: String,
    parameters: [String: String]? = nil, query: [String: String]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) -> DeepLink? {
    guard let table = TableLoading.table(file: path, constraints, sourceLocation, file, line) else { return nil }
    let (link, failure) = RouteExpectation.route(url, in: table, opens: route, parameters: parameters, query: query)
    RouteExpectation.record(failure, sourceLocation, file, line)
    return link
}

/// Expects `url` to open no route in the route-table file at `path`.
public func expectUnmatched(
    _ url: String, inRouteTableFile path: String, constraints: [ParameterConstraint] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let table = TableLoading.table(file: path, constraints, sourceLocation, file, line) else { return }
    RouteExpectation.record(RouteExpectation.unmatched(url, in: table), sourceLocation, file, line)
}

/// Expects the route-table file at `path` to reject `url`, with `code` when one is given.
public func expectRejected(
    _ url: String, inRouteTableFile path: String, constraints: [ParameterConstraint] = [],
    code: LinkInputError.Code? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let table = TableLoading.table(file: path, constraints, sourceLocation, file, line) else { return }
    RouteExpectation.record(RouteExpectation.rejected(url, in: table, code: code), sourceLocation, file, line)
}

/// Compiles tables for the expectations, recording what stops them.
enum TableLoading {
    static func table(_ configuration: RouteTableConfiguration, _ constraints: [ParameterConstraint],
                      _ sourceLocation: SourceLocation, _ file: StaticString, _ line: UInt) -> RouteTable? {
        do {
            return try RouteTable(configuration, constraints: constraints)
        } catch {
            RouteExpectation.record("the route table does not compile: \(error.description)", sourceLocation, file, line)
            return nil
        }
    }

    static func table(file path: String, _ constraints: [ParameterConstraint],
                      _ sourceLocation: SourceLocation, _ file: StaticString, _ line: UInt) -> RouteTable? {
        do {
            return table(try RouteTableFile.load(path: path), constraints, sourceLocation, file, line)
        } catch {
            RouteExpectation.record("the route-table file does not load: \(error.description)", sourceLocation, file, line)
            return nil
        }
    }
}
