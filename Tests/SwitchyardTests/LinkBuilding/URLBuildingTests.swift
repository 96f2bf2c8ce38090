import Testing
@testable import Switchyard

@Suite struct URLBuildingTests {
    static let table = try! RouteTable(  // force-try: a fixed table the suite is about
        RouteTableConfiguration(
            schemes: ["shop"], hosts: ["shop.example.com"],
            routes: [
                RouteDefinition("/", name: "home"),
                RouteDefinition("product/:id<int>", name: "product"),
                RouteDefinition("item/:slug"),
                RouteDefinition("item/featured"),
                RouteDefinition("docs/{path...}", name: "docs"),
                RouteDefinition("user/:id(/:tab)", name: "user"),
                RouteDefinition("any/*"),
                RouteDefinition("order/:id<uuid>"),
                RouteDefinition("list{ListScreen}/:itemID{DetailScreen}", name: "detail"),
                RouteDefinition("caf%C3%A9/menu"),
            ]))

    @Test(arguments: [
        ("product", ["id": "42"], nil, nil, "product/42"),
        ("product", ["id": "42"], "shop", nil, "shop://product/42"),
        ("product", ["id": "-7"], nil, "shop.example.com", "https://shop.example.com/product/-7"),
        ("product/:id<int>", ["id": "42"], "SHOP", nil, "SHOP://product/42"),
        ("home", [:], nil, nil, "/"),
        ("/", [:], "shop", nil, "shop://"),
        ("home", [:], nil, "shop.example.com", "https://shop.example.com/"),
        ("item/:slug", ["slug": "a b/c%d?e#f+g"], nil, nil, "item/a%20b%2Fc%25d%3Fe%23f%2Bg"),
        ("item/:slug", ["slug": "café"], nil, nil, "item/caf%C3%A9"),
        ("item/:slug", ["slug": "a:b,c;d=e&f@g"], nil, nil, "item/a%3Ab,c;d=e&f@g"),
        ("docs", ["path": "guide/intro page"], "shop", nil, "shop://docs/guide/intro%20page"),
        ("user", ["id": "7"], nil, nil, "user/7"),
        ("user", ["id": "7", "tab": "likes"], nil, nil, "user/7/likes"),
        ("any/*", ["*": "anything"], nil, nil, "any/anything"),
        ("order/:id<uuid>", ["id": "0A1B2C3D-0000-4000-8000-00000000000f"], nil, nil,
         "order/0A1B2C3D-0000-4000-8000-00000000000f"),
        ("detail", ["itemID": "3"], nil, nil, "list/3"),
        ("caf%C3%A9/menu", [:], nil, nil, "caf%C3%A9/menu"),
    ] as [(String, [String: String], String?, String?, String)])
    func builds(route: String, parameters: [String: String], scheme: String?, host: String?, expected: String) throws {
        let url = try Self.table.url(for: route, parameters: parameters, scheme: scheme, host: host)
        #expect(url == expected)
        let link = try Self.table.resolve(url)
        #expect(link.route == Self.table.route(route)?.text)
        var withoutWildcard = parameters
        withoutWildcard["*"] = nil
        #expect(link.routeParameters == withoutWildcard)
    }

