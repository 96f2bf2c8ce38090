import Switchyard

extension OpenAPIDocument {
    /// `/api/v1/links`: create, list, inspect, update, delete and explain a team's links.
    static var linkPaths: [String: JSONValue] {
        var paths: [String: JSONValue] = [:]
        paths["/api/v1/links"] = [
            "post": operation(
                "createLink", "Create a smart link", tag: "links", security: ["adminKey", "appKey"],
                description: "With an admin key: any link of the table. With the app key: a link from a route, its routeParameters and its queryParameters (campaign parameters such as utm_source) only, with the install's identifier in install (400 without it); preview, metadata, redeemLimit, fallbacks, alias and expiresAt are refused with 403 naming the field. App-key creations are limited per client address and per install. Each creation sends a link.created event to the team's subscribed webhooks.",
                parameters: [idempotencyKey], body: CreateLinkRequest.self,
                responses: [
                    "201": json(LinkResponse.self, "Created.", headers: ["Location": "The link's API URL.", "Idempotent-Replayed": replayed]),
                    "400": badRequest, "401": unauthorized, "403": problem("A field the app key may not set, or a key whose role may not create links."),
                    "409": problem("The alias is taken, or a request with the same Idempotency-Key is still in progress (retry after Retry-After).",
                                   headers: ["Retry-After": "Seconds to wait before retrying (a request in progress)."]),
                    "413": tooLarge, "415": unsupported,
                    "422": problem("The Idempotency-Key was used with another request body."),
                    "429": rateLimited("Too many links created by this team, client address or install, or a wrong key from a client address that made too many wrong guesses"),
                    "503": unavailable,
                ]),
            "get": operation(
                "listLinks", "List the team's live links, newest first", tag: "links", security: ["adminKey"],
                parameters: [
                    parameter("limit", in: "query", schema: .integer(minimum: 1, maximum: 200)),
                    parameter("cursor", in: "query", schema: .string(minLength: 1, maxLength: 256)),
                    parameter("q", in: "query",
                              description: "Only links whose label or code contains this text (ASCII letters without case); "
                                  + "pass the same q with each page's cursor.",
                              schema: .string(maxLength: 256)),
                ],
                responses: ["200": json(LinkPageResponse.self, "A page of links."), "400": badRequest, "401": unauthorized,
                            "429": keyGuesses, "503": unavailable]),
        ]
        paths["/api/v1/links/{code}"] = [
            "parameters": [code, domainQuery],
            "get": operation(
                "getLink", "Inspect a link with its click counts", tag: "links", security: ["adminKey"],
                responses: ["200": json(LinkResponse.self, "The link."), "401": unauthorized, "404": notFound,
                            "429": keyGuesses, "503": unavailable]),
            "patch": operation(
                "updateLink", "Change a link's fallbacks or install proof", tag: "links", security: ["adminKey"],
                description: "Replaces the link's iOS, Android and web fallbacks (its iPad and App Store ones stay), sets its installProof (null: back to the service's default), or both in one change; a field left out is kept. Recorded in the audit log as link.updated, its detail naming the fields (fallbacks, installProof=attested|none|default).",
                body: UpdateLinkRequest.self,
                responses: ["200": json(LinkResponse.self, "The updated link."), "400": badRequest, "401": unauthorized,
                            "404": notFound, "413": tooLarge, "415": unsupported, "429": keyGuesses, "503": unavailable]),
            "delete": operation(
                "deleteLink", "Delete a link (it then answers 410; its code is never reused)", tag: "links",
                security: ["adminKey"],
                responses: ["204": ["description": "Deleted."], "401": unauthorized, "404": notFound, "429": keyGuesses,
                            "503": unavailable]),
        ]
        paths["/api/v1/links/{code}/explain"] = [
            "parameters": [code, domainQuery],
            "get": operation(
                "explainLink", "What the link does on each platform, and why", tag: "links", security: ["adminKey"],
                description: "For an iPhone and an iPad with and without the app, Android with and without, a desktop browser and a link-preview crawler: the action (open-app through which association component, page, redirect, preview or refuse), its target, the deferred deep link, and the answer GET /{code} gives that user agent; computed by the code that serves the link. Also `switchyard explain`.",
                responses: ["200": json(LinkExplanation.self, "The explanation."), "401": unauthorized, "404": notFound,
                            "429": keyGuesses, "503": unavailable]),
        ]
        return paths
    }
}
