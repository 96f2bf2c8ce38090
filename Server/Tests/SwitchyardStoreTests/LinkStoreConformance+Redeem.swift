import Foundation
import Switchyard
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// Without a limit every redemption succeeds and is counted.
    static func redeemUnlimited(_ database: TestDatabase) async throws {
        let store = try await database.open()
        var link = makeLink("free")
        link.metadata = ["gift": "tote"]
        try await store.insert(link)
        for count in 1...3 {
            guard case .redeemed(let spent) = try await store.redeem(code: "free", at: Instant.at(1)) else {
                Issue.record("redemption \(count) of an unlimited link failed")
                return
            }
            #expect(spent.redeemCount == count)
            #expect(spent.metadata == ["gift": "tote"])
        }
        #expect(try await store.link(code: "free")?.redeemCount == 3)
    }

    /// Exactly `redeemLimit` redemptions succeed, then every one is `.exhausted`; a limit of 0
    /// is exhausted from the start.
    static func redeemLimit(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("two", redeemLimit: 2))
        let results = [
            try await store.redeem(code: "two", at: Instant.at(1)),
            try await store.redeem(code: "two", at: Instant.at(2)),
            try await store.redeem(code: "two", at: Instant.at(3)),
            try await store.redeem(code: "two", at: Instant.at(4)),
        ]
        var spent = makeLink("two", redeemLimit: 2)
        spent.redeemCount = 1
        #expect(results[0] == .redeemed(spent))
        spent.redeemCount = 2
        #expect(results[1] == .redeemed(spent))
        #expect(results[2] == .exhausted && results[3] == .exhausted)
        #expect(try await store.link(code: "two")?.redeemCount == 2)
        #expect(try await store.link(code: "two")?.isExhausted == true)

        try await store.insert(makeLink("zero", redeemLimit: 0))
        #expect(try await store.redeem(code: "zero", at: Instant.at(1)) == .exhausted)
        #expect(try await store.link(code: "zero")?.redeemCount == 0)
    }

    /// Expired (from the expiry instant on) and deleted links are `.gone`, before `.exhausted`,
    /// and spend nothing.
    static func redeemGone(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("expiring", redeemLimit: 5, expiresAt: Instant.at(60)))
        #expect(try await store.redeem(code: "expiring", at: Instant.at(59.999)).isRedeemed)
        #expect(try await store.redeem(code: "expiring", at: Instant.at(60)) == .gone)
        #expect(try await store.redeem(code: "expiring", at: Instant.at(3600)) == .gone)
        #expect(try await store.link(code: "expiring")?.redeemCount == 1)

        try await store.insert(makeLink("deleted", redeemLimit: 5))
        #expect(try await store.delete(code: "deleted", team: "acme", at: Instant.at(1)))
        #expect(try await store.redeem(code: "deleted", at: Instant.at(2)) == .gone)
        #expect(try await store.link(code: "deleted")?.redeemCount == 0)

        try await store.insert(makeLink("spent", redeemLimit: 1, expiresAt: Instant.at(10)))
        #expect(try await store.redeem(code: "spent", at: Instant.at(1)).isRedeemed)
        #expect(try await store.redeem(code: "spent", at: Instant.at(2)) == .exhausted)
        #expect(try await store.redeem(code: "spent", at: Instant.at(11)) == .gone)
    }

    /// A code never issued is `.notFound`.
    static func redeemNotFound(_ database: TestDatabase) async throws {
        let store = try await database.open()
        #expect(try await store.redeem(code: "ghost", at: Instant.at(1)) == .notFound)
        try await store.insert(makeLink("real"))
        #expect(try await store.redeem(code: "REAL", at: Instant.at(1)) == .notFound)
    }

    /// 100 concurrent redemptions of a link limited to 5, spread over two store instances on
    /// the same database, spend exactly 5: one conditional update, never a read then a write.
    static func redeemRace(_ database: TestDatabase) async throws {
        let first = try await database.open()
        let second = try await database.open()
        try await first.insert(makeLink("race", redeemLimit: 5))
        let results = try await withThrowingTaskGroup(of: RedeemResult.self) { group in
            for index in 0..<100 {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask { try await store.redeem(code: "race", at: Instant.at(1)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let counts = results.compactMap { result -> Int? in
            if case .redeemed(let link) = result { link.redeemCount } else { nil }
        }
        #expect(counts.sorted() == [1, 2, 3, 4, 5])
        #expect(results.filter { $0 == .exhausted }.count == 95)
        #expect(try await second.link(code: "race")?.redeemCount == 5)
    }
}

extension RedeemResult {
    var isRedeemed: Bool {
        if case .redeemed = self { true } else { false }
    }
}
