import CommandTestSupport
@_spi(SwitchyardService) import Switchyard
import Testing

@Suite struct RoutesCheckCommandTests {
    @Test func theShopExampleHasNoProblems() throws {
        let run = try Switchyard.run(["routes", "check", "--routes", Switchyard.shopRoutes])
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == ["\(Switchyard.shopRoutes): 13 routes, no problems"])
        #expect(run.standardError == "")
    }

    @Test func theShopExampleAsJSON() throws {
        let run = try Switchyard.run(["routes", "check", "--routes", Switchyard.shopRoutes, "--json"])
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == [#"{"file":"\#(Switchyard.shopRoutes)","valid":true,"routeCount":13,"problems":[]}"#])
    }

    @Test(arguments: [
        (
            #"{"routes": ["about", "bad/:"]}"#,
            ["routes.json: route 2: empty parameter name at 5 in 'bad/:'", "routes.json: 2 routes, 1 problem"]
        ),
        (
            #"{"routes": ["product/:id", "x", "product/{pid}"]}"#,
            [
                "routes.json: routes 1 and 3: conflict: 'product/:id' and 'product/{pid}' match the same URLs",
                "routes.json: 3 routes, 1 problem",
            ]
        ),
        (
            #"{"routes": ["p/:id<nope>"]}"#,
            [
                "routes.json: route 1: unknown constraint 'nope' at 3 in 'p/:id<nope>'",
                "routes.json: 1 route, 1 problem",
            ]
        ),
        (
            #"{"routes": [{"patern": "a"}]}"#,
            [
                "routes.json: route 1: unknown key 'patern' (expected one of: pattern, name, webOnly, defaults, allowedParameters, container, root, presenter, formerNames, since)",
                "routes.json: 1 problem",
            ]
        ),
        (
            #"{"routes": ["a"], "hosts": 3}"#,
            ["routes.json: 'hosts' must be an array of strings", "routes.json: 1 problem"]
        ),
        (
            "{\"routes\": [\n  \"a\",\n  \"b\" \"c\"\n]}",
            ["routes.json: line 3, column 7: expected ',' or ']' after array element", "routes.json: 1 problem"]
        ),
    ])
    func eachProblemIsOneLineNamingFileAndRoute(file: String, expected: [String]) throws {
        let directory = try TemporaryDirectory()
        try directory.write("routes.json", file)
        let run = try Switchyard.run(["routes", "check", "--routes", "routes.json"], in: directory.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.lines == expected)
        #expect(run.standardError == "")
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let directory = try TemporaryDirectory()
        try directory.write("routes.json", #"{"routes": ["a/:id", "bad/:", "a/{x}", "b/:id<int", "a/*"]}"#)
        let run = try Switchyard.run(["routes", "check", "--routes", "routes.json"], in: directory.url)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.lines == [
                "routes.json: route 2: empty parameter name at 5 in 'bad/:'",
                "routes.json: routes 1 and 3: conflict: 'a/:id' and 'a/{x}' match the same URLs",
                "routes.json: route 4: unclosed '<' at 6 in 'b/:id<int'",
                "routes.json: routes 1 and 5: conflict: 'a/:id' and 'a/*' match the same URLs",
                "routes.json: 5 routes, 4 problems",
            ])
    }

    @Test func missingFileAndDirectory() throws {
        let directory = try TemporaryDirectory()
        let missing = try Switchyard.run(["routes", "check", "--routes", "nope.json"], in: directory.url)
        #expect(missing.status == 1)
        #expect(missing.lines == ["nope.json: cannot read file: No such file or directory", "nope.json: 1 problem"])
        let folder = try Switchyard.run(["routes", "check", "--routes", "."], in: directory.url)
        #expect(folder.status == 1)
        #expect(folder.lines == [".: cannot read file: Is a directory", ".: 1 problem"])
    }

    @Test func problemsAsJSON() throws {
        let directory = try TemporaryDirectory()
        try directory.write("routes.json", #"{"routes": ["a/:id", "bad/:", "a/{x}"]}"#)
        let run = try Switchyard.run(["routes", "check", "--routes", "routes.json", "--json"], in: directory.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.lines.count == 1)
        let result = try JSONValue.parse(try #require(run.lines.first))
        #expect(result["file"] == "routes.json")
        #expect(result["valid"] == false)
        #expect(result["routeCount"] == 3)
        #expect(
            result["problems"] == [
                [
                    "code": "syntax", "message": "empty parameter name at 5 in 'bad/:'", "routes": [2],
                    "patterns": ["bad/:"], "position": 5, "line": .null, "column": .null,
                ],
                [
                    "code": "conflict", "message": "conflict: 'a/:id' and 'a/{x}' match the same URLs",
                    "routes": [1, 3],
                    "patterns": ["a/:id", "a/{x}"], "position": .null, "line": .null, "column": .null,
                ],
            ])
    }

    @Test func invalidJSONAsJSONNamesLineAndColumn() throws {
        let directory = try TemporaryDirectory()
        try directory.write("routes.json", "{\"routes\": [\n  \"a\",\n  \"b\" \"c\"\n]}")
        let run = try Switchyard.run(["routes", "check", "--routes", "routes.json", "--json"], in: directory.url)
        #expect(run.status == 1, "\(run)")
        let result = try JSONValue.parse(try #require(run.lines.first))
        #expect(result["routeCount"] == .null)
        #expect(result["problems"]?[0]?["code"] == "invalid_json")
        #expect(result["problems"]?[0]?["line"] == 3)
        #expect(result["problems"]?[0]?["column"] == 7)
    }
}
