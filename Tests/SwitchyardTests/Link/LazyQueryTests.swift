import Switchyard
import Testing

/// The query is read from the input on demand, and `queryItems` and `queryParameters` are one
/// value seen two ways: editing either shows in the other.
@Suite struct LazyQueryTests {
    static let table = try! RouteTable(["product/:id"], schemes: ["shop"])

    @Test func aResolvedQueryReadsLikeOneMadeByHand() throws {
        let link = try Self.table.resolve("shop://product/42?q=red+shoes&tag=a&tag=b&flag&e=%C3%A9#top")
        let items = [QueryItem(name: "q", value: "red shoes"), QueryItem(name: "tag", value: "a"), QueryItem(name: "tag", value: "b"),
                     QueryItem(name: "flag", value: ""), QueryItem(name: "e", value: "é")]
        #expect(link.queryItems == items)
        #expect(link.queryParameters == ["q": "red shoes", "tag": "a", "flag": "", "e": "é"])
        let byHand = DeepLink(url: link.url, queryItems: items)
        #expect(byHand.queryItems == link.queryItems && byHand.queryParameters == link.queryParameters)
    }

    @Test func aBadEscapeInTheQueryIsStillAnErrorAtOnce() {
        #expect(throws: LinkInputError.self) { try Self.table.resolve("shop://product/42?a=%E9") }
        #expect(throws: LinkInputError.self) { try Self.table.resolve("shop://product/42?a=%00") }
    }

    @Test func settingTheParametersRewritesTheItems() throws {
        var link = try Self.table.resolve("shop://product/42?utm=mail&tag=a&tag=b&drop=1")
        link.queryParameters["utm"] = nil
        link.queryParameters["tag"] = "z"
        link.queryParameters["new"] = "1"
        #expect(link.queryItems == [QueryItem(name: "tag", value: "z"), QueryItem(name: "tag", value: "b"),
                                    QueryItem(name: "drop", value: "1"), QueryItem(name: "new", value: "1")])
        #expect(link.queryParameters == ["tag": "z", "drop": "1", "new": "1"])
    }

    @Test func settingTheItemsChangesTheParameters() throws {
        var link = try Self.table.resolve("shop://product/42?a=1")
        link.queryItems.append(QueryItem(name: "b", value: "2"))
        link.queryItems.insert(QueryItem(name: "a", value: "0"), at: 0)
        #expect(link.queryParameters == ["a": "0", "b": "2"])
    }

    @Test func changingTheURLKeepsTheQueryItReadFrom() throws {
        var link = try Self.table.resolve("shop://product/42?a=1")
        link.url = "something else entirely"
        #expect(link.queryItems == [QueryItem(name: "a", value: "1")])
    }

    @Test func anEmptyQueryHasNoItems() throws {
        #expect(try Self.table.resolve("shop://product/42?").queryItems.isEmpty)
        #expect(try Self.table.resolve("shop://product/42?&&").queryItems.isEmpty)
        #expect(try Self.table.resolve("shop://product/42").queryParameters.isEmpty)
    }

    @Test(arguments: ["a=1&a=2", "a&a=1", "x=%20y+z&x", "=v&k=", "e=b=c&e=d", "q=%C3%A9&Q=1", "&&k=v&&"])
    func theParametersAreTheFirstValueOfEachItem(query: String) throws {
        let link = try Self.table.resolve("shop://product/42?" + query)
        var expected: [String: String] = [:]
        for item in link.queryItems where expected[item.name] == nil { expected[item.name] = item.value }
        #expect(link.queryParameters == expected)
    }
}
