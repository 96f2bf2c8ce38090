import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    /// A challenge answers true once, before it expires; an expired one answers false; an
    /// unknown one answers false. The expiry sweep's delete takes expired challenges only, in
    /// batches.
    static func attestChallenges(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insertChallenge("challenge-a", expiresAt: Instant.at(60))
        try await store.insertChallenge("challenge-b", expiresAt: Instant.at(60))
        #expect(try await store.consumeChallenge("challenge-a", now: Instant.at(10)))
        #expect(try await !store.consumeChallenge("challenge-a", now: Instant.at(11)), "used once")
        #expect(try await !store.consumeChallenge("challenge-b", now: Instant.at(60)), "expired at its instant")
        #expect(try await !store.consumeChallenge("never-issued", now: Instant.at(1)))

        for index in 0..<5 { try await store.insertChallenge("old-\(index)", expiresAt: Instant.at(30)) }
        try await store.insertChallenge("live", expiresAt: Instant.at(90))
        #expect(try await store.forgetChallenges(expiredBy: Instant.at(30), limit: 3) == 3, "one batch")
        #expect(try await store.forgetChallenges(expiredBy: Instant.at(30), limit: 3) == 2, "the rest")
        #expect(try await store.forgetChallenges(expiredBy: Instant.at(30), limit: 3) == 0)
        #expect(try await !store.consumeChallenge("old-4", now: Instant.at(1)), "an expired challenge was deleted")
        #expect(try await store.consumeChallenge("live", now: Instant.at(31)), "an unexpired one was kept")
    }

    /// One client holds at most `limit` challenges that are neither spent nor expired; other
    /// clients have their own; a spent or expired challenge frees its place; concurrent inserts
    /// of one client (through two connections) keep the cap.
    static func attestChallengeCap(_ database: TestDatabase) async throws {
        let store = try await database.open()
        func insert(_ challenge: String, _ client: String = "2001:db8:1:2::/64", expiresAt: Double = 60, now: Double = 1,
                    limit: Int? = 3) async throws -> Bool {
            try await store.insertChallenge(challenge, client: client, expiresAt: Instant.at(expiresAt), now: Instant.at(now), limit: limit)
        }
        for index in 0..<3 { #expect(try await insert("held-\(index)")) }
        #expect(try await !insert("held-3"), "the cap")
        #expect(try await !store.consumeChallenge("held-3", now: Instant.at(2)), "a refused challenge is not stored")
        #expect(try await insert("other-0", "198.51.100.7"), "another client has its own")
        #expect(try await insert("uncapped", limit: nil), "no cap asked")
        #expect(try await store.consumeChallenge("held-0", now: Instant.at(2)))
        #expect(try await !insert("held-4", now: 2), "still three held: held-1, held-2 and the uncapped one")
        #expect(try await store.consumeChallenge("uncapped", now: Instant.at(2)))
        #expect(try await insert("held-5", now: 2), "a spent challenge frees its place")
        #expect(try await insert("held-6", now: 60), "expired challenges hold no place, deleted or not")

        let second = try await database.open(migrate: false)
        let kept = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await (index.isMultiple(of: 2) ? store : second).insertChallenge(
                        "race-\(index)", client: "203.0.113.9", expiresAt: Instant.at(60), now: Instant.at(1), limit: 4)
                }
            }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(kept == 4)
    }

    /// A key is stored once, read back whole, and its counter only rises: of many concurrent
    /// raises to the same counter exactly one succeeds.
    static func attestKeys(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let key = AttestKeyRecord(keyID: "a2V5LWlk", install: "install-a", appID: "TEAMID.com.example.shop",
                                  publicKey: [0x04] + Array(repeating: 7, count: 64), attestedAt: Instant.at(1))
        #expect(try await store.insertAttestKey(key))
        var other = key
        other.install = "install-b"
        #expect(try await !store.insertAttestKey(other), "a key id is stored once")
        #expect(try await store.attestKey(id: "a2V5LWlk") == key)
        #expect(try await store.attestKey(id: "unknown") == nil)
        #expect(try await store.advanceAttestCounter(keyID: "a2V5LWlk", to: 3))
        #expect(try await !store.advanceAttestCounter(keyID: "a2V5LWlk", to: 3), "the same counter again")
        #expect(try await !store.advanceAttestCounter(keyID: "a2V5LWlk", to: 2), "a lower counter")
        #expect(try await !store.advanceAttestCounter(keyID: "unknown", to: 9))
        let second = try await database.open(migrate: false)
        let raised = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask { try await (index.isMultiple(of: 2) ? store : second).advanceAttestCounter(keyID: "a2V5LWlk", to: 10) }
            }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(raised == 1)
        #expect(try await store.attestKey(id: "a2V5LWlk")?.counter == 10)
    }

    /// The cap on distinct installs per address range: a range spends at most `limit` installs of
    /// a link in the window, other ranges and links keep their own, an install that redeemed
    /// answers as before, and the window moves on.
    static func redeemInstallSpread(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("spread", redeemLimit: 100))
        try await store.insert(makeLink("elsewhere", redeemLimit: 100))
        let range = InstallSpread(addressRange: "2001:db8:1:2::/64", limit: 3, seconds: 3600)
        func redeem(_ code: String, _ install: String, _ spread: InstallSpread = range, at seconds: Double = 1) async throws -> RedeemResult {
            try await store.redeem(code: code, install: install, at: Instant.at(seconds), spread: spread, webhooks: nil)
        }
        for index in 0..<3 { #expect(try await redeem("spread", "install-\(index)").isRedeemed) }
        #expect(try await redeem("spread", "install-3") == .tooManyInstalls)
        #expect(try await store.link(code: "spread")?.redeemCount == 3, "a refused install spends nothing")
        guard case .alreadyRedeemed = try await redeem("spread", "install-1") else {
            Issue.record("an install that redeemed is answered again")
            return
        }
        #expect(try await redeem("elsewhere", "install-3").isRedeemed, "another link has its own cap")
        let otherRange = InstallSpread(addressRange: "198.51.100.7", limit: 3, seconds: 3600)
        #expect(try await redeem("spread", "install-4", otherRange).isRedeemed, "another range has its own")
        #expect(try await redeem("spread", "install-5", at: 3601).isRedeemed, "after the window")
        #expect(try await store.redeem(code: "spread", install: "install-6", at: Instant.at(3602)).isRedeemed, "no cap asked")
        #expect(try await store.link(code: "spread")?.redeemCount == 6)
    }

    /// The cap on a link's unproved redemptions: every address together spends at most `perLink`
    /// of the link, for its whole life; a proved redemption (no spread) is not counted or refused,
    /// and another link has its own.
    static func redeemUnprovedPerLink(_ database: TestDatabase) async throws {
        let store = try await database.open()
        try await store.insert(makeLink("coupon", redeemLimit: 50))
        try await store.insert(makeLink("other", redeemLimit: 50))
        func spread(_ address: Int) -> InstallSpread {
            InstallSpread(addressRange: "203.0.113.\(address)", limit: 10, seconds: 3600, perLink: 4)
        }
        var results: [Bool] = []
        for index in 0..<6 {
            let result = try await store.redeem(code: "coupon", install: "made-up-\(index)", at: Instant.at(Double(index)),
                                                spread: spread(index), webhooks: nil)
            results.append(result.isRedeemed)
            if !result.isRedeemed { #expect(result == .unprovedLimitReached, "\(result)") }
        }
        #expect(results == [true, true, true, true, false, false])
        #expect(try await store.link(code: "coupon")?.redeemCount == 4, "a refused install spends nothing")
        #expect(try await store.redeem(code: "coupon", install: "attested", at: Instant.at(10)).isRedeemed, "a proved redemption")
        #expect(try await store.redeem(code: "coupon", install: "made-up-9", at: Instant.at(7200), spread: spread(9), webhooks: nil)
                == .unprovedLimitReached, "no window: the cap is for the link's life")
        #expect(try await store.redeem(code: "other", install: "made-up-0", at: Instant.at(11), spread: spread(1), webhooks: nil).isRedeemed)
        #expect(try await store.link(code: "coupon")?.redeemCount == 5)
    }

    /// A link's install proof is stored, and nil (the service's default) stays nil.
    static func installProofStored(_ database: TestDatabase) async throws {
        let store = try await database.open()
        var attested = makeLink("proof", redeemLimit: 2)
        attested.installProof = .attested
        var none = makeLink("noproof")
        none.installProof = InstallProof.none
        try await store.insert(attested)
        _ = try await store.insert(contentsOf: [none, makeLink("default")])
        #expect(try await store.link(code: "proof")?.installProof == .attested)
        #expect(try await store.link(code: "noproof")?.installProof == InstallProof.none)
        #expect(try await store.link(code: "default")?.installProof == nil)
    }
}
