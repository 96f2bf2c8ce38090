import Foundation
import Hummingbird
import Switchyard

/// `/health`, `/metrics`, the association files and the OpenAPI document.
///
/// `/metrics` (Prometheus text) needs an admin key (`Authorization: Bearer`), unless the service
/// has a metrics port (``ServiceConfiguration/metricsPort``): then it is answered there, without a
/// key, and not on the main port (``metricsRouter(service:)``).
struct OperationsAPI: Sendable {
    let service: LinkService
    let openAPI: String

    /// The routes, at the root.
    var routes: ServiceRoutes {
        let router = ServiceRoutes(context: ServiceRequestContext.self)
        router.get("health") { _, _ in await health() }
        // With a metrics port, `/metrics` is answered there only (without a key); here it needs the
        // operator's key: the figures are every team's, so a team's named admin key may not read them.
        if service.configuration.metricsPort == nil {
            router.group("metrics").add(middleware: KeyAuthentication(service: service))
                .get { _, context in
                    guard context.caller?.identity.hasPrefix("env:") == true else {
                        throw Problem(.forbidden, kind: "operator-only", title: "For the operator only",
                                      detail: "/metrics shows every team's activity: read it with the service's bootstrap admin key (SWITCHYARD_API_KEY) or on --metrics-port")
                    }
                    return metrics()
                }
        }
        // Each link domain answers the files (they claim every code on the host that serves them);
        // a host that is none of the service's domains answers 404, as its links do.
        router.get(".well-known/apple-app-site-association") { request, context in
            guard service.servedDomain(request, context: context) != nil else { return Self.noDomain }
            return Responses.json(service.associations.appleAppSiteAssociation, headers: [.cacheControl: "public, max-age=3600"])
        }
        router.get(".well-known/assetlinks.json") { request, context in
            guard service.servedDomain(request, context: context) != nil else { return Self.noDomain }
            return Responses.json(service.associations.assetLinks, headers: [.cacheControl: "public, max-age=3600"])
        }
        for path in ["api/v1/openapi.json", "openapi.json"] {
            router.get(RouterPath(path)) { _, _ in Responses.json(openAPI, headers: [.cacheControl: "public, max-age=300"]) }
        }
        return router
    }

    /// The association files' answer on a host that is none of the service's link domains.
    static var noDomain: Response {
        Responses.json(#"{"error":"not a link domain of this service"}"#, status: .notFound)
    }

    func metrics() -> Response {
        Responses.text(service.metrics.text(), contentType: "text/plain; version=0.0.4; charset=utf-8")
    }

    /// The router of the metrics port: `GET /metrics` only, without a key.
    static func metricsRouter(service: LinkService) -> HTTPRouter<BasicRequestContext> {
        let router = HTTPRouter(context: BasicRequestContext.self)
        router.get("metrics") { _, _ in OperationsAPI(service: service, openAPI: "").metrics() }
        return router
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
