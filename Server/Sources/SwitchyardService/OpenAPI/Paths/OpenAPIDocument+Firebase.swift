import Switchyard

extension OpenAPIDocument {
    /// Firebase Dynamic Links' REST API: `/v1/shortLinks` and `/v1/{dynamicLink}/linkStats`.
    static var firebasePaths: [String: JSONValue] {
        var paths: [String: JSONValue] = [:]
        paths["/v1/shortLinks"] = [
            "post": operation(
                "firebaseCreateShortLink", "Create a short link the way Firebase Dynamic Links' REST API did", tag: "firebase",
                security: ["adminKey", "firebaseKey"], parameters: [idempotencyKey], body: FirebaseShortLinkRequest.self,
                responses: [
                    "200": json(FirebaseShortLinkResponse.self, "Created.", headers: ["Idempotent-Replayed": replayed]),
                    "400": json(FirebaseErrorResponse.self, "INVALID_ARGUMENT: a bad long link, a deep link the table does not open, an unknown field."),
                    "401": json(FirebaseErrorResponse.self, "UNAUTHENTICATED: missing or wrong key.",
                                headers: ["WWW-Authenticate": "The Bearer challenge."]),
                    "413": json(FirebaseErrorResponse.self, "The request body is over the size limit."),
                    "415": json(FirebaseErrorResponse.self, "The request body is not application/json."),
                    "409": json(FirebaseErrorResponse.self, "A request with the same Idempotency-Key is still in progress.",
                                headers: ["Retry-After": "Seconds to wait before retrying."]),
                    "422": json(FirebaseErrorResponse.self, "FAILED_PRECONDITION: the Idempotency-Key was used with another request body."),
                    "429": json(FirebaseErrorResponse.self, "RESOURCE_EXHAUSTED: over the team's create rate, or too many wrong keys from this client address.",
                                headers: ["Retry-After": "Whole seconds until the next request is allowed."]),
                    "503": json(FirebaseErrorResponse.self, "UNAVAILABLE: the database is unavailable; retry later.",
                                headers: ["Retry-After": "Seconds to wait before retrying."]),
                ]),
        ]
        paths["/v1/{dynamicLink}/linkStats"] = [
            "parameters": [parameter("dynamicLink", in: "path", required: true,
                                     description: "The short link, URL-encoded (https%3A%2F%2Fgo.example.com%2FAb3dE9xQ).",
                                     schema: .string(minLength: 1, maxLength: 1024))],
            "get": operation(
                "firebaseGetLinkStats", "A link's figures the way Firebase Dynamic Links' linkStats answered them", tag: "firebase",
                security: ["adminKey", "firebaseKey"],
                parameters: [parameter("durationDays", in: "query", description: "The last N UTC days (default 30).",
                                       schema: .integer(minimum: 1, maximum: 365))],
                responses: [
                    "200": json(FirebaseLinkStats.self, "CLICK per platform (crawlers left out), APP_FIRST_OPEN (deferred claims), APP_RE_OPEN (resolves)."),
                    "400": json(FirebaseErrorResponse.self, "INVALID_ARGUMENT: not a short link, or a bad durationDays."),
                    "401": json(FirebaseErrorResponse.self, "UNAUTHENTICATED: missing or wrong key.",
                                headers: ["WWW-Authenticate": "The Bearer challenge."]),
                    "404": json(FirebaseErrorResponse.self, "NOT_FOUND: no such link (or another team's)."),
                    "429": json(FirebaseErrorResponse.self, "RESOURCE_EXHAUSTED: too many wrong keys from this client address.",
                                headers: ["Retry-After": "Whole seconds until the next request is allowed."]),
                    "503": json(FirebaseErrorResponse.self, "UNAVAILABLE: the database is unavailable; retry later.",
                                headers: ["Retry-After": "Seconds to wait before retrying."]),
                ]),
        ]
        return paths
    }
}
