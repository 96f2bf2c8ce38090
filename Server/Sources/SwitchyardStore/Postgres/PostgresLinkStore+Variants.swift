public import Foundation
import Logging
import PostgresNIO
public import SwitchyardRules

extension PostgresLinkStore {
    public func linksDecidingVariants(by date: Date, limit: Int) async throws -> [SmartLink] {
        try await rows("""
            SELECT \(unescaped: Self.columns) FROM links
            WHERE variants_pending_end IS NOT NULL AND variants_pending_end <= \(StoredDate.rounded(date)) AND deleted_at IS NULL
            ORDER BY variants_pending_end, code LIMIT \(ListLimit.clamped(limit))
            """).map(Self.decodeLink)
    }

    public func decideVariants(code: String, decided: LinkVariants, route: LinkRouteChange?, audit: AuditEntry?,
                               webhooks: [WebhookDelivery.New]) async throws -> SmartLink? {
        let changes = route != nil
        let parameters = route.map { StoredJSON.text($0.routeParameters) }
        // Only while the test is undecided: of two instances deciding at once, one writes.
        let query: PostgresQuery = """
            UPDATE links SET variants = \(decided.storedText), variants_pending_end = NULL,
                route = CASE WHEN \(changes) THEN \(route?.route) ELSE route END,
                route_name = CASE WHEN \(changes) THEN \(route?.routeName) ELSE route_name END,
                route_parameters = CASE WHEN \(changes) THEN \(parameters) ELSE route_parameters END
            WHERE code = \(code) AND variants_pending_end IS NOT NULL AND deleted_at IS NULL
            RETURNING \(unescaped: Self.columns)
            """
        let logger = logger
        let rows = try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                let changed = try await connection.query(query, logger: logger).collect()
                guard !changed.isEmpty else { return changed }
                if let audit { try await Self.append(connection, [audit], logger: logger) }
                try await Self.enqueue(connection, webhooks, logger: logger)
                return changed
            }
        }
        return try rows.first.map(Self.decodeLink)
    }
}
