import Foundation
import Hummingbird
import SwitchyardStore

/// `/api/v1/webhooks`: a team's signed webhooks, with an admin key. Another team's webhook
/// answers 404, as if it did not exist.
struct WebhooksAPI: Sendable {
    let service: LinkService

    /// The most webhooks one team may have.
    static let maximumPerTeam = 20

    /// The routes, under `api/v1/webhooks`.
    var routes: ServiceRoutes {
        let webhooks = service.keyedRoutes()
        webhooks.post { request, context in try await create(request, context: context) }
        webhooks.get { request, context in try await list(request, context: context) }
        webhooks.delete(":id") { request, context in try await delete(request, context: context) }
        return webhooks
    }

    /// `POST /api/v1/webhooks`: 201 with the webhook and its secret (shown this once).
    func create(_ request: Request, context: ServiceRequestContext) async throws -> EditedResponse<WebhookResponse> {
        let team = try context.team
        try await service.spend(.create, caller: "team:" + team)
        let body = try await request.decode(as: CreateWebhookRequest.self, context: context)
        if let refusal = await service.webhookPolicy.refusal(for: body.url) {
            throw Problem.invalid("webhook-url-refused", "Webhook URL refused", refusal)
        }
        let existing = try await service.storage { try await service.store.webhooks(team: team) }
        guard existing.count < Self.maximumPerTeam else {
            throw Problem(.conflict, kind: "too-many-webhooks", title: "Too many webhooks",
                          detail: "a team may have at most \(Self.maximumPerTeam) webhooks; delete one first")
        }
        let webhook = Webhook(id: "wh_" + LinkCodes.generate(length: 20), team: team, url: body.url, events: Set(body.events),
                              secret: WebhookSignature.newSecret(), createdAt: StoredDate.rounded(service.now()))
        let audit = service.auditEntry("webhook.created", target: webhook.id, detail: webhook.url, request: request, context: context)
        try await service.storage { try await service.store.insertWebhook(webhook, audit: audit) }
        service.webhookSubscriptions.add(webhook)
        context.logger.info("webhook created", metadata: ["webhook": "\(webhook.id)", "team": "\(team)"])
        return EditedResponse(status: .created, headers: [.location: "/api/v1/webhooks/\(webhook.id)", .cacheControl: "no-store"],
                              response: WebhookResponse(webhook, showingSecret: true))
    }

    /// `GET /api/v1/webhooks`.
    func list(_ request: Request, context: ServiceRequestContext) async throws -> WebhookListResponse {
        let team = try context.team
        let webhooks = try await service.storage { try await service.store.webhooks(team: team) }
        return WebhookListResponse(webhooks: webhooks.map { WebhookResponse($0, showingSecret: false) })
    }

    /// `DELETE /api/v1/webhooks/{id}`: 204; its pending and failed deliveries go with it.
    func delete(_ request: Request, context: ServiceRequestContext) async throws -> Response {
        let team = try context.team
        let id = try context.parameters.require("id")
        let audit = service.auditEntry("webhook.deleted", target: id, request: request, context: context)
        guard id.utf8.count <= 64, try await service.storage({ try await service.store.deleteWebhook(id: id, team: team, audit: audit) }) else {
            throw Problem(.notFound, kind: "webhook-not-found", title: "Webhook not found", detail: "no webhook '\(id.prefix(64))'")
        }
        service.webhookSubscriptions.remove(id: id, team: team)
        context.logger.info("webhook deleted", metadata: ["webhook": "\(id)", "team": "\(team)"])
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}