    @Test func queryAndFragment() throws {
        let url = try Self.table.url(
            for: "product", parameters: ["id": "1"],
            query: [QueryItem(name: "q", value: "a b&c=d+e#f"), QueryItem(name: "flag", value: ""),
                    QueryItem(name: "q", value: "two"), QueryItem(name: "é", value: "/?:@")],
            fragment: "top #1+2", scheme: "shop")
        #expect(url == "shop://product/1?q=a%20b%26c%3Dd%2Be%23f&flag&q=two&%C3%A9=/?:@#top%20%231+2")
        let link = try Self.table.resolve(url)
        #expect(link.queryItems == [QueryItem(name: "q", value: "a b&c=d+e#f"), QueryItem(name: "flag", value: ""),
                                    QueryItem(name: "q", value: "two"), QueryItem(name: "é", value: "/?:@")])
        #expect(link.fragment == "top #1+2")
    }

    @Test func urnDelimiter() throws {
        let table = try RouteTable(["post:{postId}", "post:new", "feed:{rest...}"], delimiter: ":")
        #expect(try table.url(for: "post:{postId}", parameters: ["postId": "BYOkwgXnwr3"]) == "post:BYOkwgXnwr3")
        #expect(try table.url(for: "post:{postId}", parameters: ["postId": "a:b/c"]) == "post:a%3Ab%2Fc")
        #expect(try table.url(for: "feed:{rest...}", parameters: ["rest": "a:b"], scheme: "photo") == "photo://feed:a:b")
        #expect(try table.resolve("post:a%3Ab%2Fc").routeParameters == ["postId": "a:b/c"])
    }

    @Test(arguments: [
        ("nope", [:], nil, nil, LinkBuildError.Code.unknownRoute, "no route named or patterned 'nope'"),
        ("product", [:], nil, nil, .missingParameter, "missing parameter 'id' for route 'product/:id<int>'"),
        ("product", ["id": "1", "extra": "x"], nil, nil, .unknownParameter,
         "unknown parameter 'extra' for route 'product/:id<int>'"),
        ("product", ["id": ""], nil, nil, .emptyValue, "parameter 'id' is empty in route 'product/:id<int>'"),
        ("product", ["id": "abc"], nil, nil, .constraintViolation,
         "parameter 'id' is 'abc', which does not satisfy <int> in 'product/:id<int>'"),
        ("order/:id<uuid>", ["id": "42"], nil, nil, .constraintViolation,
         "parameter 'id' is '42', which does not satisfy <uuid> in 'order/:id<uuid>'"),
        ("item/:slug", ["slug": "featured"], nil, nil, .shadowed,
         "the built URL 'item/featured' opens 'item/featured' instead of 'item/:slug'"),
        ("item/:slug", ["slug": "featured"], "shop", nil, .shadowed,
         "the built URL 'shop://item/featured' opens 'item/featured' instead of 'item/:slug'"),
        ("any/*", [:], nil, nil, .missingParameter, "missing parameter '*' (the wildcard's value) for route 'any/*'"),
        ("docs", ["path": "a//b"], nil, nil, .emptySegment,
         "parameter 'path' is 'a//b', which has an empty segment, in 'docs/{path...}'"),
        ("docs", ["path": "a/"], nil, nil, .emptySegment,
         "parameter 'path' is 'a/', which has an empty segment, in 'docs/{path...}'"),
        ("user", ["tab": "likes"], nil, nil, .missingParameter, "missing parameter 'id' for route 'user/:id(/:tab)'"),
        ("item/:slug", ["slug": "a\nb"], nil, nil, .invalidValue,
         "parameter 'slug' holds the control character U+000A, which a link cannot carry"),
        ("product", ["id": "1"], "shop", "shop.example.com", .schemeAndHost, "give a scheme or a host, not both"),
        ("product", ["id": "1"], "mall", nil, .invalidScheme, "scheme 'mall' is not a scheme of this table (it answers: shop)"),
        ("product", ["id": "1"], "https", nil, .invalidScheme,
         "scheme 'https' is for universal links: name the host instead"),
        ("product", ["id": "1"], nil, "evil.example.com", .unknownHost,
         "host 'evil.example.com' is not a universal-link host of this table"),
    ] as [(String, [String: String], String?, String?, LinkBuildError.Code, String)])
    func errors(route: String, parameters: [String: String], scheme: String?, host: String?,
                code: LinkBuildError.Code, message: String) {
        #expect {
            _ = try Self.table.url(for: route, parameters: parameters, scheme: scheme, host: host)
        } throws: { error in
            let error = error as! LinkBuildError
            return error.code == code && error.message == message && error.description == message
        }
    }

    @Test func shadowedNamesTheOpenedRoute() {
        let error = #expect(throws: LinkBuildError.self) {
            try Self.table.url(for: "item/:slug", parameters: ["slug": "featured"])
        }
        #expect(error?.route == "item/:slug")
        #expect(error?.openedRoute == "item/featured")
    }

    @Test func noFormTakesTheParameters() throws {
        let table = try RouteTable(["x(/:a/:b)"])
        #expect(try table.url(for: "x(/:a/:b)") == "x")
        #expect(try table.url(for: "x(/:a/:b)", parameters: ["a": "1", "b": "2"]) == "x/1/2")
        let error = #expect(throws: LinkBuildError.self) { try table.url(for: "x(/:a/:b)", parameters: ["a": "1"]) }
        #expect(error?.message == "no form of 'x(/:a/:b)' takes exactly the parameters 'a'")
    }

    @Test func schemesAreFreeWhenTheTableListsNone() throws {
        let table = try RouteTable(["a/:b"])
        #expect(try table.url(for: "a/:b", parameters: ["b": "1"], scheme: "any") == "any://a/1")
        let error = #expect(throws: LinkBuildError.self) { try table.url(for: "a/:b", parameters: ["b": "1"], scheme: "1x") }
        #expect(error?.message == "invalid scheme '1x': a scheme is a letter followed by letters, digits, '+', '-' or '.'")
    }

    @Test func customConstraint() throws {
        let coupon = ParameterConstraint("coupon") { $0.hasPrefix("SAVE") }
        let table = try RouteTable(["coupon/:code<coupon>"], constraints: [coupon])
        #expect(try table.url(for: "coupon/:code<coupon>", parameters: ["code": "SAVE10"]) == "coupon/SAVE10")
        let error = #expect(throws: LinkBuildError.self) {
            try table.url(for: "coupon/:code<coupon>", parameters: ["code": "FREE"])
        }
        #expect(error?.message == "parameter 'code' is 'FREE', which does not satisfy <coupon> in 'coupon/:code<coupon>'")
    }

    @Test func sameRouteOtherParametersIsShadowed() throws {
        // A rest value whose pieces spell a more specific route opens that route instead.
        let table = try RouteTable(["p/{rest...}", "p/:x/q"])
        let error = #expect(throws: LinkBuildError.self) {
            try table.url(for: "p/{rest...}", parameters: ["rest": "a/q"])
        }
        #expect(error?.message == "the built URL 'p/a/q' opens 'p/:x/q' instead of 'p/{rest...}'")
        #expect(error?.openedRoute == "p/:x/q")
    }

    @Test func rebuildsResolvedLinks() throws {
        let inputs = [
            "shop://product/42?ref=mail#top", "https://shop.example.com/docs/a/b%20c", "shop://any/anything",
            "shop://list", "shop://list/9", "shop://user/7/likes", "shop://caf%C3%A9/menu", "shop://",
        ]
        for input in inputs {
            let link = try Self.table.resolve(input)
            for (scheme, host) in [(nil, nil), ("shop", nil), (nil, "shop.example.com")] as [(String?, String?)] {
                let url = try Self.table.url(for: link, scheme: scheme, host: host)
                let again = try Self.table.resolve(url)
                #expect(again.route == link.route, "\(input) → \(url)")
                #expect(again.routeParameters == link.routeParameters, "\(input) → \(url)")
                #expect(again.queryItems == link.queryItems)
                #expect(again.fragment == link.fragment)
                #expect(again.matchedForm?.length == link.matchedForm?.length)
            }
        }
        #expect(try Self.table.url(for: Self.table.resolve("shop://list"), scheme: "shop") == "shop://list")
        #expect(try Self.table.url(for: Self.table.resolve("shop://product/42?ref=mail#top"), host: "shop.example.com")
            == "https://shop.example.com/product/42?ref=mail#top")
    }

    @Test func unmatchedLinkCannotBeRebuilt() throws {
        let link = try Self.table.resolve("shop://nowhere/at/all")
        let error = #expect(throws: LinkBuildError.self) { try Self.table.url(for: link) }
        #expect(error?.code == .unmatchedLink)
        #expect(error?.message == "the link 'shop://nowhere/at/all' matched no route")
    }

    @Test func codesHaveStableNames() {
        #expect(LinkBuildError.Code.shadowed.description == "shadowed")
        #expect(LinkBuildError.Code.missingParameter.description == "missing_parameter")
        #expect(LinkBuildError.Code.constraintViolation.description == "constraint_violation")
    }
}
