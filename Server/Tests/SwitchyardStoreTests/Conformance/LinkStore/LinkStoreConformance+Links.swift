import Foundation
import Switchyard
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// Every field comes back as written; instants to the millisecond (rounded to the nearest).
    static func roundTrip(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let metadata: [String: JSONValue] = [
            "coupon": "SPRING-24",
            "name": "Zoë 🚀 日本語",
            "escapes": "quote \" backslash \\ newline \n tab \t nul \u{0}",
            "nested": ["list": [1, 2.5, -3e20, true, false, .null, "x"], "empty": [:], "none": []],
            "clé": ["深い": ["deeper": [["a": 1]]]],
        ]
        let full = SmartLink(
            code: "Full-1", team: "acme", route: "list{ListScreen}/:itemID{DetailScreen}", routeName: "item",
            routeParameters: ["itemID": "42", "ünï": "çødé / ?&="], queryParameters: ["utm_source": "mail", "q": "a b"],
            metadata: metadata, redeemLimit: 3, redeemCount: 1,
            fallbacks: .init(ios: "https://apps.apple.com/app/id1", android: "https://play.google.com/x",
                             web: "https://shop.example.com/item/42"),
            preview: .init(title: "Spring sale 🌸", description: "<b>escaped</b> & \"quoted\"", image: "https://cdn.example.com/i.png"),
            createdAt: Date(timeIntervalSince1970: 1_700_000_000.123_456),
            expiresAt: Date(timeIntervalSince1970: 1_800_000_000.000_6),
            deletedAt: nil)
        try await store.insert(full)
        let read = try #require(try await store.link(code: "Full-1"))
        var expected = full
        expected.createdAt = Date(timeIntervalSince1970: 1_700_000_000.123)
        expected.expiresAt = Date(timeIntervalSince1970: 1_800_000_000.001)
        #expect(read == expected)
        #expect(read.createdAt == StoredDate.rounded(full.createdAt))
        #expect(read.metadata?["nested"]?["list"]?[2]?.doubleValue == -3e20)

        let minimal = makeLink("Min-1")
        try await store.insert(minimal)
        let readMinimal = try #require(try await store.link(code: "Min-1"))
        #expect(readMinimal == minimal)
        #expect(readMinimal.metadata == nil)
        #expect(readMinimal.routeName == nil && readMinimal.redeemLimit == nil && readMinimal.expiresAt == nil)

        var empty = makeLink("Empty-1")
        empty.metadata = [:]
        try await store.insert(empty)
        #expect(try await store.link(code: "Empty-1")?.metadata == [:])
    }

    /// A code never issued reads as nil; codes are case-sensitive.
    static func unknownCode(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("abc"))
        #expect(try await store.link(code: "nope") == nil)
        #expect(try await store.link(code: "ABC") == nil)
        #expect(try await store.link(code: "abc") != nil)
    }

    /// Many codes read at once: what `link(code:)` answers for each, deleted links included,
    /// codes never issued (and other cases of a code) left out, a repeated code once; more codes
    /// than one SQLite statement binds.
    static func linksByCodes(_ database: TestDatabase) async throws {
        let store = try await database.open()
        #expect(try await store.links(codes: []).isEmpty)
        let codes = (0..<1_200).map { "many-\($0)" }
        #expect(try await store.insert(contentsOf: codes.map { makeLink($0) }).isEmpty)
        var edited = makeLink("edited")
        edited.fallbacks = .init(web: "https://shop.example.com/e")
        edited.metadata = ["k": "v"]
        try await store.insert(edited)
        try await store.insert(makeLink("gone"))
        #expect(try await store.delete(code: "gone", team: "acme", at: Instant.at(3)))

        let asked = ["edited", "gone", "nope", "EDITED", "edited", "many-7"]
        let read = try await store.links(codes: asked)
        var expected: [SmartLink] = []
        for code in Set(asked) {
            if let link = try await store.link(code: code) { expected.append(link) }
        }
        #expect(expected.count == 3)
        #expect(read.sorted { $0.code < $1.code } == expected.sorted { $0.code < $1.code })
        #expect(read.first { $0.code == "gone" }?.deletedAt == Instant.at(3))
        // One code (how an open that misses the cache reads): what `link(code:)` answers, or nothing.
        let one = try #require(try await store.link(code: "edited"))
        #expect(try await store.links(codes: ["edited"]) == [one])
        #expect(try await store.links(codes: ["gone"]).first?.deletedAt == Instant.at(3))
        #expect(try await store.links(codes: ["nope"]).isEmpty)

        let all = try await store.links(codes: codes + ["missing"])
        #expect(all.count == codes.count)
        #expect(Set(all.map(\.code)) == Set(codes))
        #expect(all.first { $0.code == "many-1199" } == makeLink("many-1199"))
    }

    /// A code is taken while live and after deletion; the first link is untouched.
    static func codeTaken(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let first = makeLink("dup", team: "acme")
        try await store.insert(first)
        await #expect(throws: StoreError.codeTaken("dup")) {
            try await store.insert(makeLink("dup", team: "other", createdAt: Instant.at(5)))
        }
        #expect(StoreError.codeTaken("dup").message == "code 'dup' is taken")
        #expect(try await store.link(code: "dup") == first)

        #expect(try await store.delete(code: "dup", team: "acme", at: Instant.at(10)))
        await #expect(throws: StoreError.codeTaken("dup")) {
            try await store.insert(makeLink("dup", team: "acme", createdAt: Instant.at(20)))
        }
        #expect(try await store.link(code: "dup")?.deletedAt == Instant.at(10))
    }

    /// Newest first, ties by code descending, `limit` at a time; other teams and deleted links
    /// never appear.
    static func listing(_ database: TestDatabase) async throws {
        let store = try await database.open()
        for index in 0..<7 {
            try await store.insert(makeLink("a\(index)", createdAt: Instant.at(Double(index))))
        }
        try await store.insert(makeLink("tie-a", createdAt: Instant.at(3)))
        try await store.insert(makeLink("tie-b", createdAt: Instant.at(3)))
        try await store.insert(makeLink("b0", team: "globex", createdAt: Instant.at(100)))
        try await store.insert(makeLink("b1", team: "globex", createdAt: Instant.at(1)))
        #expect(try await store.delete(code: "a5", team: "acme", at: Instant.at(50)))

        var codes: [String] = []
        var pages = 0
        var cursor: String?
        repeat {
            let page = try await store.list(team: "acme", limit: 3, cursor: cursor)
            #expect(page.links.count <= 3)
            #expect(page.links.allSatisfy { $0.team == "acme" && $0.deletedAt == nil })
            codes += page.links.map(\.code)
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil && pages < 10
        #expect(codes == ["a6", "a4", "tie-b", "tie-a", "a3", "a2", "a1", "a0"])
        #expect(pages == 3)

        let globex = try await store.list(team: "globex", limit: 10, cursor: nil)
        #expect(globex.links.map(\.code) == ["b0", "b1"])
        #expect(globex.nextCursor == nil)
        #expect(try await store.list(team: "initech", limit: 10, cursor: nil) == LinkPage(links: [], nextCursor: nil))

        // An exact fit ends without a cursor.
        let exact = try await store.list(team: "globex", limit: 2, cursor: nil)
        #expect(exact.links.count == 2 && exact.nextCursor == nil)
    }

    /// Cursors survive links inserted meanwhile; a bad cursor is an error; limits are clamped.
    static func listingCursors(_ database: TestDatabase) async throws {
        let store = try await database.open()
        for index in 0..<4 {
            try await store.insert(makeLink("c\(index)", createdAt: Instant.at(Double(index))))
        }
        let first = try await store.list(team: "acme", limit: 2, cursor: nil)
        #expect(first.links.map(\.code) == ["c3", "c2"])
        try await store.insert(makeLink("c9", createdAt: Instant.at(9)))
        let second = try await store.list(team: "acme", limit: 2, cursor: first.nextCursor)
        #expect(second.links.map(\.code) == ["c1", "c0"])

        for bad in ["", "garbage", "12", "x.code", "12."] {
            await #expect(throws: StoreError.invalidCursor(bad)) {
                try await store.list(team: "acme", limit: 2, cursor: bad)
            }
        }
        #expect(StoreError.invalidCursor("x").message == "cursor 'x' is not a listing cursor")
        #expect(try await store.list(team: "acme", limit: 0, cursor: nil).links.map(\.code) == ["c9"])
        #expect(try await store.list(team: "acme", limit: -5, cursor: nil).links.count == 1)
    }

    /// Only the owning team changes a live link; the fields a change leaves nil are kept, and so
    /// is every other field.
    static func updateLink(_ database: TestDatabase) async throws {
        let store = try await database.open()
        var link = makeLink("fb")
        link.fallbacks = .init(ios: "https://apps.apple.com/old", android: nil, web: "https://old.example.com")
        link.metadata = ["k": "v"]
        try await store.insert(link)
        let fallbacks = SmartLink.Fallbacks(ios: nil, android: "https://play.google.com/new", web: "https://new.example.com")
        func update(_ changes: LinkChanges, code: String = "fb", team: String = "acme") async throws -> SmartLink? {
            try await store.update(code: code, team: team, changes: changes)
        }

        #expect(try await update(LinkChanges(fallbacks: fallbacks), team: "globex") == nil)
        #expect(try await store.link(code: "fb") == link)

        var expected = link
        expected.fallbacks = fallbacks
        #expect(try await update(LinkChanges(fallbacks: fallbacks)) == expected)
        #expect(try await store.link(code: "fb") == expected)
        expected.installProof = .attested
        #expect(try await update(LinkChanges(installProof: .some(.attested))) == expected, "the fallbacks are kept")
        expected.installProof = InstallProof.none
        #expect(try await update(LinkChanges(installProof: .some(InstallProof.none))) == expected)
        expected.installProof = nil
        expected.fallbacks.web = "https://both.example.com"
        #expect(try await update(LinkChanges(fallbacks: .init(android: fallbacks.android, web: "https://both.example.com"),
                                             installProof: .some(nil))) == expected, "back to the service's default")
        #expect(try await store.link(code: "fb") == expected)
        #expect(try await update(LinkChanges()) == expected, "no change")

        #expect(try await update(LinkChanges(fallbacks: fallbacks), code: "missing") == nil)
        #expect(try await store.delete(code: "fb", team: "acme", at: Instant.at(1)))
        #expect(try await update(LinkChanges(fallbacks: .init())) == nil)
        #expect(try await store.link(code: "fb")?.fallbacks == expected.fallbacks)
    }

    /// Deleting marks the link gone (kept, with its deletion instant); only the owner deletes,
    /// and only once.
    static func delete(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("del"))
        #expect(try await store.delete(code: "del", team: "globex", at: Instant.at(1)) == false)
        #expect(try await store.link(code: "del")?.deletedAt == nil)
        #expect(try await store.delete(code: "del", team: "acme", at: Date(timeIntervalSince1970: 1_700_000_007.0004)))
        #expect(try await store.delete(code: "del", team: "acme", at: Instant.at(9)) == false)
        #expect(try await store.delete(code: "missing", team: "acme", at: Instant.at(9)) == false)
        let gone = try #require(try await store.link(code: "del"))
        #expect(gone.deletedAt == Instant.at(7))
        #expect(gone.isGone(at: Instant.at(8)))
        #expect(try await store.list(team: "acme", limit: 10, cursor: nil).links.isEmpty)
    }
}
