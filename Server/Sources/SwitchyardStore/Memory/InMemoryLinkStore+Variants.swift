public import Foundation
public import SwitchyardRules

extension InMemoryLinkStore {
    public func linksDecidingVariants(by date: Date, limit: Int) async throws -> [SmartLink] {
        try check()
        return links.values.filter { $0.deletedAt == nil && ($0.variantsPendingEnd.map { $0 <= date } ?? false) }
            .sorted { ($0.variantsPendingEnd!, $0.code) < ($1.variantsPendingEnd!, $1.code) }
            .prefix(ListLimit.clamped(limit)).map { $0 }
    }

    public func decideVariants(code: String, decided: LinkVariants, route: LinkRouteChange?, audit: AuditEntry?,
                               webhooks: [WebhookDelivery.New]) async throws -> SmartLink? {
        try check()
        guard var link = links[code], link.deletedAt == nil, link.variantsPendingEnd != nil else { return nil }
        var stored = decided
        stored.decidedAt = stored.decidedAt.map(StoredDate.rounded)
        link.content.variants = stored
        if let route {
            link.content.route = route.route
            link.content.routeName = route.routeName
            link.content.routeParameters = route.routeParameters
        }
        links[code] = link
        if let audit { append(audit) }
        webhookTables.enqueue(webhooks)
        return link
    }
}
