import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// A stored link is its route's name and its parameters: under a changed table it opens, resolves
/// and is explained from the route as it is now, and `routes diff --database`, `serve`'s start
/// check, `explain` and the open path agree on which links break and why.
@Suite struct StoredLinkRouteTests {
    static let before = TableChange.routes([
        RouteDefinition("product/:product_id", name: "product"),
        RouteDefinition("item/:product_id", name: "item"),
        RouteDefinition("about/team"),
    ])
    /// `product` tightened to `<int>`, `item` renamed `goods` on another path, `about/team` removed.
    static let after = TableChange.routes([
        RouteDefinition("product/:product_id<int>", name: "product"),
        RouteDefinition("goods/:product_id", name: "goods", formerNames: ["item"]),
    ])
    static let constraintMessage = "parameter 'product_id' is 'abc', which does not satisfy <int> in 'product/:product_id<int>'"

    @Test(arguments: StoreKind.available)
    func linksFollowTheTableAsItIsNow(kind: StoreKind) async throws {
        try await TableChange.withStore(kind) { store in
            try await TableChange.serve(store, routes: Self.before) { client in
                for body in [#"{"route": "product", "routeParameters": {"product_id": "42"}, "alias": "fits"}"#,
                             #"{"route": "product", "routeParameters": {"product_id": "abc"}, "alias": "fails"}"#,
                             #"{"route": "item", "routeParameters": {"product_id": "7"}, "alias": "renamed"}"#,
                             #"{"route": "about/team", "alias": "removed"}"#] {
                    _ = try await client.create(body)
                }
            }
            try await TableChange.serve(store, routes: Self.after) { client in
                let fits = try await client.send(.get, "/api/v1/links/fits/resolve", key: Keys.app).json()
                #expect(fits["schemeURL"]?.stringValue == "shop://product/42")
                #expect(fits["universalLink"]?.stringValue == "https://shop.example.com/product/42")
                #expect(fits["route"]?.stringValue == "product/:product_id<int>")
                #expect(fits["routeName"]?.stringValue == "product")
                let opened = try await client.open("fits", userAgent: Agents.android)
                #expect(opened.headers[.location]?.hasPrefix("intent://product/42#Intent;scheme=shop;") == true)

                let renamed = try await client.send(.get, "/api/v1/links/renamed/resolve", key: Keys.app).json()
                #expect(renamed["schemeURL"]?.stringValue == "shop://goods/7")
                #expect(renamed["routeName"]?.stringValue == "goods")
                #expect(try await client.open("renamed", userAgent: Agents.android).headers[.location]?.hasPrefix("intent://goods/7#") == true)

                for code in ["fails", "removed"] {
                    let resolved = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app).json()
                    #expect(resolved["schemeURL"] == .null && resolved["universalLink"] == .null, "\(code)")
                    #expect(try await client.open(code, userAgent: Agents.android).headers[.location]?.hasPrefix("intent:") != true, "\(code)")
                }

                // explain names the same reason; a link that opens has no such warning.
                let warnings = { (code: String) async throws -> [String] in
                    let explanation = try await client.send(.get, "/api/v1/links/\(code)/explain").json()
                    return (explanation["warnings"]?.arrayValue ?? []).filter { $0["code"]?.stringValue == "no-deep-link" }
                        .compactMap { $0["message"]?.stringValue }
                }
                #expect(try await warnings("fits").isEmpty)
                #expect(try await warnings("renamed").isEmpty)
                #expect(try await warnings("fails").first?.contains(Self.constraintMessage) == true)
                #expect(try await warnings("removed").first?.hasPrefix("route-removed: the table has no route 'about/team'") == true)
            }

            // routes diff --database (every link, old and new table) and serve's start check (per route) agree.
            let check = LiveLinkCheck(old: try RouteTable(Self.before), new: try RouteTable(Self.after))
            let everyLink = try await check.brokenLinks(in: store, now: TestClock().now)
            #expect(everyLink.map(\.code) == ["fails", "removed"])
            #expect(everyLink.map(\.kind) == ["parameters-refused", "route-removed"])
            #expect(everyLink[0].reason == "its parameters no longer build route 'product' ('product/:product_id<int>'): \(Self.constraintMessage)")
            #expect(everyLink[0].route == "product")
            let byRoute = try await LiveLinkCheck(old: nil, new: try RouteTable(Self.after)).brokenLinksByRoute(in: store, now: TestClock().now)
            #expect(byRoute.sorted { $0.code < $1.code } == everyLink)
        }
    }

    @Test func aNameGoneFallsBackToTheStoredPattern() throws {
        let table = try RouteTable(TableChange.routes([RouteDefinition("product/:id")]))
        let link = SmartLink(code: "c", team: "t", route: "product/:id", routeName: "product", routeParameters: ["id": "1"], createdAt: Date())
        guard case .success(let found) = StoredLinkRoute.check(link, in: table) else { Issue.record("does not open"); return }
        #expect(found.path == "product/1")
        #expect(found.found == .pattern)
    }

    @Test func aParameterThePatternNoLongerHasBreaksTheLink() throws {
        let table = try RouteTable(TableChange.routes([RouteDefinition("product/:sku", name: "product")]))
        let link = SmartLink(code: "c", team: "t", route: "product/:id", routeName: "product", routeParameters: ["id": "1"], createdAt: Date())
        guard case .failure(let broken) = StoredLinkRoute.check(link, in: table) else { Issue.record("opens"); return }
        #expect(broken.kind == "parameters-refused")
        #expect(broken.reason.contains("'id'"), "\(broken.reason)")
        #expect(!broken.dependsOnValues)
    }

    /// The start check reads one link of a route whose links all break the same way, and counts the rest.
    @Test func theStartCheckCountsARemovedRoutesLinks() async throws {
        let store = InMemoryLinkStore()
        for index in 0..<5 {
            try await store.insert(SmartLink(code: "a\(index)", team: "t", route: "about/team", createdAt: TestClock().now))
        }
        let broken = try await LiveLinkCheck(old: nil, new: try RouteTable(Self.after)).brokenLinksByRoute(in: store, now: TestClock().now)
        #expect(broken.map(\.code) == ["a0"])
        #expect(broken.first?.alike == 4)
    }
}
