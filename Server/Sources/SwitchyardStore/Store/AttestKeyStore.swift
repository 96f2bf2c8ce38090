public import Foundation

/// One-time App Attest challenges and the installs' attested keys, kept where every instance sees
/// them.
public protocol AttestKeyStore: Sendable {
    /// Keeps a challenge until `expiresAt`.
    func insertChallenge(_ challenge: String, expiresAt: Date) async throws

    /// Spends a challenge: true when it was issued and had not expired by `now`; it is gone
    /// afterwards either way, so it answers true at most once. Expired challenges are dropped too.
    func consumeChallenge(_ challenge: String, now: Date) async throws -> Bool

    /// Stores a newly attested key: false (nothing stored) when the key id is stored already.
    func insertAttestKey(_ key: AttestKeyRecord) async throws -> Bool

    /// The stored key with this id, or nil.
    func attestKey(id keyID: String) async throws -> AttestKeyRecord?

    /// Raises the key's counter to `counter` when it is below it: true when it was raised; false
    /// (a replayed or lowered counter, or no such key) otherwise. Atomic: of two calls with the
    /// same counter, one answers true.
    func advanceAttestCounter(keyID: String, to counter: Int64) async throws -> Bool
}
