public import Foundation
import GRDB

extension SQLiteLinkStore {
    public func insertChallenge(_ challenge: String, expiresAt: Date) async throws {
        try await write { db in
            try db.execute(sql: "INSERT INTO attest_challenges (challenge, expires_at) VALUES (?, ?)",
                           arguments: [challenge, StoredDate.milliseconds(expiresAt)])
        }
    }

    public func consumeChallenge(_ challenge: String, now: Date) async throws -> Bool {
        let now = StoredDate.milliseconds(now)
        return try await write { db in
            let live = try Bool.fetchOne(db, sql: """
                DELETE FROM attest_challenges WHERE challenge = ? RETURNING expires_at > ?
                """, arguments: [challenge, now]) ?? false
            try db.execute(sql: "DELETE FROM attest_challenges WHERE expires_at <= ?", arguments: [now])
            return live
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
