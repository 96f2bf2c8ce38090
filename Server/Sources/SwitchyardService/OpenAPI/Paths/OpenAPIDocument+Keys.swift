import Switchyard

extension OpenAPIDocument {
    /// `/api/v1/keys` and `/api/v1/audit`: a team's named keys and its audit log.
    static var keyPaths: [String: JSONValue] {
        let keyGuesses = rateLimited("Too many wrong admin keys from this client address")
        return [
            "/api/v1/keys": [
                "post": operation(
                    "createKey", "Make a named key of the team", tag: "keys", security: ["adminKey"],
                    description: "Answers the key itself (syk_ and 32 letters and digits) this once; the service keeps its SHA-256 digest only. The key works on every instance at once. Rotation: create the new key, deploy it, then revoke the old one; both work in between.",
                    body: CreateKeyRequest.self,
                    responses: [
                        "201": json(KeyResponse.self, "Created, with the key.", headers: ["Location": "The key's API URL."]),
                        "400": badRequest, "401": unauthorized, "409": problem("A key with this name exists (in any team)."),
                        "413": tooLarge, "415": unsupported, "429": keyGuesses, "503": unavailable,
                    ]),
                "get": operation(
                    "listKeys", "The team's named keys, by name, revoked ones included (never the keys themselves)", tag: "keys",
                    security: ["adminKey"],
                    responses: ["200": json(KeyListResponse.self, "The keys."), "401": unauthorized, "429": keyGuesses,
                                "503": unavailable]),
            ],
            "/api/v1/keys/{name}": [
                "parameters": [parameter("name", in: "path", required: true, description: "The key's name.",
                                         schema: .string(minLength: 1, maxLength: 64))],
                "delete": operation(
                    "revokeKey", "Revoke a key: every instance refuses it within a second", tag: "keys", security: ["adminKey"],
                    responses: ["204": ["description": "Revoked."], "401": unauthorized,
                                "404": problem("No such working key (or another team's)."), "429": keyGuesses, "503": unavailable]),
            ],
            "/api/v1/audit": [
                "get": operation(
                    "listAudit", "The team's audit log, newest first", tag: "keys", security: ["adminKey"],
                    description: "Every change made with a key of the team: links created, updated and deleted, imports, keys created and revoked, webhooks created and deleted, dashboard sign-ins; who (key name and role), when and from which address. Entries are kept for the audit retention (a year by default).",
                    parameters: [
                        parameter("key", in: "query", description: "Only this key's entries.", schema: .string(maxLength: 64)),
                        parameter("action", in: "query", description: "Only this action's entries (link.created, key.revoked, ...).",
                                  schema: .string(maxLength: 64)),
                        parameter("limit", in: "query", schema: .integer(minimum: 1, maximum: 200)),
                        parameter("cursor", in: "query", schema: .string(minLength: 1, maxLength: 256)),
                    ],
                    responses: ["200": json(AuditPageResponse.self, "A page of entries."), "400": badRequest, "401": unauthorized,
                                "429": keyGuesses, "503": unavailable]),
            ],
        ]
    }
}
