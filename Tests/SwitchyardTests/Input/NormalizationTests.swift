import Testing
import Switchyard

/// DESIGN.md's "From URL to route path" rules, one row per rule.
@Suite struct NormalizationTests {
    static let table = try! RouteTable(
        RouteTableConfiguration(
            schemes: ["shop"], hosts: ["shop.example.com"],
            routes: [
                RouteDefinition("/", name: "home"), RouteDefinition("product/:id", name: "product"),
                RouteDefinition("user/:id"), RouteDefinition("About/Team"), RouteDefinition("search"),
                RouteDefinition("docs/{path...}"), RouteDefinition("n/:n<int>"), RouteDefinition("u/:u<uuid>"),
            ]))

    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var route: String?
        var parameters: [String: String]? = nil
        var testDescription: String { input }
    }

    @Test(arguments: [
        Case(input: "shop:product/1", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "shop://product/1", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "shop:///product/1", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "SHOP://product/1", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "https://shop.example.com/product/1", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "http://shop.example.com/product/1", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "HTTPS://Shop.Example.COM/product/1", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "https://shop.example.com:443/product/1", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "product/1", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "/product/1", route: "product/:id", parameters: ["id": "1"]),
        // Root.
        Case(input: "shop://", route: "/", parameters: [:]),
        Case(input: "shop:", route: "/", parameters: [:]),
        Case(input: "https://shop.example.com/", route: "/", parameters: [:]),
        Case(input: "https://shop.example.com", route: "/", parameters: [:]),
        Case(input: "/", route: "/", parameters: [:]),
        // Split before decoding.
        Case(input: "shop://user/a%2Fb", route: "user/:id", parameters: ["id": "a/b"]),
        Case(input: "shop://user/caf%C3%A9", route: "user/:id", parameters: ["id": "café"]),
        Case(input: "shop://user/café", route: "user/:id", parameters: ["id": "café"]),
        Case(input: "shop://user/a+b", route: "user/:id", parameters: ["id": "a+b"]),
        // Empty segments and a trailing slash are ignored.
        Case(input: "shop://product//1/", route: "product/:id", parameters: ["id": "1"]),
        Case(input: "shop:////product///1//", route: "product/:id", parameters: ["id": "1"]),
        // Case: path segments compare case-sensitively, the first one included.
        Case(input: "shop://About/Team", route: "About/Team", parameters: [:]),
        Case(input: "shop://about/team", route: nil),
        Case(input: "shop://Product/1", route: nil),
        // Rest of path, constraints.
        Case(input: "shop://docs/a/b/c", route: "docs/{path...}", parameters: ["path": "a/b/c"]),
        Case(input: "shop://docs", route: nil),
        Case(input: "shop://n/-12", route: "n/:n<int>", parameters: ["n": "-12"]),
        Case(input: "shop://n/12a", route: nil),
        Case(input: "shop://n/-", route: nil),
        Case(input: "shop://u/3F2504E0-4F89-11D3-9A0C-0305E82C3301", route: "u/:u<uuid>",
             parameters: ["u": "3F2504E0-4F89-11D3-9A0C-0305E82C3301"]),
        Case(input: "shop://u/3f2504e0-4f89-11d3-9a0c-0305e82c3301", route: "u/:u<uuid>",
             parameters: ["u": "3f2504e0-4f89-11d3-9a0c-0305e82c3301"]),
        Case(input: "shop://u/3f2504e0-4f89-11d3-9a0c-0305e82c330", route: nil),
        // `.` and `..` are ordinary segments, never navigation.
        Case(input: "shop://user/..", route: "user/:id", parameters: ["id": ".."]),
        Case(input: "shop://product/../user/1", route: nil),
    ])
    func paths(_ example: Case) throws {
        let link = try Self.table.resolve(example.input)
        #expect(link.route == example.route)
        if example.route != nil { #expect(link.routeParameters == example.parameters) }
        else { #expect(link.routeParameters == nil) }
    }

    /// A trailing slash is ignored whatever the delimiter, so it never
    /// lands in the last segment (`userId = "self/"`) or sends a link to the default route.
    @Test(arguments: [
        ("photofeed://user:self/", "user:{userId}", ["userId": "self"]),
        ("photofeed://user:self//", "user:{userId}", ["userId": "self"]),
        ("photofeed://logout/", "logout", [:]),
        ("photofeed:logout/", "logout", [:]),
        ("user:self/", "user:{userId}", ["userId": "self"]),
        ("https://photofeed.example.com/user:self/", "user:{userId}", ["userId": "self"]),
        ("photofeed://callback/?access_token=abc", "callback", [:]),
        ("photofeed://user:a%2F/", "user:{userId}", ["userId": "a/"]),
    ] as [(String, String, [String: String])])
    func trailingSlashWithAnotherDelimiter(input: String, route: String, parameters: [String: String]) throws {
        let table = try RouteTable(["user:{userId}", "logout", "callback"], schemes: ["photofeed"],
                                   hosts: ["photofeed.example.com"], delimiter: ":")
        let link = try table.resolve(input)
        #expect(link.route == route)
        #expect(link.routeParameters == parameters)
        if input.contains("access_token") { #expect(link.queryParameters["access_token"] == "abc") }
    }

    @Test func caseInsensitiveTables() throws {
        let table = try RouteTable(["About/Team", "product/:id"], schemes: ["shop"], caseSensitive: false)
        #expect(try table.resolve("shop://ABOUT/team").route == "About/Team")
        #expect(try table.resolve("shop://PRODUCT/AbC").routeParameters == ["id": "AbC"])
        #expect(try table.resolve("shop://%41bout/team").route == "About/Team")
    }

    @Test func queryItemsInOrderWithFirstValues() throws {
        let link = try Self.table.resolve("shop://search?q=red+shoes&tag=a&tag=b&flag&eq=b=c&sp=%2B1&&e=")
        #expect(link.queryItems == [
            QueryItem(name: "q", value: "red shoes"), QueryItem(name: "tag", value: "a"),
            QueryItem(name: "tag", value: "b"), QueryItem(name: "flag", value: ""),
            QueryItem(name: "eq", value: "b=c"), QueryItem(name: "sp", value: "+1"), QueryItem(name: "e", value: ""),
        ])
        #expect(link.queryParameters == ["q": "red shoes", "tag": "a", "flag": "", "eq": "b=c", "sp": "+1", "e": ""])
        #expect(try link.bool("flag"))
    }

    @Test func fragmentIsKeptAndDecoded() throws {
        let link = try Self.table.resolve("shop://product/1?x=1#section%202?not=query")
        #expect(link.fragment == "section 2?not=query")
        #expect(link.queryParameters == ["x": "1"])
        let noQuery = try Self.table.resolve("shop://product/1#top")
        #expect(noQuery.queryItems.isEmpty)
        #expect(noQuery.fragment == "top")
        #expect(noQuery.routeParameters == ["id": "1"])
    }

    @Test func linkFields() throws {
        let universal = try Self.table.resolve("https://Shop.Example.com/product/7?ref=a")
        #expect(universal.scheme == "https")
        #expect(universal.host == "shop.example.com")
        #expect(universal.source == .universalLink)
        #expect(universal.path == "product/7")
        #expect(universal.routeName == "product")
        #expect(universal.url == "https://Shop.Example.com/product/7?ref=a")
        let custom = try Self.table.resolve("shop://product/7")
        #expect(custom.host == nil)
        #expect(custom.source == .url)
        let internalLink = try Self.table.resolve("product/7")
        #expect(internalLink.scheme == nil)
        #expect(internalLink.source == .internal)
        #expect(internalLink.queryItems.isEmpty)
        let pushed = try Self.table.resolve("product/7", source: .push)
        #expect(pushed.source == .push)
    }

    @Test func anySchemeWhenTheTableNamesNone() throws {
        let table = try RouteTable(["hello"])
        #expect(try table.resolve("whatever://hello").route == "hello")
        #expect(throws: LinkInputError.self) { try table.resolve("https://example.com/hello") }
    }

    @Test func typedAccessorsFailClearly() throws {
        let link = try Self.table.resolve("shop://product/abc?n=12&u=3F2504E0-4F89-11D3-9A0C-0305E82C3301&b=maybe")
        #expect(try link.string("id") == "abc")
        #expect(try link.int("n") == 12)
        #expect(try link.uuid("u").uuidString == "3F2504E0-4F89-11D3-9A0C-0305E82C3301")
        #expect {
            _ = try link.int("id")
        } throws: { ($0 as? ParameterError)?.description == "parameter 'id' is 'abc', not an integer" }
        #expect {
            _ = try link.string("missing")
        } throws: { ($0 as? ParameterError)?.description == "no parameter 'missing' in route 'product/:id'" }
        #expect {
            _ = try link.bool("b")
        } throws: { ($0 as? ParameterError)?.description == "parameter 'b' is 'maybe', not a Boolean" }
        #expect {
            _ = try link.uuid("n")
        } throws: { ($0 as? ParameterError)?.code == .invalid }
    }
}
