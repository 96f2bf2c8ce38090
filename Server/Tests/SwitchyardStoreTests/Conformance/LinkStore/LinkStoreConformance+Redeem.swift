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
            guard case .redeemed(let spent) = try await store.redeem(code: "free", install: UUID().uuidString, at: Instant.at(1)) else {
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
            try await store.redeem(code: "two", install: UUID().uuidString, at: Instant.at(1)),
            try await store.redeem(code: "two", install: UUID().uuidString, at: Instant.at(2)),
            try await store.redeem(code: "two", install: UUID().uuidString, at: Instant.at(3)),
            try await store.redeem(code: "two", install: UUID().uuidString, at: Instant.at(4)),
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
        #expect(try await store.redeem(code: "zero", install: UUID().uuidString, at: Instant.at(1)) == .exhausted)
        #expect(try await store.link(code: "zero")?.redeemCount == 0)
    }

    /// Expired (from the expiry instant on) and deleted links are `.gone`, before `.exhausted`,
    /// and spend nothing.
    static func redeemGone(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("expiring", redeemLimit: 5, expiresAt: Instant.at(60)))
        #expect(try await store.redeem(code: "expiring", install: UUID().uuidString, at: Instant.at(59.999)).isRedeemed)
        #expect(try await store.redeem(code: "expiring", install: UUID().uuidString, at: Instant.at(60)) == .gone)
        #expect(try await store.redeem(code: "expiring", install: UUID().uuidString, at: Instant.at(3600)) == .gone)
        #expect(try await store.link(code: "expiring")?.redeemCount == 1)

        try await store.insert(makeLink("deleted", redeemLimit: 5))
        #expect(try await store.delete(code: "deleted", team: "acme", at: Instant.at(1)))
        #expect(try await store.redeem(code: "deleted", install: UUID().uuidString, at: Instant.at(2)) == .gone)
        #expect(try await store.link(code: "deleted")?.redeemCount == 0)

        try await store.insert(makeLink("spent", redeemLimit: 1, expiresAt: Instant.at(10)))
        #expect(try await store.redeem(code: "spent", install: UUID().uuidString, at: Instant.at(1)).isRedeemed)
        #expect(try await store.redeem(code: "spent", install: UUID().uuidString, at: Instant.at(2)) == .exhausted)
        #expect(try await store.redeem(code: "spent", install: UUID().uuidString, at: Instant.at(11)) == .gone)
    }

    /// A code never issued is `.notFound`.
    static func redeemNotFound(_ database: TestDatabase) async throws {
        let store = try await database.open()
        #expect(try await store.redeem(code: "ghost", install: UUID().uuidString, at: Instant.at(1)) == .notFound)
        try await store.insert(makeLink("real"))
        #expect(try await store.redeem(code: "REAL", install: UUID().uuidString, at: Instant.at(1)) == .notFound)
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
                group.addTask { try await store.redeem(code: "race", install: UUID().uuidString, at: Instant.at(1)) }
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

extension LinkStoreConformance {
    /// One install spends at most one redemption of a link: its later calls answer the link as it
    /// is, spending nothing, even once other installs have spent the rest; other installs spend
    /// their own. A failed attempt (exhausted) records nothing, and a gone link is gone for all.
    static func redeemPerInstall(_ database: TestDatabase) async throws {
        let store = try await database.open()
        var link = makeLink("perinstall", redeemLimit: 2)
        link.metadata = ["coupon": "SPRING"]
        try await store.insert(link)
        guard case .redeemed(let first) = try await store.redeem(code: "perinstall", install: "install-a", at: Instant.at(1)) else {
            Issue.record("the first install's redemption failed")
            return
        }
        #expect(first.redeemCount == 1)
        #expect(try await store.redeem(code: "perinstall", install: "install-a", at: Instant.at(2)) == .alreadyRedeemed(first))
        #expect(try await store.link(code: "perinstall")?.redeemCount == 1, "a repeat spends nothing")
        #expect(try await store.redeem(code: "perinstall", install: "install-b", at: Instant.at(3)).isRedeemed)
        #expect(try await store.redeem(code: "perinstall", install: "install-c", at: Instant.at(4)) == .exhausted)
        var spent = first
        spent.redeemCount = 2
        #expect(try await store.redeem(code: "perinstall", install: "install-a", at: Instant.at(5)) == .alreadyRedeemed(spent),
                "an install that redeemed still gets its metadata once the limit is reached")
        #expect(try await store.redeem(code: "perinstall", install: "install-c", at: Instant.at(6)) == .exhausted,
                "an exhausted attempt recorded nothing for its install")
        // The same install on another link is another redemption.
        try await store.insert(makeLink("other", redeemLimit: 1))
        #expect(try await store.redeem(code: "other", install: "install-a", at: Instant.at(7)).isRedeemed)
        #expect(try await store.delete(code: "perinstall", team: "acme", at: Instant.at(8)))
        #expect(try await store.redeem(code: "perinstall", install: "install-a", at: Instant.at(9)) == .gone)
    }

    /// 40 concurrent redemptions by one install, through two store instances on one database,
    /// spend exactly one redemption; every call succeeds, one of them as the spend.
    static func redeemInstallRace(_ database: TestDatabase) async throws {
        let first = try await database.open()
        let second = try await database.open()
        try await first.insert(makeLink("samerace", redeemLimit: 10))
        let results = try await withThrowingTaskGroup(of: RedeemResult.self) { group in
            for index in 0..<40 {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask { try await store.redeem(code: "samerace", install: "one-install", at: Instant.at(1)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter(\.isRedeemed).count == 1)
        #expect(results.filter { if case .alreadyRedeemed = $0 { true } else { false } }.count == 39)
        #expect(try await second.link(code: "samerace")?.redeemCount == 1)
    }
}

extension RedeemResult {
    var isRedeemed: Bool {
        if case .redeemed = self { true } else { false }
    }
}
