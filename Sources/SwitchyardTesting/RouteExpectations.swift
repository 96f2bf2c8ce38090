public import Switchyard
@_exported public import Testing  // #_sourceLocation, the default of every expectation, for XCTest files too
#if canImport(XCTest)
import XCTest
#endif

/// Expects `url` to open `route` (a name or a pattern) in `table`, and records an issue at the
/// caller's line when it does not.
///
/// ```swift
/// @Test func productLinks() throws {
///     let table = try RouteTable(["product/:id<int>"], schemes: ["shop"])
///     expectRoute("shop://product/42?ref=mail", in: table, opens: "product/:id<int>",
///                 parameters: ["id": "42"], query: ["ref": "mail"])
/// }
/// ```
///
/// - Parameters:
///   - parameters: when given, the route parameters must be exactly these.
///   - query: when given, the query parameters (first value of each name) must be exactly these.
/// - Returns: the resolved link, or nil when the input was rejected.
@discardableResult
public func expectRoute(
    _ url: String, in table: RouteTable, opens route: String, parameters: [String: String]? = nil,
    query: [String: String]? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) -> DeepLink? {
    let (link, failure) = RouteExpectation.route(url, in: table, opens: route, parameters: parameters, query: query)
    RouteExpectation.record(failure, sourceLocation, file, line)
    return link
}

/// Expects `url` to be read by `table` but to match no route (it goes to the default route).
///
/// ```swift
/// expectUnmatched("shop://nowhere", in: table)
/// ```
public func expectUnmatched(_ url: String, in table: RouteTable, sourceLocation: SourceLocation = #_sourceLocation,
                            file: StaticString = #filePath, line: UInt = #line) {
    RouteExpectation.record(RouteExpectation.unmatched(url, in: table), sourceLocation, file, line)
}

/// Expects `table` to reject `url` (an unknown host, a raw space, bad percent-encoding, ...),
/// with `code` when one is given.
///
/// ```swift
/// expectRejected("https://evil.example.com/product/1", in: table, code: .unknownHost)
/// ```
public func expectRejected(
    _ url: String, in table: RouteTable, code: LinkInputError.Code? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    file: StaticString = #filePath, line: UInt = #line
) {
    RouteExpectation.record(RouteExpectation.rejected(url, in: table, code: code), sourceLocation, file, line)
}

/// The checks behind the expectations: each returns the failure message, or nil when the
/// expectation holds.
enum RouteExpectation {
    /// Where failures outside a Swift Testing test go instead of `XCTFail` (the suite that checks
    /// the XCTest path sets it).
    @TaskLocal static var xcTestRecorder: (@Sendable (String) -> Void)?

    /// Records a failure at the caller's line: as an issue inside a Swift Testing test, else (an
    /// XCTest test case) as an XCTest failure.
    static func record(_ failure: String?, _ sourceLocation: SourceLocation, _ file: StaticString, _ line: UInt) {
        guard let failure else { return }
        #if canImport(XCTest)
        if Test.current == nil {
            if let recorder = xcTestRecorder { recorder(failure) } else { XCTFail(failure, file: file, line: line) }
            return
        }
        #endif
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }

    static func route(
        _ url: String, in table: RouteTable, opens route: String, parameters: [String: String]?,
        query: [String: String]?
    ) -> (DeepLink?, String?) {
        let link: DeepLink
        do {
            link = try table.resolve(url)
        } catch {
            return (nil, "'\(url)' was rejected (\(error.code): \(error.message)), expected it to open '\(route)'")
        }
        guard let opened = link.route, let actual = link.routeParameters else {
            return (link, "'\(url)' opened no route, expected '\(route)'")
        }
        if opened != route && link.routeName != route {
            return (link, "'\(url)' opened '\(opened)' with \(describe(actual)), expected '\(route)'")
        }
        if let parameters, parameters != actual {
            return (link, "'\(url)' opened '\(opened)' with \(describe(actual)), expected \(describe(parameters))")
        }
        if let query, query != link.queryParameters {
            return (link, "'\(url)' has the query \(describe(link.queryParameters)), expected \(describe(query))")
        }
        return (link, nil)
    }

    static func unmatched(_ url: String, in table: RouteTable) -> String? {
        let link: DeepLink
        do {
            link = try table.resolve(url)
        } catch {
            return "'\(url)' was rejected (\(error.code): \(error.message)), expected it to open no route"
        }
        guard let opened = link.route else { return nil }
        return "'\(url)' opened '\(opened)' with \(describe(link.routeParameters ?? [:])), expected no route"
    }

    static func rejected(_ url: String, in table: RouteTable, code: LinkInputError.Code?) -> String? {
        let expected = code.map { "a rejection (\($0))" } ?? "a rejection"
        do {
            let link = try table.resolve(url)
            if let opened = link.route {
                return "'\(url)' opened '\(opened)' with \(describe(link.routeParameters ?? [:])), expected \(expected)"
            }
            return "'\(url)' opened no route (the default route), expected \(expected)"
        } catch {
            if let code, error.code != code {
                return "'\(url)' was rejected with \(error.code) (\(error.message)), expected \(code)"
            }
            return nil
        }
    }

    /// `[a: 1, b: 2]`, keys sorted.
    static func describe(_ values: [String: String]) -> String {
        if values.isEmpty { return "[:]" }
        return "[" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
