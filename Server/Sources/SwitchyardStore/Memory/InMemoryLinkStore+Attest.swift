public import Foundation

extension InMemoryLinkStore {
    public func insertChallenge(_ challenge: String, expiresAt: Date) async throws {
        try check()
        attestChallenges[challenge] = StoredDate.rounded(expiresAt)
    }

    public func consumeChallenge(_ challenge: String, now: Date) async throws -> Bool {
        try check()
        let now = StoredDate.rounded(now)
        let expiresAt = attestChallenges.removeValue(forKey: challenge)
        attestChallenges = attestChallenges.filter { $0.value > now }
        return expiresAt.map { $0 > now } ?? false
    }

    public func insertAttestKey(_ key: AttestKeyRecord) async throws -> Bool {
        try check()
        guard attestKeys[key.keyID] == nil else { return false }
        var key = key
        key.attestedAt = StoredDate.rounded(key.attestedAt)
        attestKeys[key.keyID] = key
        return true
    }

    public func attestKey(id keyID: String) async throws -> AttestKeyRecord? {
        try check()
        return attestKeys[keyID]
    }

    public func advanceAttestCounter(keyID: String, to counter: Int64) async throws -> Bool {
        try check()
        guard let key = attestKeys[keyID], key.counter < counter else { return false }
        attestKeys[keyID]?.counter = counter
        return true
    }
}
