import Foundation
import GRDB

extension SQLiteLinkStore {
    public func installRecords(_ install: String, team: String?) async throws -> InstallRecords {
        try await read { db in try Self.installRecords(db, install: install, team: team) }
    }

    public func eraseInstall(_ install: String, team: String?, audit: @escaping @Sendable (InstallErasure) -> AuditEntry?) async throws -> InstallErasure {
        try await write { db in
            let found = try Self.installRecords(db, install: install, team: team)
            var erasure = InstallErasure()
            for redemption in found.redemptions {
                try db.execute(sql: "UPDATE redemptions SET install = ? WHERE code = ? AND install = ?",
                               arguments: [InstallRecords.anonymousInstall(), redemption.code, install])
                erasure.redemptionsAnonymized += db.changesCount
            }
            try db.execute(sql: "DELETE FROM attest_keys WHERE install = ?", arguments: [install])
            erasure.attestedKeysDeleted = db.changesCount
            for delivery in found.webhookDeliveries {
                try db.execute(sql: "UPDATE webhook_deliveries SET body = ? WHERE id = ?",
                               arguments: [InstallRecords.redacted(delivery.body, install: install), delivery.id])
                erasure.webhookDeliveriesRedacted += db.changesCount
            }
            if let entry = audit(erasure) { try Self.append(db, [entry]) }
            return erasure
        }
    }

    private static func installRecords(_ db: Database, install: String, team: String?) throws -> InstallRecords {
        let redemptions = try Row.fetchAll(db, sql: """
            SELECT r.code, l.team, r.redeemed_at, r.address_range FROM redemptions r JOIN links l ON l.code = r.code
            WHERE r.install = ? AND (? IS NULL OR l.team = ?) ORDER BY r.redeemed_at, r.code
            """, arguments: [install, team, team]).map { row in
            InstallRecords.Redemption(code: row[0], team: row[1], redeemedAt: StoredDate.date(milliseconds: row[2]), addressRange: row[3])
        }
        let keys = try Row.fetchAll(db, sql: """
            SELECT key_id, install, app_id, public_key, counter, attested_at FROM attest_keys WHERE install = ? ORDER BY attested_at, key_id
            """, arguments: [install]).map { row in
            AttestKeyRecord(keyID: row[0], install: row[1], appID: row[2], publicKey: Array(row[3] as Data),
                            counter: row[4], attestedAt: StoredDate.date(milliseconds: row[5]))
        }
        // instr, not LIKE: an install may hold '_', which LIKE reads as any character.
        let deliveries = try Row.fetchAll(db, sql: """
            SELECT d.id, d.webhook_id, d.event_type, d.created_at, d.body FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
            WHERE instr(d.body, ?) > 0 AND (? IS NULL OR w.team = ?) ORDER BY d.id
            """, arguments: ["\"\(install)\"", team, team]).map { row in
            InstallRecords.WebhookDelivery(id: row[0], webhookID: row[1], eventType: row[2],
                                           createdAt: StoredDate.date(milliseconds: row[3]), body: row[4])
        }
        return InstallRecords(install: install, redemptions: redemptions, attestedKeys: keys, webhookDeliveries: deliveries)
    }
}
