import Switchyard

/// The building blocks of the document's operations: operations, parameters, contents and the
/// responses many operations share.
extension OpenAPIDocument {
    /// An operation; `security` lists alternative schemes (none: no key).
    static func operation(_ id: String, _ summary: String, tag: String, security: [String] = [], description: String? = nil,
                          parameters: [JSONValue] = [], body: (any OpenAPISchema.Type)? = nil,
                          responses: [String: JSONValue]) -> JSONValue {
        var object: [String: JSONValue] = [
            "operationId": .string(id), "summary": .string(summary), "tags": [.string(tag)],
            "security": .array(security.map { .object([$0: []]) }), "responses": .object(responses),
        ]
        if let description { object["description"] = .string(description) }
        let roles = OperationRoles.roles(of: id)
        if roles.contains(where: { $0 != .app }), case .object(var answers) = object["responses"] {
            // The key's request rate (KeyAuthentication): on every answer once the key is accepted.
            for (status, answer) in answers where status != "401" && status != "403" {
                answers[status] = withRateLimitHeaders(answer, appKeyToo: roles.contains(.app))
            }
            object["responses"] = .object(answers)
        }
        if !roles.isEmpty {
            // Who may call it, from the one table KeyAuthentication checks; any other key is 403.
            object["x-switchyard-roles"] = .array(roles.map { .string($0.rawValue) })
            if case .object(var answers) = object["responses"], answers["403"] == nil {
                // Firebase's REST API answers in its own error shape.
                answers["403"] = tag == "firebase"
                    ? json(FirebaseErrorResponse.self, "PERMISSION_DENIED: the key's role may not call this operation.")
                    : roleRefused
                object["responses"] = .object(answers)
            }
        }
        if !parameters.isEmpty { object["parameters"] = .array(parameters) }
        if let body {
            object["requestBody"] = ["required": true, "content": ["application/json": ["schema": JSONSchema.ref(body).json]]]
        }
        return .object(object)
    }

    static func parameter(_ name: String, in location: String, required: Bool? = nil, description: String? = nil,
                          schema: JSONSchema) -> JSONValue {
        var object: [String: JSONValue] = ["name": .string(name), "in": .string(location), "schema": schema.json]
        if let required { object["required"] = .bool(required) }
        if let description { object["description"] = .string(description) }
        return .object(object)
    }

    /// A response with a body of `mediaType`, and headers by name with their descriptions.
    static func content(_ mediaType: String, _ schema: JSONSchema, _ description: String,
                        headers: [String: String] = [:]) -> JSONValue {
        var object: [String: JSONValue] = [
            "description": .string(description), "content": .object([mediaType: ["schema": schema.json]]),
        ]
        if !headers.isEmpty {
            object["headers"] = .object(headers.mapValues { ["description": .string($0), "schema": ["type": "string"]] })
        }
        return .object(object)
    }

    static func json(_ type: any OpenAPISchema.Type, _ description: String, headers: [String: String] = [:]) -> JSONValue {
        content("application/json", .ref(type), description, headers: headers)
    }

    static func problem(_ description: String, headers: [String: String] = [:]) -> JSONValue {
        content("application/problem+json", .ref(Problem.self), description, headers: headers)
    }

    static func html(_ description: String) -> JSONValue {
        content("text/html", .string(), description)
    }

    static func redirect(_ description: String) -> JSONValue {
        ["description": .string(description), "headers": ["Location": ["schema": ["type": "string"]]]]
    }

    /// `response` with the `RateLimit-*` headers of the key's request rate added to its own.
    static func withRateLimitHeaders(_ response: JSONValue, appKeyToo: Bool) -> JSONValue {
        guard case .object(var object) = response else { return response }
        var headers = object["headers"]?.objectValue ?? [:]
        let whose = appKeyToo ? "with an admin, editor or viewer key (not the app key), while --key-rate is on" : "while --key-rate is on"
        for (name, text) in rateLimitHeaders {
            headers[name] = ["description": .string("\(text) Sent \(whose); counted per instance."),
                             "schema": ["type": "integer", "minimum": 0]]
        }
        object["headers"] = .object(headers)
        return .object(object)
    }

    /// The key's request rate, as every answer to an admin, editor or viewer key states it.
    static let rateLimitHeaders = [
        ("RateLimit-Limit", "Requests the key may make in the window."),
        ("RateLimit-Remaining", "Requests left to the key in the window."),
        ("RateLimit-Reset", "Whole seconds until the key's requests are fully available again."),
    ]

    static func rateLimited(_ what: String) -> JSONValue {
        problem("\(what): the rate limit is spent; retry after Retry-After seconds.",
                headers: ["Retry-After": "Whole seconds until the next request is allowed."])
    }

    static let badRequest = problem("Invalid request: unknown route, missing or unknown parameter, constraint violation, refused fallback URL, malformed JSON or a bad field.")
    static let roleRefused = problem("The key's role may not call this operation (x-switchyard-roles lists those that may).")
    static let unauthorized = problem("Missing or wrong key.", headers: ["WWW-Authenticate": "The Bearer challenge."])
    static let notFound = problem("No such link (or another team's).")
    static let gone = problem("The link was deleted or has expired.")
    static let tooLarge = problem("The request body is over the size limit.")
    static let unsupported = problem("The request body is not application/json.")
    static let unavailable = problem("The database is unavailable; retry later.", headers: ["Retry-After": "Seconds to wait before retrying."])
}
