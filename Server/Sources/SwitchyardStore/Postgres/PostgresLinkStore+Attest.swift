public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func insertChallenge(_ challenge: String, expiresAt: Date) async throws {
        _ = try await rows("INSERT INTO attest_challenges (challenge, expires_at) VALUES (\(challenge), \(StoredDate.rounded(expiresAt)))")
    }

    public func consumeChallenge(_ challenge: String, now: Date) async throws -> Bool {
        let now = StoredDate.rounded(now)
        let spent = try await rows("""
            WITH spent AS (DELETE FROM attest_challenges WHERE challenge = \(challenge) RETURNING expires_at)
            SELECT expires_at > \(now) FROM spent
            """)
        _ = try await rows("DELETE FROM attest_challenges WHERE expires_at <= \(now)")
        return try spent.first?.decode(Bool.self) ?? false
    }

    public func insertAttestKey(_ key: AttestKeyRecord) async throws -> Bool {
        let inserted = try await rows("""
            INSERT INTO attest_keys (key_id, install, app_id, public_key, counter, attested_at)
            VALUES (\(key.keyID), \(key.install), \(key.appID), \(ByteBuffer(bytes: key.publicKey)), \(key.counter),
                    \(StoredDate.rounded(key.attestedAt)))
            ON CONFLICT (key_id) DO NOTHING RETURNING key_id
            """)
        return !inserted.isEmpty
    }

    public func attestKey(id keyID: String) async throws -> AttestKeyRecord? {
        let found = try await rows("""
            SELECT key_id, install, app_id, public_key, counter, attested_at FROM attest_keys WHERE key_id = \(keyID)
            """)
        guard let row = found.first else { return nil }
        let (id, install, appID, key, counter, at) = try row.decode((String, String, String, ByteBuffer, Int64, Date).self)
        return AttestKeyRecord(keyID: id, install: install, appID: appID, publicKey: Array(buffer: key), counter: counter,
                               attestedAt: StoredDate.rounded(at))
    }

    public func advanceAttestCounter(keyID: String, to counter: Int64) async throws -> Bool {
        let raised = try await rows("""
            UPDATE attest_keys SET counter = \(counter) WHERE key_id = \(keyID) AND counter < \(counter) RETURNING key_id
            """)
        return !raised.isEmpty
    }
}
