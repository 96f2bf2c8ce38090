public import Foundation
import GRDB

extension SQLiteLinkStore {
    /// The count and the insert share one write transaction, so concurrent calls count one
    /// after another.
    public func insertChallenge(_ challenge: String, client: String, expiresAt: Date, now: Date, limit: Int?) async throws -> Bool {
        let now = StoredDate.milliseconds(now)
        return try await write { db in
            if let limit {
                let held = try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM attest_challenges WHERE client = ? AND expires_at > ?
                    """, arguments: [client, now]) ?? 0
                guard held < limit else { return false }
            }
            try db.execute(sql: "INSERT INTO attest_challenges (challenge, client, expires_at) VALUES (?, ?, ?)",
                           arguments: [challenge, client, StoredDate.milliseconds(expiresAt)])
            return true
        }
    }

    public func outstandingChallenges(now: Date) async throws -> Int {
        let now = StoredDate.milliseconds(now)
        return try await read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM attest_challenges WHERE expires_at > ?", arguments: [now]) ?? 0
        }
    }

    public func attestKeyCount(install: String) async throws -> Int {
        try await read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM attest_keys WHERE install = ?", arguments: [install]) ?? 0
        }
    }

    public func consumeChallenge(_ challenge: String, now: Date) async throws -> Bool {
        let now = StoredDate.milliseconds(now)
        return try await write { db in
            try Bool.fetchOne(db, sql: """
                DELETE FROM attest_challenges WHERE challenge = ? RETURNING expires_at > ?
                """, arguments: [challenge, now]) ?? false
        }
    }

    public func forgetChallenges(expiredBy now: Date, limit: Int) async throws -> Int {
        try await write { db in
            try db.execute(sql: """
                DELETE FROM attest_challenges WHERE challenge IN
                    (SELECT challenge FROM attest_challenges WHERE expires_at <= ? LIMIT ?)
                """, arguments: [StoredDate.milliseconds(now), limit])
            return db.changesCount
        }
    }

    public func insertAttestKey(_ key: AttestKeyRecord) async throws -> Bool {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO attest_keys (key_id, install, app_id, public_key, counter, attested_at)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key_id) DO NOTHING
                """, arguments: [key.keyID, key.install, key.appID, Data(key.publicKey), key.counter,
                                 StoredDate.milliseconds(key.attestedAt)])
            return db.changesCount == 1
        }
    }

    public func attestKey(id keyID: String) async throws -> AttestKeyRecord? {
        try await read { db in
            try Row.fetchOne(db, sql: """
                SELECT key_id, install, app_id, public_key, counter, attested_at FROM attest_keys WHERE key_id = ?
                """, arguments: [keyID]).map { row in
                AttestKeyRecord(keyID: row[0], install: row[1], appID: row[2], publicKey: Array(row[3] as Data),
                                counter: row[4], attestedAt: StoredDate.date(milliseconds: row[5]))
            }
        }
    }

    public func advanceAttestCounter(keyID: String, to counter: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE attest_keys SET counter = ? WHERE key_id = ? AND counter < ?",
                           arguments: [counter, keyID, counter])
            return db.changesCount == 1
        }
    }
}
