import Switchyard

/// The operations, path by path: each names its body types, so their schemas are referenced
/// rather than repeated.
extension OpenAPIDocument {
    static var paths: JSONValue {
        let code = parameter("code", in: "path", required: true, description: "The link's short code or alias.",
                             schema: .string(pattern: APIPatterns.code))
        let userAgent = parameter("User-Agent", in: "header", schema: .string())
        let idempotencyKey = parameter(
            "Idempotency-Key", in: "header",
            description: "Makes a retry safe: the same key and body within 24 hours get the first answer again (marked Idempotent-Replayed: true) and create nothing; another body is 422. Keys are per caller and route.",
            schema: .string(minLength: 1, maxLength: 255, pattern: "^[!-~]+$"))
        let appVersion = parameter(
            AppRelease.headerName, in: "header",
            description: "The app's platform and version, as SmartLinkClient sends it: ios/ and dotted numbers (CFBundleShortVersionString, ios/2.3.1) or android/ and the versionCode (android/230). An app older than the stricter of the route's since and the link's own minimum version gets no deep link (appTooOld, with requiredVersion and fallback) and may not redeem. Without it the app is taken to be new enough. A malformed value is 400 invalid-app-version.",
            schema: .string(pattern: "^(ios/[0-9]{1,9}(\\.[0-9]{1,9}){0,3}|android/[0-9]{1,10})$"))
        let replayed = "true when this is the answer to an earlier request with the same Idempotency-Key."
        let keyGuesses = rateLimited("A wrong admin key from a client address that made too many wrong guesses (a valid key is never refused for them)")
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
            "parameters": [code],
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
            "parameters": [code],
            "get": operation(
                "explainLink", "What the link does on each platform, and why", tag: "links", security: ["adminKey"],
                description: "For an iPhone and an iPad with and without the app, Android with and without, a desktop browser and a link-preview crawler: the action (open-app through which association component, page, redirect, preview or refuse), its target, the deferred deep link, and the answer GET /{code} gives that user agent; computed by the code that serves the link. Also `switchyard explain`.",
                responses: ["200": json(LinkExplanation.self, "The explanation."), "401": unauthorized, "404": notFound,
                            "429": keyGuesses, "503": unavailable]),
        ]
        paths["/api/v1/links/{code}/resolve"] = [
            "parameters": [code],
            "get": operation(
                "resolveLink", "The deep link for the app (an exact match; a redeem-limited link's metadata only through redeem)",
                tag: "app", security: ["appKey"],
                description: "A link whose installProof is attested and whose installProofFor names resolve hands its metadata only to an attested install: Switchyard-Install names the install, Switchyard-Attest-Key its key (POST /api/v1/attest) and Switchyard-Assertion carries an App Attest assertion over the client data `resolve:{code}:{install}` (clientDataHash = SHA-256 of its UTF-8 bytes), with a counter above the last one accepted. Without them, or with an assertion that does not verify (an unknown key, another install's key, a bad signature, a replayed counter), the answer is the same deep link with metadata null: the app can still open the route. Nothing is spent.",
                parameters: [appVersion,
                             parameter("Switchyard-Install", in: "header", description: "The install identifier the SDK generates once per install (with an assertion).", schema: .string()),
                             parameter("Switchyard-Attest-Key", in: "header", description: "The install's attested key id (standard base64).", schema: .string()),
                             parameter("Switchyard-Assertion", in: "header", description: "An App Attest assertion (standard base64 of its CBOR) over `resolve:{code}:{install}`.", schema: .string())],
                responses: ["200": json(Resolution.self, "The deep link; for an app too old for it (Switchyard-App-Version), appTooOld with the version it needs and the fallback instead."),
                            "400": problem("A malformed Switchyard-App-Version header (invalid-app-version)."), "401": unauthorized, "404": notFound,
                            "410": gone, "429": rateLimited("Too many resolves from this client address"), "503": unavailable]),
        ]
        paths["/api/v1/links/{code}/redeem"] = [
            "parameters": [code],
            "post": operation(
                "redeemLink", "Spend one redemption for this install and get the metadata (again, without spending, for an install that redeemed before)",
                tag: "app", security: ["appKey"],
                description: "An attested install signs the redeem: Switchyard-Attest-Key names its key (POST /api/v1/attest) and Switchyard-Assertion carries an App Attest assertion over the client data `redeem:{code}:{install}` (clientDataHash = SHA-256 of its UTF-8 bytes), with a counter above the last one accepted. A link whose installProof is attested (or a redeem-limited link, when the service's default says so) is redeemed only that way: 403 install-proof-required otherwise, and nothing is spent. A key the service does not know is 403 attest-key-unknown (the SDK then forgets its key, attests a new one and retries once); an assertion that does not verify is 403 assertion-invalid. Without an assertion, one client address (IPv6: its /64) spends at most a configured number of distinct installs of a link per hour (429 too-many-installs).",
                parameters: [appVersion,
                             parameter("Switchyard-Attest-Key", in: "header", description: "The install's attested key id (standard base64).", schema: .string()),
                             parameter("Switchyard-Assertion", in: "header", description: "An App Attest assertion (standard base64 of its CBOR) over `redeem:{code}:{install}`.", schema: .string())],
                body: RedeemRequest.self,
                responses: ["200": json(Redemption.self, "Redeemed, now or (replayed) before by this install."),
                            "400": badRequest, "401": unauthorized,
                            "403": problem("install-proof-required: the link is redeemed only by an attested install and the request has no assertion; attest-key-unknown: no attested key has the id in Switchyard-Attest-Key; assertion-invalid: the assertion does not verify (another install's key, bad signature, replayed counter). Nothing is spent."),
                            "404": notFound,
                            "409": problem("The redeem limit is reached (redeem-limit-reached), or the app is older than the link needs (app-too-old; nothing spent: resolve answers the fallback)."), "410": gone, "413": tooLarge, "415": unsupported,
                            "429": rateLimited("Too many redeems from this client address, or (too-many-installs) as many distinct unattested installs of this link from it as an hour allows"),
                            "503": unavailable]),
        ]
        paths["/api/v1/attest/challenge"] = [
            "post": operation(
                "attestChallenge", "A one-time challenge for attesting an install's App Attest key",
                tag: "app", security: ["appKey"],
                description: "The challenge is good for one attestation until expiresAt (five minutes unless configured); expired challenges are deleted by the service's expiry sweep. One client address (IPv6: its /64) holds at most a configured number of challenges that are neither used nor expired (100 unless configured): beyond it, 429 too-many-challenges with Retry-After, the challenge lifetime in seconds.",
                responses: ["201": json(AttestChallenge.self, "The challenge, kept until it expires or an attestation spends it."),
                            "401": unauthorized,
                            "429": rateLimited("Too many attest calls from this client address, or (too-many-challenges) as many outstanding challenges as one address may hold"),
                            "503": unavailable]),
        ]
        paths["/api/v1/attest"] = [
            "post": operation(
                "attestInstall", "Attest an install's App Attest key (Apple's Attestation Object Validation Guide)",
                tag: "app", security: ["appKey"],
                description: "Verifies the attestation object against one of the route table's iOS app ids (apps.ios): the certificate chain to Apple's App Attestation Root CA, the nonce, the key id, the RP ID hash, a zero counter and the app's environment (production unless configured as development). The key is then kept for the install, and its assertions prove the install's redeems.",
                body: AttestRequest.self,
                responses: ["201": json(AttestedInstall.self, "The install is attested with this key."),
                            "400": problem("Invalid body; or (attest-challenge-invalid) a challenge that was not issued, was used or has expired."),
                            "401": unauthorized,
                            "403": problem("attestation-invalid: the attestation fails a step of Apple's guide, named in the detail (format, certificate-chain, nonce, key-id, app-id, counter, environment)."),
                            "409": problem("attest-key-exists: the key was attested before."),
                            "413": tooLarge, "415": unsupported,
                            "429": rateLimited("Too many attest calls from this client address"), "503": unavailable]),
        ]
        paths["/api/v1/deferred/claim"] = [
            "post": operation(
                "claimDeferredLink",
                "Claim the link this device opened before installing the app: exact with its code, else heuristic (opt-in)",
                tag: "app", security: ["appKey"], parameters: [appVersion], body: DeferredClaimRequest.self,
                responses: ["200": json(Resolution.self, "With a code: the link, as `resolve` answers it without an assertion (match exact; metadata null for a link whose installProofFor names resolve). Without: the route and parameters of the one link this device opened (match heuristic; no code, no metadata). An app too old for the link gets appTooOld and the fallback; the match is consumed all the same."),
                            "400": badRequest, "401": unauthorized,
                            "404": problem("No such code; or no single pending open matches, the link demands an exact match, or heuristic matching is off."),
                            "410": gone, "413": tooLarge, "415": unsupported,
                            "429": rateLimited("Too many claims from this client address"),
                            "503": unavailable]),
        ]
        paths["/{code}"] = [
            "parameters": [parameter("code", in: "path", required: true, description: "The link's short code or alias.",
                                     schema: .string(pattern: "^(?!(health|metrics)$)[A-Za-z0-9_-]{1,64}$"))],
            "get": operation(
                "openLink", "Open a smart link (per-platform redirect, app page or preview)", tag: "open",
                parameters: [userAgent, parameter(
                    AppRelease.headerName, in: "header",
                    description: "Browsers never send it. A request that does (an app opening the short link itself) and is older than the stricter of the route's since and the link's own minimum version is redirected to the fallback (or shown the page without a deep link); a malformed value is ignored.",
                    schema: .string())],
                responses: ["200": html("An HTML page: the iOS app opener, the desktop interstitial or the crawler preview."),
                            "302": redirect("To the link's web or platform fallback, or an Android intent; for an app too old (Switchyard-App-Version), to its fallback."),
                            "404": html("No such link."), "410": html("Deleted or expired."),
                            "503": content("text/html", .string(), "The database is unavailable (a \"Try again shortly\" page).",
                                           headers: ["Retry-After": "Seconds to wait before retrying."])]),
        ]
        paths["/"] = [
            "get": operation(
                "openFirebaseLongLink", "Open a Firebase Dynamic Links long link (?link=...); without link, the dashboard",
                tag: "firebase",
                parameters: [
                    parameter("link", in: "query", required: false,
                              description: "The deep link; apn, afl, ibi, ifl, isi, ofl, st, sd, si, utm_* ... as Firebase documented them.",
                              schema: .string()),
                    userAgent,
                ],
                responses: ["200": html("An HTML page: the iOS app opener, the desktop interstitial or the crawler preview."),
                            "302": redirect("To a platform fallback, an Android intent or the deep link."),
                            "303": redirect("No link parameter: the dashboard's sign-in."),
                            "400": html("A long link the route table does not open, or a malformed one."),
                            "414": html("The query is over 8192 bytes.")]),
        ]
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
        let days = parameter("days", in: "query", description: "The last N UTC days, today included (default 30).",
                             schema: .integer(minimum: 1, maximum: 365))
        paths["/api/v1/links/{code}/stats"] = [
            "parameters": [code],
            "get": operation(
                "getLinkStats", "A link's clicks and app-side events, in total and per UTC day", tag: "stats", security: ["adminKey"],
                parameters: [days],
                responses: ["200": json(LinkStatsResponse.self, "The figures."), "400": badRequest, "401": unauthorized,
                            "404": notFound, "429": keyGuesses, "503": unavailable]),
        ]
        paths["/api/v1/stats"] = [
            "get": operation(
                "getTeamStats", "The team's figures, and its live links most clicked first", tag: "stats", security: ["adminKey"],
                parameters: [
                    days,
                    parameter("limit", in: "query", schema: .integer(minimum: 1, maximum: 200)),
                    parameter("cursor", in: "query", schema: .string(minLength: 1, maxLength: 256)),
                ],
                responses: ["200": json(TeamStatsResponse.self, "The figures and a page of links."), "400": badRequest,
                            "401": unauthorized, "429": keyGuesses, "503": unavailable]),
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
        paths["/health"] = [
            "get": operation(
                "health", "Liveness and database check", tag: "operations",
                responses: ["200": json(HealthStatus.self, "Healthy."),
                            "503": json(HealthStatus.self, "The database is unavailable.",
                                        headers: ["Retry-After": "Seconds to wait before retrying."])]),
        ]
        paths["/metrics"] = [
            "get": operation("metrics", "Prometheus metrics", tag: "operations", security: ["adminKey"],
                             description: "Needs an admin key; a service started with --metrics-port answers it there, without a key, and not here (404).",
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
        paths.merge(webhookPaths) { $1 }
        paths.merge(keyPaths) { $1 }
        return .object(paths)
    }

    // MARK: Building blocks

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
