import Foundation
import Testing
@testable import SwitchyardStore

extension LinkStoreConformance {
    static let day: TimeInterval = 86_400

    static func record(_ key: String = "k1", scope: String = "links:team:acme", owner: String, fingerprint: String = "f1",
                       at seconds: Double) -> IdempotencyRecord {
        IdempotencyRecord(scope: scope, key: key, owner: owner, fingerprint: fingerprint, createdAt: Instant.at(seconds))
    }

    static func reserve(_ store: any LinkStore, _ record: IdempotencyRecord, now seconds: Double) async throws -> IdempotencyReservation {
        try await store.reserveIdempotencyKey(record, expiredBefore: Instant.at(seconds - day), abandonedBefore: Instant.at(seconds - 60))
    }

    /// A key is reserved once; the holder completes it and every later reservation gets the
    /// answer; only the holder completes or releases; a released key is free again; scopes are apart.
    static func idempotencyReserve(_ database: TestDatabase) async throws {
        let store = try await database.open()
        #expect(try await reserve(store, record(owner: "a", at: 1), now: 1) == .reserved)
        guard case .existing(let inFlight) = try await reserve(store, record(owner: "b", fingerprint: "f2", at: 2), now: 2) else {
            Issue.record("a second reservation of a held key succeeded")
            return
        }
        #expect(inFlight == record(owner: "a", at: 1), "the holder's record, in flight, unchanged")
        #expect(try await store.idempotencyRecord(scope: "links:team:acme", key: "k1") == inFlight)
        #expect(try await store.idempotencyRecord(scope: "links:team:other", key: "k1") == nil)
        // Another scope, the same key: its own reservation.
        #expect(try await reserve(store, record(scope: "links:team:other", owner: "c", at: 2), now: 2) == .reserved)

        let answer = IdempotencyRecord.Response(status: 201, headers: ["Content-Type": "application/json", "Location": "/api/v1/links/x"],
                                                body: #"{"code":"x","é":"✓"}"#)
        #expect(try await store.completeIdempotencyKey(scope: "links:team:acme", key: "k1", owner: "b", response: answer) == false)
        try await store.releaseIdempotencyKey(scope: "links:team:acme", key: "k1", owner: "b")
        #expect(try await store.idempotencyRecord(scope: "links:team:acme", key: "k1") != nil, "only the holder releases")
        #expect(try await store.completeIdempotencyKey(scope: "links:team:acme", key: "k1", owner: "a", response: answer))
        guard case .existing(let done) = try await reserve(store, record(owner: "d", at: 3), now: 3) else {
            Issue.record("a completed key was reserved again")
            return
        }
        #expect(done.response == answer && done.owner == "a" && done.fingerprint == "f1")
        try await store.releaseIdempotencyKey(scope: "links:team:acme", key: "k1", owner: "a")
        #expect(try await store.idempotencyRecord(scope: "links:team:acme", key: "k1")?.response == answer,
                "a completed record is not released")

        // A failed request releases its key: the retry reserves it.
        #expect(try await reserve(store, record("k2", owner: "e", at: 4), now: 4) == .reserved)
        try await store.releaseIdempotencyKey(scope: "links:team:acme", key: "k2", owner: "e")
        #expect(try await store.idempotencyRecord(scope: "links:team:acme", key: "k2") == nil)
        #expect(try await reserve(store, record("k2", owner: "f", at: 5), now: 5) == .reserved)
    }

    /// Of many concurrent reservations of one key, exactly one wins.
    static func idempotencyRace(_ database: TestDatabase) async throws {
        let store = try await database.open()
        let results = try await withThrowingTaskGroup(of: IdempotencyReservation.self) { group in
            for index in 0..<20 {
                group.addTask { try await reserve(store, record(owner: "owner\(index)", at: 1), now: 1) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { $0 == .reserved }.count == 1)
        let holder = try #require(try await store.idempotencyRecord(scope: "links:team:acme", key: "k1")).owner
        for case .existing(let record) in results { #expect(record.owner == holder) }
    }

    /// A record older than a day, or left in flight past the abandon time, is replaced by a new
    /// reservation; old records are deleted in batches.
    static func idempotencyExpiry(_ database: TestDatabase) async throws {
        let store = try await database.open()
        #expect(try await reserve(store, record(owner: "a", at: 0), now: 0) == .reserved)
        #expect(try await reserve(store, record(owner: "b", at: 59), now: 59) != .reserved)
        #expect(try await reserve(store, record(owner: "b", at: 60), now: 60) == .reserved, "abandoned after a minute in flight")
        let answer = IdempotencyRecord.Response(status: 201, headers: [:], body: "{}")
        #expect(try await store.completeIdempotencyKey(scope: "links:team:acme", key: "k1", owner: "a", response: answer) == false,
                "the abandoned holder no longer completes it")
        #expect(try await store.completeIdempotencyKey(scope: "links:team:acme", key: "k1", owner: "b", response: answer))
        #expect(try await reserve(store, record(owner: "c", at: 60 + day - 1), now: 60 + day - 1) != .reserved, "kept for a day")
        #expect(try await reserve(store, record(owner: "c", at: 60 + day), now: 60 + day) == .reserved, "then replaced")

        for index in 0..<7 {
            #expect(try await reserve(store, record("old\(index)", owner: "o", at: Double(index)), now: Double(index)) == .reserved)
        }
        #expect(try await store.forgetIdempotencyKeys(madeBy: Instant.at(6), limit: 5) == 5)
        #expect(try await store.forgetIdempotencyKeys(madeBy: Instant.at(6), limit: 5) == 2)
        #expect(try await store.forgetIdempotencyKeys(madeBy: Instant.at(6), limit: 5) == 0)
        #expect(try await store.idempotencyRecord(scope: "links:team:acme", key: "k1")?.owner == "c", "a newer record stays")
    }
}
