import Foundation
import Hummingbird
import SwitchyardStore

/// `GET /dashboard/webhooks`: the team's webhooks and the deliveries given up on (retried for the
/// retry window without a 2xx), most recent first. Webhooks are created and deleted with the API.
extension Dashboard {
    /// Failed deliveries shown at most.
    static let failedDeliveriesShown = 100

    func webhooksPage(session: DashboardSessions.Session) async throws -> Response {
        let webhooks = try await service.storage { try await service.store.webhooks(team: session.team) }
        let failed = try await service.storage {
            try await service.store.failedWebhookDeliveries(team: session.team, limit: Self.failedDeliveriesShown)
        }
        let page = WebhooksView(
            webhooks: webhooks.map { webhook in
                WebhooksView.Row(id: webhook.id, url: webhook.url, events: webhook.events.map(\.rawValue).sorted().joined(separator: ", "),
                                 created: APIDates.text(webhook.createdAt))
            },
            failures: failed.map { delivery in
                WebhooksView.Failure(event: delivery.delivery.eventID, type: delivery.delivery.type.rawValue, url: delivery.url,
                                     happened: APIDates.text(delivery.delivery.createdAt), failedAt: APIDates.text(delivery.failedAt),
                                     attempts: delivery.attempts, error: delivery.lastError ?? "")
            })
        return DashboardPage.response(DashboardPage.render(.webhooks, title: "Webhooks", session: session, page: page))
    }

    /// The `webhooks` template's page.
    struct WebhooksView: Sendable {
        /// One webhook.
        struct Row: Sendable {
            let id: String
            let url: String
            let events: String
            let created: String
        }

        /// One delivery given up on.
        struct Failure: Sendable {
            let event: String
            let type: String
            let url: String
            let happened: String
            let failedAt: String
            let attempts: Int
            let error: String
        }

        let webhooks: [Row]
        let failures: [Failure]
        // Stored, not computed: templates read their contexts by reflection, which sees stored properties only.
        let hasWebhooks: Bool
        let hasFailures: Bool

        init(webhooks: [Row], failures: [Failure]) {
            self.webhooks = webhooks
            self.failures = failures
            hasWebhooks = !webhooks.isEmpty
            hasFailures = !failures.isEmpty
        }
    }
}
