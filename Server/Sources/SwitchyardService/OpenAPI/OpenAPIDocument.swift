import Switchyard

/// The OpenAPI 3.1 document of the API, served at `/api/v1/openapi.json` and `/openapi.json`.
///
/// Assembled here from the body types' own schemas (``OpenAPISchema``) and the operations in
/// ``OpenAPIDocument/paths``, and compiled into the binary. `OpenAPIRoutesTests` keeps the paths
/// and the router in step; `OpenAPISchemaTests` checks each type's samples against its schema.
enum OpenAPIDocument {
    /// The body types whose schemas are the document's components (computed: metatypes of a
    /// protocol are not `Sendable`, so a stored global of them would be shared mutable state).
    static var components: [any OpenAPISchema.Type] { [
        Problem.self, CreateLinkRequest.self, UpdateLinkRequest.self, ClickCounts.self, LinkResponse.self, MinimumVersionsResponse.self,
        LinkPageResponse.self,
        Resolution.self, Redemption.self, RedeemRequest.self, AttestRequest.self, AttestChallenge.self, AttestedInstall.self, HealthStatus.self, DeferredClaimRequest.self, FirebaseShortLinkRequest.self,
        FirebaseShortLinkResponse.self, FirebaseErrorResponse.self, LinkExplanation.self,
        CreateWebhookRequest.self, WebhookResponse.self, WebhookListResponse.self,
        CreateKeyRequest.self, KeyResponse.self, KeyListResponse.self, AuditEntryResponse.self, AuditPageResponse.self,
        DomainRequest.self, DomainResponse.self, DomainListResponse.self, TeamRulesRequest.self, TeamRulesResponse.self,
        InstallRecordsResponse.self, InstallRecordsResponse.RedemptionEntry.self, InstallRecordsResponse.AttestedKeyEntry.self,
        InstallRecordsResponse.DeliveryEntry.self, InstallErasureResponse.self,
        Figures.self, DayFigures.self, LinkStatsResponse.self, CountryFigures.self, VariantFigures.self, LinkFigures.self, TeamStatsResponse.self, FirebaseLinkStats.self,
    ] }

    /// The document.
    static let document: JSONValue = [
        "openapi": "3.1.0",
        "info": [
            "title": "Switchyard link service",
            "version": "1.0.0",
            "description": "Smart links validated against the app's route table: create them with an admin key, open them at /{code}, resolve and redeem them from the app with the app key. Every error is RFC 9457 problem details. Keys have a role (admin, editor, viewer, app) and a team: x-switchyard-roles on each operation lists the roles that may call it (403 role-refused for any other), and a key reaches only its team's links, webhooks, keys and audit log (another team's answer 404). Answers to admin, editor and viewer keys carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset, declared on each such operation's responses: the key's request rate, counted by each instance on its own (behind N instances a key may make N times the rate in all; 429 with Retry-After over it).",
        ],
        "servers": [["url": "/"]],
        "paths": paths,
        "components": [
            "schemas": .object(Dictionary(uniqueKeysWithValues: components.map { ($0.schemaName, $0.schema.json) })),
            "securitySchemes": [
                "adminKey": ["type": "http", "scheme": "bearer",
                             "description": "An admin, editor or viewer key: a named key (syk_...) or the bootstrap SWITCHYARD_API_KEY; links belong to the key's team."],
                "appKey": ["type": "http", "scheme": "bearer",
                           "description": "An app key: a named key with the app role, or the bootstrap SWITCHYARD_APP_KEY; it reaches its team's links only."],
                "firebaseKey": ["type": "apiKey", "in": "query", "name": "key",
                                "description": "The admin key as Firebase's ?key= (POST /v1/shortLinks only)."],
            ],
        ],
    ]

    /// The document's text, indented.
    static let text = document.serialized(pretty: true)
}
