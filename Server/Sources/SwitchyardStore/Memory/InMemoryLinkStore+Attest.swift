public import Foundation

extension InMemoryLinkStore {
    public func insertChallenge(_ challenge: String, client: String, expiresAt: Date, now: Date, limit: Int?) async throws -> Bool {
        try check()
        let now = StoredDate.rounded(now)
        if let limit, attestChallenges.values.count(where: { $0.client == client && $0.expiresAt > now }) >= limit {
            return false
        }
        attestChallenges[challenge] = (client, StoredDate.rounded(expiresAt))
        return true
    }

    public func outstandingChallenges(now: Date) async throws -> Int {
        try check()
        let now = StoredDate.rounded(now)
        return attestChallenges.values.count { $0.expiresAt > now }
    }

    public func attestKeyCount(install: String) async throws -> Int {
        try check()
        return attestKeys.values.count { $0.install == install }
    }

    public func consumeChallenge(_ challenge: String, now: Date) async throws -> Bool {
        try check()
        let now = StoredDate.rounded(now)
        return attestChallenges.removeValue(forKey: challenge).map { $0.expiresAt > now } ?? false
    }

    public func forgetChallenges(expiredBy now: Date, limit: Int) async throws -> Int {
        try check()
        let now = StoredDate.rounded(now)
        let expired = attestChallenges.filter { $0.value.expiresAt <= now }.keys.prefix(limit)
        for challenge in expired { attestChallenges[challenge] = nil }
        return expired.count
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
