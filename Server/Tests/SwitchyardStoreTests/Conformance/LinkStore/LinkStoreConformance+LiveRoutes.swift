import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    static func link(_ code: String, route: String, name: String?, _ parameters: [String: String], expiresAt: Date? = nil) -> SmartLink {
        SmartLink(code: code, team: "acme", route: route, routeName: name, routeParameters: parameters, createdAt: Instant.base,
                  expiresAt: expiresAt)
    }

    /// Live links are counted per stored route name, pattern and parameter names, each group with
    /// its smallest code; deleted and expired links are left out. A group's links are read by route.
    static func liveRouteGroups(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let links = [
            link("p-b", route: "product/:id", name: "product", ["id": "2"]),
            link("p-a", route: "product/:id", name: "product", ["id": "1"]),
            link("p-c", route: "product/:id", name: "product", ["id": "3", "tab": "x"]),
            link("q-a", route: "product/:id", name: nil, ["id": "4"]),
            link("r-a", route: "about", name: nil, [:]),
            link("r-gone", route: "about", name: nil, [:], expiresAt: Instant.at(10)),
            link("r-deleted", route: "about", name: nil, [:]),
        ]
        for link in links { try await store.insert(link) }
        #expect(try await store.delete(code: "r-deleted", team: "acme", at: Instant.at(1)))
        let groups = try await store.liveRouteGroups(at: Instant.at(20))
        #expect(groups == [
            LiveRouteGroup(routeName: nil, route: "about", parameterNames: [], count: 1, firstCode: "r-a"),
            LiveRouteGroup(routeName: nil, route: "product/:id", parameterNames: ["id"], count: 1, firstCode: "q-a"),
            LiveRouteGroup(routeName: "product", route: "product/:id", parameterNames: ["id"], count: 2, firstCode: "p-a"),
            LiveRouteGroup(routeName: "product", route: "product/:id", parameterNames: ["id", "tab"], count: 1, firstCode: "p-c"),
        ])
        #expect(try await store.liveRouteGroups(at: Instant.at(5)).first?.count == 2, "before its expiry a link counts")
        #expect(try await store.liveLinks(routeName: "product", route: "product/:id", after: nil, limit: 2).map(\.code) == ["p-a", "p-b"])
        #expect(try await store.liveLinks(routeName: "product", route: "product/:id", after: "p-b", limit: 2).map(\.code) == ["p-c"])
        #expect(try await store.liveLinks(routeName: nil, route: "product/:id", after: nil, limit: 10).map(\.code) == ["q-a"])
        #expect(try await store.liveLinks(routeName: nil, route: "about", after: nil, limit: 10).map(\.code) == ["r-a", "r-gone"])
    }

    /// Links stored without a route name take the name of the route whose pattern they stored;
    /// links with a name keep theirs.
    static func nameStoredRoutes(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(link("a", route: "product/:id", name: nil, ["id": "1"]))
        try await store.insert(link("b", route: "product/:id", name: "item", ["id": "2"]))
        try await store.insert(link("c", route: "about", name: nil, [:]))
        #expect(try await store.nameStoredRoutes(["product/:id": "product", "missing": "none"]) == 1)
        #expect(try await store.link(code: "a")?.routeName == "product")
        #expect(try await store.link(code: "b")?.routeName == "item")
        #expect(try await store.link(code: "c")?.routeName == nil)
        #expect(try await store.nameStoredRoutes(["product/:id": "product"]) == 0, "a second start names nothing")
    }
}
