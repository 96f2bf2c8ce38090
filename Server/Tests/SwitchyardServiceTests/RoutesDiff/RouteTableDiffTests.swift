import Foundation
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// `routes diff` and `serve`'s start-up check, on tables in memory: each kind of change, and why a
/// stored link breaks.
@Suite struct RouteTableDiffTests {
    static func table(hosts: [String] = ["shop.example.com"], _ routes: [RouteDefinition]) throws -> RouteTable {
        try RouteTable(RouteTableConfiguration(schemes: ["shop"], hosts: hosts, apps: AppIdentifiers(ios: ["T.app"]), routes: routes))
    }

    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    @Test func renamedRoutesAndRemovedHostsAreNamed() throws {
        let old = try Self.table(hosts: ["a.example.com", "b.example.com"], [RouteDefinition("product/:id", name: "product"), RouteDefinition("about/team")])
        let new = try Self.table(hosts: ["b.example.com"], [RouteDefinition("product/:id", name: "item"), RouteDefinition("about/team")])
        let changes = RouteTableDiff(old: old, new: new).changes
        #expect(changes.map(\.kind) == ["host-removed", "renamed"])
        #expect(changes[1].message == #"route 'product/:id': name 'product' → 'item' (links made under 'product' find it only by their pattern 'product/:id'; add "formerNames": ["product"])"#)
    }

    @Test func aRenameThroughFormerNamesPairsTheRoutes() throws {
        let old = try Self.table([RouteDefinition("item/:id", name: "item"), RouteDefinition("about/team")])
        let new = try Self.table([RouteDefinition("goods/:id<int>", name: "goods", formerNames: ["item"])])
        let changes = RouteTableDiff(old: old, new: new).changes
        #expect(changes.map(\.kind) == ["pattern-changed", "constraint-changed", "renamed", "removed"])
        #expect(changes[1].message == "route 'goods': parameter 'id' any value → <int> (narrowed: values it accepted may now be refused)")
        #expect(changes[2].message == "route 'goods/:id<int>': name 'item' → 'goods' (links made under 'item' open it through formerNames)")
        #expect(changes[3].message == "route 'about/team' was removed")
        let check = LiveLinkCheck(old: old, new: new)
        let seven = SmartLink(code: "s", team: "t", route: "item/:id", routeName: "item", routeParameters: ["id": "7"], createdAt: Self.now)
        let word = SmartLink(code: "w", team: "t", route: "item/:id", routeName: "item", routeParameters: ["id": "seven"], createdAt: Self.now)
        #expect(check.check(seven) == nil)
        #expect(check.check(word)?.reason == "its parameters no longer build route 'goods' ('goods/:id<int>'): parameter 'id' is 'seven', which does not satisfy <int> in 'goods/:id<int>'")
    }

    @Test func aLinkWhoseDeepLinkMovesOpensElsewhere() throws {
        let routes = [RouteDefinition("product/:id", name: "product")]
        let check = LiveLinkCheck(old: try Self.table(hosts: ["a.example.com", "b.example.com"], routes),
                                  new: try Self.table(hosts: ["b.example.com"], routes))
        let link = SmartLink(code: "moved", team: "t", route: "product/:id", routeParameters: ["id": "1"], createdAt: Self.now)
        let broken = try #require(check.check(link))
        #expect(broken.kind == "opens-elsewhere")
        #expect(broken.reason == "its deep link changes from https://a.example.com/product/1 to https://b.example.com/product/1")
    }

    @Test func aNewStaticRouteShadowsAStoredParameter() throws {
        let old = try Self.table([RouteDefinition("product/:id", name: "product")])
        let new = try Self.table([RouteDefinition("product/:id", name: "product"), RouteDefinition("product/featured")])
        let check = LiveLinkCheck(old: old, new: new)
        let shadowed = SmartLink(code: "f", team: "t", route: "product/:id", routeParameters: ["id": "featured"], createdAt: Self.now)
        let fine = SmartLink(code: "g", team: "t", route: "product/:id", routeParameters: ["id": "7"], createdAt: Self.now)
        #expect(check.check(shadowed)?.kind == "parameters-refused")
        #expect(check.check(fine) == nil)
    }

    @Test func deletedAndExpiredLinksAreNotChecked() async throws {
        let store = InMemoryLinkStore()
        try await store.insert(SmartLink(code: "gone", team: "t", route: "about/team", createdAt: Self.now, expiresAt: Self.now + 1))
        try await store.insert(SmartLink(code: "live", team: "t", route: "about/team", createdAt: Self.now))
        try await store.insert(SmartLink(code: "deleted", team: "t", route: "about/team", createdAt: Self.now))
        #expect(try await store.delete(code: "deleted", team: "t", at: Self.now))
        let check = LiveLinkCheck(old: nil, new: try Self.table([RouteDefinition("product/:id")]))
        #expect(try await check.brokenLinks(in: store, now: Self.now + 10).map(\.code) == ["live"])
    }
}
