import Foundation
import Switchyard
@testable import SwitchyardTesting
import Testing

@Suite struct RouteExpectationTests {
    static let configuration = RouteTableConfiguration(
        schemes: ["shop"], hosts: ["shop.example.com"],
        routes: [RouteDefinition("product/:id<int>", name: "product"), RouteDefinition("a/:b"), RouteDefinition("c")])
    static let table = try! RouteTable(configuration)  // force-try: the fixed table the suite is about

    @Test func rightExpectationsRecordNothing() {
        let link = expectRoute("shop://product/42?ref=mail", in: Self.table, opens: "product",
                               parameters: ["id": "42"], query: ["ref": "mail"])
        #expect(link?.routeParameters == ["id": "42"])
        expectRoute("https://shop.example.com/a/x", in: Self.table, opens: "a/:b", parameters: ["b": "x"])
        expectRoute("shop://c", in: Self.table, opens: "c", parameters: [:], query: [:])
        expectUnmatched("shop://nowhere", in: Self.table)
        expectRejected("https://evil.example.com/c", in: Self.table)
        expectRejected("https://evil.example.com/c", in: Self.table, code: .unknownHost)
    }

    @Test(arguments: [
        ("shop://a/x", "c", nil, nil, "'shop://a/x' opened 'a/:b' with [b: x], expected 'c'"),
        ("shop://a/x", "a/:b", ["b": "y"], nil, "'shop://a/x' opened 'a/:b' with [b: x], expected [b: y]"),
        ("shop://c?q=1", "c", nil, ["q": "2"], "'shop://c?q=1' has the query [q: 1], expected [q: 2]"),
        ("shop://nowhere", "c", nil, nil, "'shop://nowhere' opened no route, expected 'c'"),
        ("mall://c", "c", nil, nil,
         "'mall://c' was rejected (unknown_scheme: unknown scheme 'mall' (this table answers: shop)), expected it to open 'c'"),
    ] as [(String, String, [String: String]?, [String: String]?, String)])
    func wrongRouteExpectationRecordsAnIssue(url: String, route: String, parameters: [String: String]?,
                                             query: [String: String]?, message: String) {
        withKnownIssue {
            expectRoute(url, in: Self.table, opens: route, parameters: parameters, query: query)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [message]
        }
    }

    @Test(arguments: [
        ("shop://a/x", "'shop://a/x' opened 'a/:b' with [b: x], expected no route"),
        ("shop://a x", "'shop://a x' was rejected (invalid_character: raw space (write %20) at 9), expected it to open no route"),
    ])
    func wrongUnmatchedExpectationRecordsAnIssue(url: String, message: String) {
        withKnownIssue {
            expectUnmatched(url, in: Self.table)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [message]
        }
    }

    @Test(arguments: [
        ("shop://c", nil, "'shop://c' opened 'c' with [:], expected a rejection"),
        ("shop://zzz", LinkInputError.Code.unknownHost, "'shop://zzz' opened no route (the default route), expected a rejection (unknown_host)"),
        ("mall://c", .unknownHost,
         "'mall://c' was rejected with unknown_scheme (unknown scheme 'mall' (this table answers: shop)), expected unknown_host"),
    ] as [(String, LinkInputError.Code?, String)])
    func wrongRejectionExpectationRecordsAnIssue(url: String, code: LinkInputError.Code?, message: String) {
        withKnownIssue {
            expectRejected(url, in: Self.table, code: code)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [message]
        }
    }

    @Test func issuesPointAtTheCallersLine() {
        let line = #_sourceLocation.line + 2
        withKnownIssue {
            expectRoute("shop://c", in: Self.table, opens: "a/:b")
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "RouteExpectationTests.swift"
        }
    }

    @Test func configurationVariants() {
        expectRoute("shop://product/7", in: Self.configuration, opens: "product/:id<int>", parameters: ["id": "7"])
        expectUnmatched("shop://product/x", in: Self.configuration)
        expectRejected("shop://product/%ZZ", in: Self.configuration, code: .invalidPercentEncoding)
        withKnownIssue {
            expectRoute("shop://product/x", in: Self.configuration, opens: "product")
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["'shop://product/x' opened no route, expected 'product'"]
        }
        let broken = RouteTableConfiguration(routes: [RouteDefinition("a/:x"), RouteDefinition("a/:y")])
        withKnownIssue {
            expectRoute("a/1", in: broken, opens: "a/:x")
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["the route table does not compile: conflict: 'a/:x' and 'a/:y' match the same URLs"]
        }
    }

    @Test func routeTableFileVariants() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("routes.json").path
        try Data(#"{"schemes": ["shop"], "routes": [{"pattern": "product/:id", "name": "product"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        expectRoute("shop://product/7", inRouteTableFile: path, opens: "product", parameters: ["id": "7"])
        expectUnmatched("shop://other", inRouteTableFile: path)
        expectRejected("mall://product/7", inRouteTableFile: path, code: .unknownScheme)
        withKnownIssue {
            expectUnmatched("shop://product/7", inRouteTableFile: path)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["'shop://product/7' opened 'product/:id' with [id: 7], expected no route"]
        }
        let missing = directory.appendingPathComponent("missing.json").path
        withKnownIssue {
            expectRoute("shop://product/7", inRouteTableFile: missing, opens: "product")
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("the route-table file does not load: ") == true
                && issue.comments.first?.rawValue.contains("missing.json") == true
        }
    }
}
