import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// `insert(contentsOf:)` writes every free code and returns the taken ones (live, deleted, or
    /// repeated in the call) without touching their links; every field round-trips.
    static func bulkInsert(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let live = makeLink("live")
        try await store.insert(live)
        try await store.insert(makeLink("deleted"))
        #expect(try await store.delete(code: "deleted", team: "acme", at: Instant.at(1)))

        var full = makeLink("full", createdAt: Instant.at(2))
        full.routeName = "item"
        full.queryParameters = ["utm_source": "mail", "q": "a b"]
        full.metadata = ["coupon": "SPRING", "n": 3]
        full.redeemLimit = 5
        full.fallbacks = .init(ios: "https://apps.apple.com/app/id1", android: "https://play.google.com/x", web: "https://example.com/")
        full.preview = .init(title: "Zoë 🚀", description: "<b>&</b>", image: "https://cdn.example.com/i.png")
        full.expiresAt = Instant.at(1000)
        var intruder = makeLink("live", team: "other")
        intruder.route = "other/:id"
        var second = makeLink("full", team: "other")
        second.route = "second/:id"
        let taken = try await store.insert(contentsOf: [makeLink("new1"), intruder, full, makeLink("deleted"), second, makeLink("new2")])
        #expect(taken == ["live", "deleted", "full"])
        #expect(try await store.link(code: "live") == live)
        #expect(try await store.link(code: "deleted")?.deletedAt == Instant.at(1))
        #expect(try await store.link(code: "full") == full)
        #expect(try await store.link(code: "new1") == makeLink("new1"))
        #expect(try await store.link(code: "new2") == makeLink("new2"))
        #expect(try await store.insert(contentsOf: []) == [])

        // More rows than one PostgreSQL statement takes.
        let many = (0..<3500).map { makeLink("m\($0)", createdAt: Instant.at(Double($0))) }
        #expect(try await store.insert(contentsOf: many) == [])
        #expect(try await store.link(code: "m3499") == many[3499])
        #expect(try await store.insert(contentsOf: Array(many[3000...])) == Set(many[3000...].map(\.code)))
    }

    /// A call that fails writes none of its links.
    static func bulkInsertAtomic(_ database: TestDatabase) async throws {
        let store = try await database.open()
        var bad = makeLink("bad")
        bad.redeemLimit = -1 // refused by the schema's CHECK
        let batch = (0..<3100).map { makeLink("a\($0)") } + [bad]
        await #expect(throws: (any Error).self) { _ = try await store.insert(contentsOf: batch) }
        #expect(try await store.link(code: "a0") == nil)
        #expect(try await store.link(code: "a3099") == nil)
        #expect(try await store.list(team: "acme", limit: 10, cursor: nil).links.isEmpty)
    }
}
