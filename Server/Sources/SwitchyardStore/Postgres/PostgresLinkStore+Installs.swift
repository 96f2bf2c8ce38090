import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func installRecords(_ install: String, team: String?) async throws -> InstallRecords {
        let logger = logger
        return try await run { client in
            try await client.withConnection { connection in try await Self.installRecords(connection, install: install, team: team, logger: logger) }
        }
    }

    public func eraseInstall(_ install: String, team: String?, audit: @escaping @Sendable (InstallErasure) -> AuditEntry?) async throws -> InstallErasure {
        let logger = logger
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection -> InstallErasure in
                let found = try await Self.installRecords(connection, install: install, team: team, lock: true, logger: logger)
                var erasure = InstallErasure()
                for redemption in found.redemptions {
                    let changed = try await connection.query("""
                        UPDATE redemptions SET install = \(InstallRecords.anonymousInstall())
                        WHERE code = \(redemption.code) AND install = \(install) RETURNING 1
                        """, logger: logger).collect()
                    erasure.redemptionsAnonymized += changed.count
                }
                erasure.attestedKeysDeleted = try await connection.query(
                    "DELETE FROM attest_keys WHERE install = \(install) RETURNING 1", logger: logger).collect().count
                for delivery in found.webhookDeliveries {
                    let changed = try await connection.query("""
                        UPDATE webhook_deliveries SET body = \(InstallRecords.redacted(delivery.body, install: install))
                        WHERE id = \(delivery.id) RETURNING 1
                        """, logger: logger).collect()
                    erasure.webhookDeliveriesRedacted += changed.count
                }
                for key in found.rateBuckets {
                    erasure.rateBucketsDeleted += try await connection.query(
                        "DELETE FROM rate_buckets WHERE key = \(key) RETURNING 1", logger: logger).collect().count
                }
                if let entry = audit(erasure) { try await Self.append(connection, [entry], logger: logger) }
                return erasure
            }
        }
    }

    /// The records naming `install`; `lock` takes the rows it reads for update (in an erasure's transaction).
    private static func installRecords(_ connection: PostgresConnection, install: String, team: String?, lock: Bool = false,
                                       logger: Logger) async throws -> InstallRecords {
        let forUpdate = lock ? " FOR UPDATE OF r" : ""
        var redemptions: [InstallRecords.Redemption] = []
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: """
            SELECT r.code, l.team, r.redeemed_at, r.address_range FROM redemptions r JOIN links l ON l.code = r.code
            WHERE r.install = $1 AND ($2::text IS NULL OR l.team = $2) ORDER BY r.redeemed_at, r.code\(forUpdate)
            """, binds: binds(install, team)), logger: logger) {
            let (code, owner, at, range) = try row.decode((String, String, Date, String?).self)
            redemptions.append(.init(code: code, team: owner, redeemedAt: StoredDate.rounded(at), addressRange: range))
        }
        var keys: [AttestKeyRecord] = []
        for try await row in try await connection.query("""
            SELECT key_id, install, app_id, public_key, counter, attested_at FROM attest_keys WHERE install = \(install)
            ORDER BY attested_at, key_id
            """, logger: logger) {
            let (id, owner, appID, key, counter, at) = try row.decode((String, String, String, ByteBuffer, Int64, Date).self)
            keys.append(AttestKeyRecord(keyID: id, install: owner, appID: appID, publicKey: Array(buffer: key), counter: counter,
                                        attestedAt: StoredDate.rounded(at)))
        }
        // strpos, not LIKE: an install may hold '_', which LIKE reads as any character.
        var deliveries: [InstallRecords.WebhookDelivery] = []
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: """
            SELECT d.id, d.webhook_id, d.event_type, d.created_at, d.body FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
            WHERE strpos(d.body, $1) > 0 AND ($2::text IS NULL OR w.team = $2) ORDER BY d.id
            """, binds: binds("\"\(install)\"", team)), logger: logger) {
            let (id, webhook, event, at, body) = try row.decode((Int64, String, String, Date, String).self)
            deliveries.append(.init(id: id, webhookID: webhook, eventType: event, createdAt: StoredDate.rounded(at), body: body))
        }
        // The app-key create limit's bucket (RateLimiter: "app-create:install:ID").
        var buckets: [String] = []
        for try await row in try await connection.query("""
            SELECT key FROM rate_buckets WHERE key = \("app-create:install:" + install) ORDER BY key
            """, logger: logger) {
            buckets.append(try row.decode(String.self))
        }
        return InstallRecords(install: install, redemptions: redemptions, attestedKeys: keys, webhookDeliveries: deliveries, rateBuckets: buckets)
    }

    /// `$1` and `$2` (NULL for every team).
    private static func binds(_ first: String, _ team: String?) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(first)
        if let team { binds.append(team) } else { binds.appendNull() }
        return binds
    }
}
