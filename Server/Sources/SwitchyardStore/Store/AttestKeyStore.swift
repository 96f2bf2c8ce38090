public import Foundation

/// One-time App Attest challenges and the installs' attested keys, kept where every instance sees
/// them.
public protocol AttestKeyStore: Sendable {
    /// Keeps a challenge issued to `client` (an address range) until `expiresAt`, unless `client`
    /// holds `limit` challenges already that are neither spent nor expired at `now`: false then,
    /// and nothing is stored. Atomic: of concurrent calls for one client, at most `limit` hold.
    /// A nil `limit` stores the challenge whatever the client holds.
    func insertChallenge(_ challenge: String, client: String, expiresAt: Date, now: Date, limit: Int?) async throws -> Bool

    /// Spends a challenge: true when it was issued and had not expired by `now`; it is gone
    /// afterwards either way, so it answers true at most once.
    func consumeChallenge(_ challenge: String, now: Date) async throws -> Bool

    /// Deletes at most `limit` challenges that expired by `now`, spent or not; how many it
    /// deleted (the expiry sweep runs it until it deletes less than `limit`).
    func forgetChallenges(expiredBy now: Date, limit: Int) async throws -> Int

    /// How many challenges are outstanding at `now` (neither spent nor expired), every client
    /// together: the service's global bound reads it before issuing one.
    func outstandingChallenges(now: Date) async throws -> Int

    /// How many keys were attested for `install`.
    func attestKeyCount(install: String) async throws -> Int

    /// Stores a newly attested key: false (nothing stored) when the key id is stored already.
    func insertAttestKey(_ key: AttestKeyRecord) async throws -> Bool

    /// The stored key with this id, or nil.
    func attestKey(id keyID: String) async throws -> AttestKeyRecord?

    /// Raises the key's counter to `counter` when it is below it: true when it was raised; false
    /// (a replayed or lowered counter, or no such key) otherwise. Atomic: of two calls with the
    /// same counter, one answers true.
    func advanceAttestCounter(keyID: String, to counter: Int64) async throws -> Bool
}

extension AttestKeyStore {
    /// Keeps a challenge until `expiresAt`, for no client and without a cap (tools and tests
    /// that place a known challenge).
    public func insertChallenge(_ challenge: String, expiresAt: Date) async throws {
        _ = try await insertChallenge(challenge, client: "", expiresAt: expiresAt, now: .distantPast, limit: nil)
    }
}
