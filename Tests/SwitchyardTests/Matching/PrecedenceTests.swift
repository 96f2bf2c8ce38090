import Testing
import Switchyard

/// Precedence by specificity, never by registration order, with backtracking.
@Suite struct PrecedenceTests {
    static let patterns = [
        "product/:id", "product/featured", "product/:id/reviews", "product/:id<int>", "product/*/share",
        "product/{rest...}", "product/featured/banner", "a/*/x", "a/:p/:q", "docs/{path...}", "docs/intro",
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var route: String?
        var parameters: [String: String]?
        var testDescription: String { input }
    }

    @Test(arguments: [
        Case(input: "product/featured", route: "product/featured", parameters: [:]),
        Case(input: "product/42", route: "product/:id<int>", parameters: ["id": "42"]),
        Case(input: "product/abc", route: "product/:id", parameters: ["id": "abc"]),
        // Backtracking: no static route continues with "reviews" under "featured".
        Case(input: "product/featured/reviews", route: "product/:id/reviews", parameters: ["id": "featured"]),
        Case(input: "product/featured/banner", route: "product/featured/banner", parameters: [:]),
        Case(input: "product/7/share", route: "product/*/share", parameters: [:]),
        Case(input: "product/7/other/deeper", route: "product/{rest...}", parameters: ["rest": "7/other/deeper"]),
        Case(input: "product/featured/x", route: "product/{rest...}", parameters: ["rest": "featured/x"]),
        // A parameter beats a wildcard at the segment where they differ, left to right.
        Case(input: "a/z/x", route: "a/:p/:q", parameters: ["p": "z", "q": "x"]),
        Case(input: "docs/intro", route: "docs/intro", parameters: [:]),
        Case(input: "docs/intro/more", route: "docs/{path...}", parameters: ["path": "intro/more"]),
        Case(input: "product", route: nil, parameters: nil),
    ])
    func specificity(_ example: Case) throws {
        let table = try RouteTable(Self.patterns)
        let link = try table.resolve(example.input)
        #expect(link.route == example.route)
        #expect(link.routeParameters == example.parameters)
    }

    @Test func registrationOrderDoesNotMatter() throws {
        let forward = try RouteTable(Self.patterns)
        let backward = try RouteTable(Self.patterns.reversed())
        for input in ["product/featured", "product/42", "product/featured/reviews", "a/z/x", "product/7/share",
                      "docs/a/b", "product/x/y/z"] {
            let a = try forward.resolve(input)
            let b = try backward.resolve(input)
            #expect(a.route == b.route, "\(input)")
            #expect(a.routeParameters == b.routeParameters, "\(input)")
        }
    }

    @Test func customConstraintsPlugIntoTheMatcher() throws {
        let coupon = ParameterConstraint("coupon") { $0.hasPrefix("SAVE") }
        let even = ParameterConstraint("even") { Int($0).map { $0 % 2 == 0 } ?? false }
        let table = try RouteTable(["promo/:code<coupon>", "promo/:code", "n/:n<int>", "n/:n<even>"],
                                   constraints: [coupon, even])
        #expect(try table.resolve("promo/SAVE20").route == "promo/:code<coupon>")
        #expect(try table.resolve("promo/HELLO").route == "promo/:code")
        #expect(try table.resolve("promo/SAVE%2020").routeParameters == ["code": "SAVE 20"])
        // Several constraints on one segment are tried in order of name: "even" before "int".
        #expect(try table.resolve("n/4").route == "n/:n<even>")
        #expect(try table.resolve("n/3").route == "n/:n<int>")
        #expect(coupon.accepts("SAVE1"))
        #expect(!coupon.accepts("save1"))
    }

    @Test func staticLookupsScaleWithoutScanning() throws {
        // 10,000 routes of every form; a few lookups must land on the right ones.
        var patterns: [String] = []
        for i in 0..<2_500 {
            patterns += ["s\(i)/item", "s\(i)/item/:id", "s\(i)/:kind/:id<int>", "s\(i)/files/{path...}"]
        }
        let table = try RouteTable(patterns)
        #expect(try table.resolve("s2499/item").route == "s2499/item")
        #expect(try table.resolve("s17/item/9").routeParameters == ["id": "9"])
        #expect(try table.resolve("s1234/shoe/77").route == "s1234/:kind/:id<int>")
        #expect(try table.resolve("s1/files/a/b").routeParameters == ["path": "a/b"])
        #expect(try table.resolve("s2500/item").route == nil)
    }
}
