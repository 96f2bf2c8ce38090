import CommandTestSupport
@_spi(SwitchyardService) import Switchyard
import Testing

@Suite struct ResolveCommandTests {
    let shop = Switchyard.shopRoutes

    @Test func matchedInputWritesTheWholeJSONLineInContractOrder() throws {
        let run = try Switchyard.run(["resolve", "--routes", shop, "--json", "shop://product/42?ref=mail&ref=push#top"])
        #expect(run.status == 0, "\(run)")
        #expect(run.standardError == "")
        #expect(
            run.lines == [
                #"{"input":"shop://product/42?ref=mail&ref=push#top","outcome":"matched","route":"product/:id<int>","#
                    + #""name":"product","routeParameters":{"id":"42"},"queryParameters":{"ref":"mail"},"#
                    + #""queryItems":[{"name":"ref","value":"mail"},{"name":"ref","value":"push"}],"fragment":"top","#
                    + #""scheme":"shop","host":null,"plan":[]}"#
            ])
    }

    @Test func defaultOutcomeHasNoRouteButKeepsTheQuery() throws {
        let run = try Switchyard.run(["resolve", "--routes", shop, "--json", "https://shop.example.com/nowhere?q=1"])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.lines == [
                #"{"input":"https://shop.example.com/nowhere?q=1","outcome":"default","route":null,"name":null,"#
                    + #""routeParameters":null,"queryParameters":{"q":"1"},"queryItems":[{"name":"q","value":"1"}],"#
                    + #""fragment":null,"scheme":"https","host":"shop.example.com","plan":null}"#
            ])
    }

    @Test func rejectedOutcomeHasAnErrorLastAndNullLinkFields() throws {
        let run = try Switchyard.run(["resolve", "--routes", shop, "--json", "ftp://files/x"])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.lines == [
                #"{"input":"ftp://files/x","outcome":"rejected","route":null,"name":null,"routeParameters":null,"#
                    + #""queryParameters":null,"queryItems":null,"fragment":null,"scheme":null,"host":null,"plan":null,"#
                    + #""error":{"code":"unknown_scheme","message":"unknown scheme 'ftp' (this table answers: shop)"}}"#
            ])
    }

    @Test(arguments: [
        ("https://evil.example/product/1", "unknown_host"),
        ("shop://product/%G1", "invalid_percent_encoding"),
        ("shop://product/a b", "invalid_character"),
        ("", "empty_input"),
        ("https://user@shop.example.com/cart", "user_info_not_allowed"),
    ])
    func eachRejectionCarriesItsCode(input: String, code: String) throws {
        let run = try Switchyard.run(["resolve", "--routes", shop, "--json", input])
        #expect(run.status == 0, "\(run)")
        let line = try JSONValue.parse(try #require(run.lines.first))
        #expect(line["outcome"] == "rejected")
        #expect(line["input"] == .string(input))
        #expect(line["error"]?["code"] == .string(code))
        #expect(line["error"]?["message"]?.stringValue?.isEmpty == false)
    }

    @Test(
        arguments: [
            ("shop://product/42", "product/:id<int>", "product", ["id": "42"]),
            ("https://shop.example.com/product/7/reviews", "product/:id<int>/reviews", "reviews", ["id": "7"]),
            ("shop://category/shoes", "category/:slug", "category", ["slug": "shoes"]),
            ("shop://docs/guides/returns", "docs/{path...}", "docs", ["path": "guides/returns"]),
            ("shop://", "/", "home", [:]),
            ("https://shop.example.com/about/team", "about/team", nil, [:]),
            ("account/orders/A-17", "account/orders/:orderID", "order", ["orderID": "A-17"]),
        ] as [(String, String, String?, [String: String])])
    func shopRoutesResolve(input: String, route: String, name: String?, parameters: [String: String]) throws {
        let run = try Switchyard.run(["resolve", "--routes", shop, "--json", input])
        #expect(run.status == 0, "\(run)")
        let line = try JSONValue.parse(try #require(run.lines.first))
        #expect(line["outcome"] == "matched")
        #expect(line["route"] == .string(route))
        #expect(line["name"] == (name.map { JSONValue.string($0) } ?? .null))
        #expect(line["routeParameters"] == .object(parameters.mapValues { .string($0) }))
    }

    @Test func dashReadsOneInputPerLineFromStandardInput() throws {
        let input = "shop://cart\n\n   https://shop.example.com/product/5?x=1  \r\nftp://nope\n\t\nshop://nowhere"
        let run = try Switchyard.run(["resolve", "--routes", shop, "--json", "-"], input: input)
        #expect(run.status == 0, "\(run)")
        let lines = try run.lines.map { try JSONValue.parse($0) }
        try #require(lines.count == 4, "\(run)")
        #expect(
            lines.map { $0["input"] } == [
                "shop://cart", "https://shop.example.com/product/5?x=1", "ftp://nope", "shop://nowhere",
            ])
        #expect(lines.map { $0["outcome"] } == ["matched", "matched", "rejected", "default"])
        #expect(lines[1]["queryParameters"] == ["x": "1"])
    }

    @Test func argumentsAndStandardInputKeepTheirOrder() throws {
        let run = try Switchyard.run(
            ["resolve", "--routes", shop, "shop://cart", "-", "shop://account"],
            input: "shop://search?q=red+shoes\n")
        #expect(run.status == 0, "\(run)")
        #expect(
            run.lines == [
                "shop://cart  →  cart{CartScreen}! (cart)  plan: modal CartScreen",
                "shop://search?q=red+shoes  →  search (search)  ?q=red shoes",
                "shop://account  →  account{AccountScreen} (account)  plan: push AccountScreen",
            ])
    }

    @Test func readableLinesForEveryOutcome() throws {
        let run = try Switchyard.run([
            "resolve", "--routes", shop, "shop://product/42?ref=mail", "https://shop.example.com/legal/terms#top",
            "shop://nowhere", "ftp://x",
        ])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.lines == [
                "shop://product/42?ref=mail  →  product/:id<int> (product)  {id: 42}  ?ref=mail",
                "https://shop.example.com/legal/terms#top  →  legal/terms (terms)  #top",
                "shop://nowhere  →  default route",
                "ftp://x  →  REJECTED  unknown scheme 'ftp' (this table answers: shop)  [unknown_scheme]",
            ])
    }

    @Test func aTableWithProblemsIsAnErrorNamingEachOne() throws {
        let directory = try TemporaryDirectory()
        try directory.write("routes.json", #"{"routes": ["a/:id", "a/{x}", "bad/:"]}"#)
        let run = try Switchyard.run(["resolve", "--routes", "routes.json", "a/1"], in: directory.url)
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(
            run.standardError == """
                switchyard: error: routes.json: routes 1 and 2: conflict: 'a/:id' and 'a/{x}' match the same URLs
                switchyard: error: routes.json: route 3: empty parameter name at 5 in 'bad/:'

                """)
    }

    @Test func unreadableFilesAreOneClearError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("broken.json", "{\"routes\": [\n  \"a\" \"b\"\n]}")
        let cases = [
            ("missing.json", "switchyard: error: missing.json: cannot read file: No such file or directory\n"),
            (".", "switchyard: error: .: cannot read file: Is a directory\n"),
            (
                "broken.json",
                "switchyard: error: broken.json: line 2, column 7: expected ',' or ']' after array element\n"
            ),
        ]
        for (file, message) in cases {
            let run = try Switchyard.run(["resolve", "--routes", file, "x"], in: directory.url)
            #expect(run.status == 1, "\(run)")
            #expect(run.standardOutput == "")
            #expect(run.standardError == message)
        }
    }

    @Test func usageMistakesExitWith64() throws {
        let noInput = try Switchyard.run(["resolve", "--routes", shop])
        #expect(noInput.status == 64)
        #expect(noInput.standardError.contains("Give at least one URL, or '-' to read URLs from standard input."))
        let noTable = try Switchyard.run(["resolve", "shop://cart"])
        #expect(noTable.status == 64)
        #expect(noTable.standardError.contains("Missing expected argument '--routes <file>'"))
    }
}
