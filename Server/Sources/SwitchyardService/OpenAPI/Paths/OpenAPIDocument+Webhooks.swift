import Switchyard

extension OpenAPIDocument {
    /// `/api/v1/webhooks`: a team's signed webhooks.
    static var webhookPaths: [String: JSONValue] {
        let keyGuesses = rateLimited("Too many wrong admin keys from this client address")
        return [
            "/api/v1/webhooks": [
                "post": operation(
                    "createWebhook", "Subscribe a URL to the team's link events", tag: "webhooks", security: ["adminKey"],
                    description: "Answers the webhook with its signing secret, shown this once. Each event is POSTed as JSON {id, type, createdAt, data} with a Switchyard-Signature header t=<unix seconds>,v1=<hex HMAC-SHA256(secret, \"<t>.<body>\")>, at least once (drop duplicates by id), retried for 24 hours. link.created is sent once per link created, by the API, the dashboard's form or the dashboard's import alike (an import of 500 links sends 500 events, within the team's create rate). Each attempt has one deadline for all of it (connection, request, answer head and body; a 2xx head counts as delivered) and runs in the webhook's own lane of at most 2 concurrent deliveries, so a slow receiver delays only its own events. The host is resolved once per attempt, every address checked, and the connection made to that address with the URL's host as Host and TLS server name. URLs whose host resolves to an address of IANA's special-purpose registries (loopback, private, link-local, CGNAT, documentation, benchmarking, NAT64, 6to4, Teredo, IPv4-compatible, multicast, reserved, ...) or a cloud metadata address are refused. A failed delivery is listed with a category only: timeout, connection refused, connection failed, TLS failure, HTTP <status>, address refused, host does not resolve.",
                    body: CreateWebhookRequest.self,
                    responses: [
                        "201": json(WebhookResponse.self, "Created, with its secret.", headers: ["Location": "The webhook's API URL."]),
                        "400": problem("A bad field, or a URL refused (its scheme, or an address it resolves to)."),
                        "401": unauthorized, "409": problem("The team has as many webhooks as it may."),
                        "413": tooLarge, "415": unsupported,
                        "429": rateLimited("Too many creations with this key, or too many wrong keys from this client address"),
                        "503": unavailable,
                    ]),
                "get": operation(
                    "listWebhooks", "The team's webhooks, oldest first (without their secrets)", tag: "webhooks", security: ["adminKey"],
                    responses: ["200": json(WebhookListResponse.self, "The webhooks."), "401": unauthorized, "429": keyGuesses,
                                "503": unavailable]),
            ],
            "/api/v1/webhooks/{id}": [
                "parameters": [parameter("id", in: "path", required: true, description: "The webhook's id.",
                                         schema: .string(minLength: 1, maxLength: 64))],
                "delete": operation(
                    "deleteWebhook", "Delete a webhook with its pending and failed deliveries", tag: "webhooks", security: ["adminKey"],
                    responses: ["204": ["description": "Deleted."], "401": unauthorized,
                                "404": problem("No such webhook (or another team's)."), "429": keyGuesses, "503": unavailable]),
            ],
        ]
    }
}
