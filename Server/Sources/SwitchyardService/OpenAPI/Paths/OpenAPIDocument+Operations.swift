import Switchyard

extension OpenAPIDocument {
    /// `/health`, `/metrics`, the association files and this document.
    static var operationsPaths: [String: JSONValue] {
        var paths: [String: JSONValue] = [:]
        paths["/health"] = [
            "get": operation(
                "health", "Liveness and database check", tag: "operations",
                responses: ["200": json(HealthStatus.self, "Healthy."),
                            "503": json(HealthStatus.self, "The database is unavailable.",
                                        headers: ["Retry-After": "Seconds to wait before retrying."])]),
        ]
        paths["/metrics"] = [
            "get": operation("metrics", "Prometheus metrics", tag: "operations", security: ["adminKey"],
                             description: "Needs the operator's bootstrap admin key (SWITCHYARD_API_KEY): the figures are every team's, so a team's named admin key is 403 operator-only. A service started with --metrics-port answers it there, without a key, and not here (404).",
                             responses: ["200": content("text/plain", .string(), "Prometheus text format."), "401": unauthorized,
                                         "404": html("The service answers /metrics on its metrics port: here it is a code, and none is called metrics."),
                                         "429": keyGuesses]),
        ]
        paths["/.well-known/apple-app-site-association"] = [
            "get": operation("appleAppSiteAssociation", "Universal links association file", tag: "operations",
                             responses: ["200": content("application/json", AssociationSchemas.appleAppSiteAssociation, "The applinks file.")]),
        ]
        paths["/.well-known/assetlinks.json"] = [
            "get": operation("assetLinks", "Android App Links statement list", tag: "operations",
                             responses: ["200": content("application/json", AssociationSchemas.assetLinks, "The statements.")]),
        ]
        paths["/api/v1/openapi.json"] = [
            "get": operation("openAPI", "This document", tag: "operations",
                             responses: ["200": content("application/json", .object(), "The OpenAPI document.")]),
        ]
        paths["/openapi.json"] = [
            "get": operation("openAPIAtRoot", "This document (also at /api/v1/openapi.json)", tag: "operations",
                             responses: ["200": content("application/json", .object(), "The OpenAPI document.")]),
        ]
        return paths
    }
}
