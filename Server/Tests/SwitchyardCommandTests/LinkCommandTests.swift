import CommandTestSupport
@_spi(SwitchyardService) import Switchyard
import Testing

@Suite struct LinkCommandTests {
    let shop = Switchyard.shopRoutes

    @Test(arguments: [
        (["product", "--param", "id=42"], "product/42"),
        (
            ["product", "--param", "id=42", "--scheme", "shop", "--query", "ref=mail", "--query", "ref=push"],
            "shop://product/42?ref=mail&ref=push"
        ),
        (
            ["product/:id<int>/reviews", "--param", "id=7", "--host", "shop.example.com", "--fragment", "latest"],
            "https://shop.example.com/product/7/reviews#latest"
        ),
        (
            ["docs", "--param", "path=guides/a b", "--host", "shop.example.com"],
            "https://shop.example.com/docs/guides/a%20b"
        ),
        (["search", "--scheme", "shop", "--query", "q=red shoes&more"], "shop://search?q=red%20shoes%26more"),
        (["home", "--scheme", "shop"], "shop://"),
        (["about/team", "--host", "shop.example.com"], "https://shop.example.com/about/team"),
    ])
    func buildsTheURL(arguments: [String], url: String) throws {
        let run = try Switchyard.run(["link", "--routes", shop] + arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == [url])
        #expect(run.standardError == "")
    }

    @Test func aBuiltURLResolvesBackToItsRouteAndParameters() throws {
        let link = try Switchyard.run([
            "link", "--routes", shop, "order", "--param", "orderID=A/17 ü", "--host", "shop.example.com",
            "--query", "tab=items",
        ])
        #expect(link.status == 0, "\(link)")
        let url = try #require(link.lines.first)
        let resolved = try Switchyard.run(["resolve", "--routes", shop, "--json", url])
        let line = try JSONValue.parse(try #require(resolved.lines.first))
        #expect(line["route"] == "account/orders/:orderID")
        #expect(line["routeParameters"] == ["orderID": "A/17 ü"])
        #expect(line["queryParameters"] == ["tab": "items"])
    }

    @Test(arguments: [
        (["nope"], "no route named or patterned 'nope'"),
        (["product"], "missing parameter 'id' for route 'product/:id<int>'"),
        (["cart", "--param", "x=1"], "unknown parameter 'x' for route 'cart{CartScreen}!'"),
        (
            ["product", "--param", "id=abc"],
            "parameter 'id' is 'abc', which does not satisfy <int> in 'product/:id<int>'"
        ),
        (["category", "--param", "slug="], "parameter 'slug' is empty in route 'category/:slug'"),
        (["cart", "--scheme", "ftp"], "scheme 'ftp' is not a scheme of this table (it answers: shop)"),
        (["cart", "--host", "evil.example"], "host 'evil.example' is not a universal-link host of this table"),
    ])
    func eachBuildErrorIsOneLineOnStandardError(arguments: [String], message: String) throws {
        let run = try Switchyard.run(["link", "--routes", shop] + arguments)
        #expect(run.status == 1, "\(run)")
        #expect(run.standardOutput == "")
        #expect(run.standardError == "switchyard: error: \(message)\n")
    }

    @Test func aShadowedURLIsAnError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("routes.json", #"{"routes": ["product/featured", "product/:id"]}"#)
        let run = try Switchyard.run(
            ["link", "--routes", "routes.json", "product/:id", "--param", "id=featured"],
            in: directory.url)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.standardError
                == "switchyard: error: the built URL 'product/featured' opens 'product/featured' instead of 'product/:id'\n"
        )
    }

    @Test func aBrokenTableIsAnError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("routes.json", #"{"routes": ["bad/:"]}"#)
        let run = try Switchyard.run(["link", "--routes", "routes.json", "bad/:"], in: directory.url)
        #expect(run.status == 1, "\(run)")
        #expect(run.standardError == "switchyard: error: routes.json: route 1: empty parameter name at 5 in 'bad/:'\n")
    }

    @Test(arguments: [
        (["cart", "--scheme", "shop", "--host", "shop.example.com"], "Give --scheme or --host, not both."),
        (["product", "--param", "id"], "The value 'id' is invalid for '--param <name=value>'"),
        (["product", "--param", "=3"], "The value '=3' is invalid for '--param <name=value>'"),
        (["product", "--param", "id=1", "--param", "id=2"], "The parameter 'id' is given twice."),
        ([], "Missing expected argument '<route>'"),
    ])
    func usageMistakesExitWith64(arguments: [String], message: String) throws {
        let run = try Switchyard.run(["link", "--routes", shop] + arguments)
        #expect(run.status == 64, "\(run)")
        #expect(run.standardError.contains(message), "\(run)")
    }
}
