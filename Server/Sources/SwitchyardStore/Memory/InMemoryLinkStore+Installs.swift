import Foundation

extension InMemoryLinkStore {
    public func installRecords(_ install: String, team: String?) async throws -> InstallRecords {
        try check()
        var records = InstallRecords(install: install)
        for (code, installs) in redemptions {
            guard let redemption = installs[install], let link = links[code], team == nil || link.team == team else { continue }
            records.redemptions.append(.init(code: code, team: link.team, redeemedAt: redemption.at, addressRange: redemption.addressRange))
        }
        records.redemptions.sort { ($0.redeemedAt, $0.code) < ($1.redeemedAt, $1.code) }
        records.attestedKeys = attestKeys.values.filter { $0.install == install }.sorted { ($0.attestedAt, $0.keyID) < ($1.attestedAt, $1.keyID) }
        for (id, row) in webhookTables.deliveries where row.delivery.body.contains("\"\(install)\"") {
            guard team == nil || webhookTables.webhooks[row.delivery.webhookID]?.team == team else { continue }
            records.webhookDeliveries.append(.init(id: id, webhookID: row.delivery.webhookID, eventType: row.delivery.type.rawValue,
                                                   createdAt: row.delivery.createdAt, body: row.delivery.body))
        }
        records.webhookDeliveries.sort { $0.id < $1.id }
        return records
    }

    public func eraseInstall(_ install: String, team: String?, audit: @escaping @Sendable (InstallErasure) -> AuditEntry?) async throws -> InstallErasure {
        let found = try await installRecords(install, team: team)
        var erasure = InstallErasure()
        for redemption in found.redemptions {
            guard let kept = redemptions[redemption.code]?.removeValue(forKey: install) else { continue }
            redemptions[redemption.code]?[InstallRecords.anonymousInstall()] = kept
            erasure.redemptionsAnonymized += 1
        }
        for key in found.attestedKeys where attestKeys.removeValue(forKey: key.keyID) != nil {
            erasure.attestedKeysDeleted += 1
        }
        for delivery in found.webhookDeliveries where webhookTables.deliveries[delivery.id] != nil {
            webhookTables.deliveries[delivery.id]?.delivery.body = InstallRecords.redacted(delivery.body, install: install)
            erasure.webhookDeliveriesRedacted += 1
        }
        if let entry = audit(erasure) { append(entry) }
        return erasure
    }
}
