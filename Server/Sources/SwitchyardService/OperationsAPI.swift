import Foundation
import Hummingbird
import Switchyard

/// `/health`, `/metrics`, the association files and the OpenAPI document.
struct OperationsAPI: Sendable {
    let service: LinkService
    let openAPI: String

    func register(on router: Hummingbird.Router<ServiceRequestContext>) {
        router.get("health") { _, _ in await health() }
        router.get("metrics") { _, _ in
            Responses.text(service.metrics.text(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get(".well-known/apple-app-site-association") { _, _ in
            Responses.json(service.associations.appleAppSiteAssociation, headers: [.cacheControl: "public, max-age=3600"])
        }
        router.get(".well-known/assetlinks.json") { _, _ in
            Responses.json(service.associations.assetLinks, headers: [.cacheControl: "public, max-age=3600"])
        }
        for path in ["api/v1/openapi.json", "openapi.json"] {
            router.get(RouterPath(path)) { _, _ in Responses.json(openAPI, headers: [.cacheControl: "public, max-age=300"]) }
        }
    }

    func health() async -> EditedResponse<HealthStatus> {
        do {
            try await service.store.ping()
            return EditedResponse(response: .ok)
        } catch {
            service.logger.warning("health check: database unavailable", metadata: ["error": "\(error)"])
            return EditedResponse(status: .serviceUnavailable, headers: [.retryAfter: "5"], response: .unavailable)
        }
    }
}
