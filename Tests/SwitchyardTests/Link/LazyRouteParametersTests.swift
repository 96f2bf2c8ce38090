@testable import Switchyard
import Testing

/// A resolved link keeps one or two named route parameters as ranges of its input and decodes
/// them when read; every way of reading or changing the link sees the same values as a link
/// whose parameters were decoded at once.
@Suite struct LazyRouteParametersTests {
    static let table = try! RouteTable(["product/:id", "user/:name/post/:post", "a/:x/:y/:z", "docs/{path...}",
                                        "file/*/:name", "about/team"], schemes: ["shop"])

    @Test func oneAndTwoNamedParametersAreCapturedAndDecodedWhenRead() throws {
        let one = try Self.table.resolve("shop://product/4%202")
        guard case .captured(let first, nil) = one.parameters else {
            Issue.record("expected one captured parameter, got \(one.parameters)")
            return
        }
        #expect(first.escaped)
        #expect(one.routeParameters == ["id": "4 2"])
        #expect(try one.string("id") == "4 2")

        let two = try Self.table.resolve("shop://user/%C3%A9mile/post/7")
        guard case .captured(_, .some) = two.parameters else {
            Issue.record("expected two captured parameters, got \(two.parameters)")
            return
        }
        #expect(two.routeParameters == ["name": "émile", "post": "7"])
        #expect(try two.int("post") == 7)
        #expect(try two.string("name") == "émile")
    }

    @Test func restAnonymousAndLongFormsAreBuiltAtOnce() throws {
        for (url, expected) in [("shop://docs/a//b%2Fc", ["path": "a/b/c"]), ("shop://file/x/report", ["name": "report"]),
                                ("shop://a/1/2/3", ["x": "1", "y": "2", "z": "3"])] {
            let link = try Self.table.resolve(url)
            if case .captured = link.parameters { Issue.record("\(url) was captured lazily") }
            #expect(link.routeParameters == expected, "\(url)")
        }
        #expect(try Self.table.resolve("shop://about/team").routeParameters == [:])
        #expect(try Self.table.resolve("shop://nowhere").routeParameters == nil)
    }

    @Test func changingTheURLOrTheRouteKeepsTheValuesReadFromTheOldInput() throws {
        var link = try Self.table.resolve("shop://user/a%20b/post/9")
        link.url = "shop://user/other/post/1"
        #expect(link.routeParameters == ["name": "a b", "post": "9"])

        var renamed = try Self.table.resolve("shop://product/42")
        renamed.route = "item/:id"
        renamed.routeName = "item"
        #expect(renamed.routeParameters == ["id": "42"])
        #expect(renamed.route == "item/:id" && renamed.routeName == "item")
        renamed.route = nil
        #expect(!renamed.isMatched)
        #expect(renamed.routeParameters == ["id": "42"])
    }

    @Test func aCapturedLinkEqualsAndHashesLikeOneWithHeldValues() throws {
        let link = try Self.table.resolve("shop://user/a%20b/post/9")
        var held = link
        held.routeParameters = link.routeParameters
        if case .captured = held.parameters { Issue.record("setting the parameters should hold them") }
        #expect(link == held)
        #expect(link.hashValue == held.hashValue)
        var other = link
        other.routeParameters = ["name": "a b", "post": "8"]
        #expect(link != other)
    }

    @Test func linksThatMatchedTheSameFormShareItsBoxAndStayIndependent() throws {
        var first = try Self.table.resolve("shop://product/1")
        let second = try Self.table.resolve("shop://product/2")
        #expect(first.matched === second.matched)
        first.routeName = "changed"
        #expect(first.matched !== second.matched)
        #expect(second.routeName == nil && second.route == "product/:id")
        #expect(first.routeIndex == second.routeIndex && first.matchedForm?.ordinal == second.matchedForm?.ordinal)
    }
}
