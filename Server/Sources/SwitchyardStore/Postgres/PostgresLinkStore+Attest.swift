public import Foundation
import PostgresNIO

extension PostgresLinkStore {
    /// One transaction holding an advisory lock on the client, so concurrent calls of one client
    /// (on any instance) count one after another.
    public func insertChallenge(_ challenge: String, client: String, expiresAt: Date, now: Date, limit: Int?) async throws -> Bool {
        let now = StoredDate.rounded(now)
        let expiresAt = StoredDate.rounded(expiresAt)
        let lock = "switchyard-attest-challenges/" + schema + "/" + client
        let logger = logger
        return try await run { database in
            try await database.withTransaction(logger: logger) { connection -> Bool in
                if let limit {
                    try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(lock)))", logger: logger)
                    let counted = try await connection.query("""
                        SELECT count(*) FROM attest_challenges WHERE client = \(client) AND expires_at > \(now)
                        """, logger: logger)
                    var held = 0
                    for try await row in counted { held = try row.decode(Int.self) }
                    guard held < limit else { return false }
                }
                try await connection.query("""
                    INSERT INTO attest_challenges (challenge, client, expires_at) VALUES (\(challenge), \(client), \(expiresAt))
                    """, logger: logger)
                return true
            }
        }
    }

    public func outstandingChallenges(now: Date) async throws -> Int {
        let now = StoredDate.rounded(now)
        return try await rows("SELECT count(*) FROM attest_challenges WHERE expires_at > \(now)").first?.decode(Int.self) ?? 0
    }

    public func attestKeyCount(install: String) async throws -> Int {
        try await rows("SELECT count(*) FROM attest_keys WHERE install = \(install)").first?.decode(Int.self) ?? 0
    }

    public func consumeChallenge(_ challenge: String, now: Date) async throws -> Bool {
        let now = StoredDate.rounded(now)
        let spent = try await rows("""
            WITH spent AS (DELETE FROM attest_challenges WHERE challenge = \(challenge) RETURNING expires_at)
            SELECT expires_at > \(now) FROM spent
            """)
        return try spent.first?.decode(Bool.self) ?? false
    }

    public func forgetChallenges(expiredBy now: Date, limit: Int) async throws -> Int {
        try await rows("""
            DELETE FROM attest_challenges WHERE challenge IN
                (SELECT challenge FROM attest_challenges WHERE expires_at <= \(StoredDate.rounded(now)) LIMIT \(limit))
            RETURNING 1
            """).count
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
