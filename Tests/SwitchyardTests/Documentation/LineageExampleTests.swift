import Testing
import Switchyard

/// Every example the lineage documents (Turnpike, Compass, WAAppRouting, HOKO), resolved.
@Suite struct LineageExampleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var route: String?
        var parameters: [String: String]?
        var query: [String: String] = [:]
        var testDescription: String { input }
    }

    static let turnpike = try! RouteTable(
        ["product/:product_id", "user/:user_id/profile/:page_number", "about/team", "hello", "tab/:tab_name"],
        schemes: ["com.urx.TestApp", "urxshop"])

    @Test(arguments: [
        Case(input: "product/1988", route: "product/:product_id", parameters: ["product_id": "1988"]),
        Case(input: "urxshop://product/1988", route: "product/:product_id", parameters: ["product_id": "1988"]),
        Case(input: "urxshop://user/32/profile/2", route: "user/:user_id/profile/:page_number",
             parameters: ["user_id": "32", "page_number": "2"]),
        Case(input: "urxshop://about/team", route: "about/team", parameters: [:]),
        Case(input: "com.urx.TestApp:hello", route: "hello", parameters: [:]),
        Case(input: "com.urx.TestApp://hello", route: "hello", parameters: [:]),
        Case(input: "com.urx.TestApp:///hello", route: "hello", parameters: [:]),
        Case(input: "COM.URX.TESTAPP:hello", route: "hello", parameters: [:]),
        Case(input: "urxshop://tab/Home", route: "tab/:tab_name", parameters: ["tab_name": "Home"]),
        // The default route's link: nil route, nil parameters, parsed query parameters.
        Case(input: "urxshop://unknown/place?coupon_id=SAVE20", route: nil, parameters: nil,
             query: ["coupon_id": "SAVE20"]),
    ])
    func turnpikeRoutes(_ example: Case) throws {
        let link = try Self.turnpike.resolve(example.input)
        #expect(link.route == example.route)
        #expect(link.routeParameters == example.parameters)
        #expect(link.queryParameters == example.query)
    }

    @Test func hokoProductWithReferrer() throws {
        let table = try RouteTable(["products/:product_id"], schemes: ["hoko"])
        let link = try table.resolve("hoko://products/42?referrer=hokolinks.com")
        #expect(link.route == "products/:product_id")
        #expect(link.routeParameters == ["product_id": "42"])
        #expect(link.queryParameters == ["referrer": "hokolinks.com"])
        #expect(try link.int("product_id") == 42)
        #expect(link.scheme == "hoko")
        #expect(link.source == .url)
    }

    static let compass = try! RouteTable(
        ["post:{postId}", "comment:{postId}", "user:{userId}", "follower:{userId}", "likes:{mediaId}", "logout"],
        schemes: ["photofeed"], delimiter: ":")

    @Test(arguments: [
        Case(input: "post:BYOkwgXnwr3", route: "post:{postId}", parameters: ["postId": "BYOkwgXnwr3"]),
        Case(input: "comment:BYOkwgXnwr3", route: "comment:{postId}", parameters: ["postId": "BYOkwgXnwr3"]),
        Case(input: "blogpost:BYOkwgXnwr3", route: nil, parameters: nil),
        Case(input: "photofeed://user:self", route: "user:{userId}", parameters: ["userId": "self"]),
        Case(input: "photofeed:user:self", route: "user:{userId}", parameters: ["userId": "self"]),
        Case(input: "user:self", route: "user:{userId}", parameters: ["userId": "self"]),
        Case(input: "photofeed://logout", route: "logout", parameters: [:]),
        Case(input: "photofeed://", route: nil, parameters: nil),
    ])
    func compassURNs(_ example: Case) throws {
        let link = try Self.compass.resolve(example.input)
        #expect(link.route == example.route)
        #expect(link.routeParameters == example.parameters)
    }

    @Test func compassURNIsNotParsedByFoundationButIsHere() throws {
        // RFC 3986 parsers refuse "photofeed://user:self" (a non-numeric port); Switchyard reads it.
        let link = try Self.compass.resolve("photofeed://user:self")
        #expect(link.scheme == "photofeed")
        #expect(link.path == "user:self")
    }

    @Test func waAppRoutingWildcardAndScreens() throws {
        let table = try RouteTable(["list{ListScreen}/:itemID{DetailScreen}/extra{ExtraScreen}!", "home/*"],
                                   schemes: ["appscheme"])
        #expect(try table.resolve("appscheme://home/events").route == "home/*")
        #expect(try table.resolve("appscheme://home/events").routeParameters == [:])
        #expect(try table.resolve("appscheme://home").route == nil)
        #expect(try table.resolve("appscheme://home/a/b").route == nil)
        // A screen route also answers each prefix that ends at a screen.
        let list = try table.resolve("appscheme://list")
        #expect(list.route == "list{ListScreen}/:itemID{DetailScreen}/extra{ExtraScreen}!")
        #expect(list.routeParameters == [:])
        #expect(try table.resolve("appscheme://list/3").routeParameters == ["itemID": "3"])
        #expect(try table.resolve("appscheme://list/3/extra").routeParameters == ["itemID": "3"])
    }
}
