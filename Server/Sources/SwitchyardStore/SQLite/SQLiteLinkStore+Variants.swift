public import Foundation
import GRDB
public import SwitchyardRules

extension SQLiteLinkStore {
    public func linksDecidingVariants(by date: Date, limit: Int) async throws -> [SmartLink] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.columns) FROM links
                WHERE variants_pending_end IS NOT NULL AND variants_pending_end <= ? AND deleted_at IS NULL
                ORDER BY variants_pending_end, code LIMIT ?
                """, arguments: [StoredDate.milliseconds(date), ListLimit.clamped(limit)]).map(Self.decodeLink)
        }
    }

    public func decideVariants(code: String, decided: LinkVariants, route: LinkRouteChange?, audit: AuditEntry?,
                               webhooks: [WebhookDelivery.New]) async throws -> SmartLink? {
        try await write { db in
            // Only while the test is undecided: of two instances deciding at once, one writes.
            guard let row = try Row.fetchOne(db, sql: """
                UPDATE links SET variants = ?, variants_pending_end = NULL,
                    route = CASE WHEN ? THEN ? ELSE route END,
                    route_name = CASE WHEN ? THEN ? ELSE route_name END,
                    route_parameters = CASE WHEN ? THEN ? ELSE route_parameters END
                WHERE code = ? AND variants_pending_end IS NOT NULL AND deleted_at IS NULL
                RETURNING \(Self.columns)
                """, arguments: [decided.storedText, route != nil, route?.route, route != nil, route?.routeName,
                                 route != nil, route.map { StoredJSON.text($0.routeParameters) }, code])
            else { return nil }
            if let audit { try Self.append(db, [audit]) }
            try Self.enqueue(db, webhooks)
            return try Self.decodeLink(row)
        }
    }
}
