import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(SwitchyardService) import Switchyard
@testable import SwitchyardService
@testable import SwitchyardStore
import Testing

/// Every response the served OpenAPI document lists is produced over a real socket and checked
/// against the schema the document gives it (``DocumentedClient``): an answer with an
/// undocumented status, content type or member, or without a required one, fails; so does a
/// documented response no request here produces, unless ``unproducible`` says why.
@Suite struct OpenAPIResponsesTests {
    /// Documented responses a test cannot produce, each with the reason. Reviewed: keep it short.
    static let unproducible: [String: String] = [:]

    static let admin = "GET /api/v1/links"
    static let link = #"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/"}}"#
    static let limited = #"{"route": "product", "routeParameters": {"product_id": "42"}, "metadata": {"coupon": "SPRING"}, "redeemLimit": 1, "alias": "spring-sale"}"#
    static let oversized = #"{"route": ""# + String(repeating: "x", count: 5000) + #""}"#
    static let plainText: HTTPFields = [.contentType: "text/plain"]
    static let webhook = #"{"url": "https://93.184.216.34/hook", "events": ["link.claimed"]}"#

    /// An `Idempotency-Key` header.
    static func idempotent(_ key: String) -> HTTPFields { [HTTPField.Name("Idempotency-Key")!: key] }

    /// `/v1/{dynamicLink}/linkStats` of a short link on the harness's base URL.
    static func firebaseStats(_ code: String) -> String {
        "/v1/" + "https://go.example.com/\(code)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "/linkStats"
    }

    @Test func everyDocumentedResponseIsProducedAndMatchesItsSchema() async throws {
        let ledger = ResponseLedger()
        var configuration = Harness.configuration()
        configuration.limits.idempotencyWait = .milliseconds(100)
        try await Harness.live(.memory, configuration: configuration) { client, harness in
            ledger.use(try JSONValue.parse(try await client.send(.get, "/openapi.json", key: nil).text))
            try await Self.answers(DocumentedClient(client: client, ledger: ledger), harness: harness)
        }
        try await Harness.live(.memory, configuration: Self.throttled) { client, _ in
            try await Self.rateLimited(DocumentedClient(client: client, ledger: ledger))
            try await Self.attestRateLimited(DocumentedClient(client: client, ledger: ledger))
        }
        try await Harness.live(.memory, configuration: Self.keyThrottled) { client, _ in
            try await Self.keyRateLimited(DocumentedClient(client: client, ledger: ledger))
        }
        try await Harness.live(.memory, configuration: AttestAPITests.configuration()) { client, harness in
            try await Self.attest(DocumentedClient(client: client, ledger: ledger), harness: harness)
        }
        var metricsPort = Harness.configuration()
        metricsPort.metricsPort = 0
        try await Harness.live(.memory, configuration: metricsPort) { client, _ in
            _ = try await DocumentedClient(client: client, ledger: ledger).expect(.notFound, "GET /metrics")
        }

        #expect(ledger.problems == [], "answers that break the document")
        let documented = ledger.documented
        #expect(!documented.isEmpty)
        let missing = documented.subtracting(ledger.answered).subtracting(Self.unproducible.keys)
        #expect(missing.sorted() == [], "documented responses no request produced")
        #expect(ledger.answered.intersection(Self.unproducible.keys).sorted() == [], "produced after all: take them off the list")
        #expect(Set(Self.unproducible.keys).subtracting(documented).sorted() == [], "listed but not documented")
    }

    /// The answers of a service with no rate limits, then with its database down.
    static func answers(_ api: DocumentedClient, harness: Harness) async throws {
        // Links: one with a web fallback, one redeem-limited, one deleted.
        let created = try await api.expect(.created, "POST /api/v1/links", json: link)
        let code = try #require(try created.json()["code"]?.stringValue)
        try await api.expect(.created, "POST /api/v1/links", json: limited)
        let gone = try #require(try await api.expect(.created, "POST /api/v1/links", json: link).json()["code"]?.stringValue)
        try await api.expect(.noContent, "DELETE /api/v1/links/{code}", "/api/v1/links/\(gone)")
        let unread = try #require(try await api.expect(.created, "POST /api/v1/links", json: link).json()["code"]?.stringValue)

        try await createLink(api, harness: harness)
        try await manageLinks(api, code: code)
        try await appAPI(api, code: code, gone: gone)
        try await opening(api, code: code, gone: gone)
        try await firebase(api, code: code, harness: harness)
        try await statsAndOperations(api, code: code)
        try await webhooks(api)
        try await keysAndAudit(api, harness: harness, code: code)
        try await domains(api)
        try await teamRules(api)
        try await passwords(api)

        // The database down: 503 wherever the document says so.
        let store = try #require(harness.store as? InMemoryLinkStore)
        await store.setAvailable(false)
        let at = "/api/v1/links/\(code)"
        try await api.expect(.serviceUnavailable, "POST /api/v1/links", json: link)
        try await api.expect(.serviceUnavailable, "GET /api/v1/links")
        try await api.expect(.serviceUnavailable, "GET /api/v1/links/{code}", at)
        try await api.expect(.serviceUnavailable, "PATCH /api/v1/links/{code}", at, json: #"{"fallbacks": {}}"#)
        try await api.expect(.serviceUnavailable, "DELETE /api/v1/links/{code}", at)
        try await api.expect(.serviceUnavailable, "GET /api/v1/links/{code}/explain", at + "/explain")
        try await api.expect(.serviceUnavailable, "GET /api/v1/links/{code}/resolve", at + "/resolve", key: Keys.app)
        try await api.expect(.serviceUnavailable, "POST /api/v1/links/{code}/redeem", at + "/redeem", key: Keys.app, json: installBody())
        try await api.expect(.serviceUnavailable, "POST /api/v1/deferred/claim", key: Keys.app,
                             json: #"{"platform": "ios", "osVersion": "18.1", "code": "\#(code)"}"#)
        try await api.expect(.serviceUnavailable, "GET /{code}", "/\(unread)", headers: [.userAgent: Agents.desktop])
        try await api.expect(.serviceUnavailable, "POST /{code}", "/\(unread)", key: nil, json: "password=open+sesame", headers: form)
        try await api.expect(.serviceUnavailable, "POST /v1/shortLinks",
                             json: #"{"longDynamicLink": "https://x.page.link/?link=https://shop.example.com/about/team"}"#)
        try await api.expect(.serviceUnavailable, "GET /api/v1/links/{code}/stats", at + "/stats")
        try await api.expect(.serviceUnavailable, "GET /api/v1/stats")
        try await api.expect(.serviceUnavailable, "GET /v1/{dynamicLink}/linkStats", firebaseStats(code))
        try await api.expect(.serviceUnavailable, "GET /health", key: nil)
        try await api.expect(.serviceUnavailable, "POST /api/v1/webhooks", json: webhook)
        try await api.expect(.serviceUnavailable, "GET /api/v1/webhooks")
        try await api.expect(.serviceUnavailable, "DELETE /api/v1/webhooks/{id}", "/api/v1/webhooks/wh_x")
        try await keysUnavailable(api)
        try await domainsUnavailable(api)
        await store.setAvailable(true)
    }

    static func createLink(_ api: DocumentedClient, harness: Harness) async throws {
        let create = "POST /api/v1/links"
        try await api.expect(.badRequest, create, json: #"{"route": "nowhere"}"#)
        try await api.expect(.unauthorized, create, key: nil, json: link)
        try await api.expect(.forbidden, create, key: Keys.app, json: #"{"route": "about/team", "metadata": {"a": 1}}"#)
        try await api.expect(.conflict, create, json: limited)
        try await api.expect(.contentTooLarge, create, json: oversized)
        try await api.expect(.unsupportedMediaType, create, json: link, headers: plainText)
        try await api.expect(.created, create, json: link, headers: idempotent("same"))
        try await api.expect(.created, create, json: link, headers: idempotent("same"))
        try await api.expect(.unprocessableContent, create, json: #"{"route": "about/team"}"#, headers: idempotent("same"))
    }

    static func manageLinks(_ api: DocumentedClient, code: String) async throws {
        let at = "/api/v1/links/\(code)", nowhere = "/api/v1/links/nosuchcode"
        try await api.expect(.ok, "GET /api/v1/links")
        try await api.expect(.ok, "GET /api/v1/links", "/api/v1/links?limit=1")
        try await api.expect(.badRequest, "GET /api/v1/links", "/api/v1/links?limit=0")
        try await api.expect(.unauthorized, "GET /api/v1/links", key: nil)
        try await api.expect(.ok, "GET /api/v1/links/{code}", at)
        try await api.expect(.unauthorized, "GET /api/v1/links/{code}", at, key: nil)
        try await api.expect(.notFound, "GET /api/v1/links/{code}", nowhere)
        let patch = "PATCH /api/v1/links/{code}"
        try await api.expect(.ok, patch, at, json: #"{"fallbacks": {"web": "https://shop.example.com/"}}"#)
        try await api.expect(.badRequest, patch, at, json: #"{"fallbacks": {"ios": 1}}"#)
        try await api.expect(.unauthorized, patch, at, key: nil, json: #"{"fallbacks": {}}"#)
        try await api.expect(.notFound, patch, nowhere, json: #"{"fallbacks": {}}"#)
        try await api.expect(.contentTooLarge, patch, at, json: oversized)
        try await api.expect(.unsupportedMediaType, patch, at, json: #"{"fallbacks": {}}"#, headers: plainText)
        try await api.expect(.unauthorized, "DELETE /api/v1/links/{code}", at, key: nil)
        try await api.expect(.notFound, "DELETE /api/v1/links/{code}", nowhere)
        try await api.expect(.ok, "GET /api/v1/links/{code}/explain", at + "/explain")
        try await api.expect(.ok, "GET /api/v1/links/{code}/explain", "/api/v1/links/spring-sale/explain")
        try await api.expect(.unauthorized, "GET /api/v1/links/{code}/explain", at + "/explain", key: nil)
        try await api.expect(.notFound, "GET /api/v1/links/{code}/explain", nowhere + "/explain")
    }

    static func appAPI(_ api: DocumentedClient, code: String, gone: String) async throws {
        let resolve = "GET /api/v1/links/{code}/resolve"
        try await api.expect(.ok, resolve, "/api/v1/links/\(code)/resolve", key: Keys.app)
        try await api.expect(.ok, resolve, "/api/v1/links/spring-sale/resolve", key: Keys.app)
        try await api.expect(.unauthorized, resolve, "/api/v1/links/\(code)/resolve", key: nil)
        try await api.expect(.notFound, resolve, "/api/v1/links/nosuchcode/resolve", key: Keys.app)
        try await api.expect(.gone, resolve, "/api/v1/links/\(gone)/resolve", key: Keys.app)
        try await api.expect(.badRequest, resolve, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: [AppVersionGate.header: "ios/two"])
        // The order route is since iOS 2.3: an older app gets appTooOld, and may not redeem.
        let order = #"{"route": "order", "routeParameters": {"id": "7"}, "metadata": {"gift": true}, "redeemLimit": 1, "fallbacks": {"web": "https://shop.example.com/"}}"#
        let newer = try #require(try await api.expect(.created, "POST /api/v1/links", json: order).json()["code"]?.stringValue)
        let old: HTTPFields = [AppVersionGate.header: "ios/2.1"]
        let tooOld = try await api.expect(.ok, resolve, "/api/v1/links/\(newer)/resolve", key: Keys.app, headers: old).json()
        #expect(tooOld["appTooOld"] == true && tooOld["url"]?.stringValue == nil && tooOld["fallback"] == "https://shop.example.com/")
        try await api.expect(.conflict, "POST /api/v1/links/{code}/redeem", "/api/v1/links/\(newer)/redeem", key: Keys.app,
                             json: installBody("install-old"), headers: old)
        let redeem = "POST /api/v1/links/{code}/redeem", limited = "/api/v1/links/spring-sale/redeem"
        try await api.expect(.ok, redeem, limited, key: Keys.app, json: installBody("install-first"))
        try await api.expect(.ok, redeem, limited, key: Keys.app, json: installBody("install-first"))
        try await api.expect(.conflict, redeem, limited, key: Keys.app, json: installBody("install-second"))
        try await api.expect(.badRequest, redeem, limited, key: Keys.app, json: "{}")
        try await api.expect(.unauthorized, redeem, limited, key: nil, json: installBody())
        try await api.expect(.notFound, redeem, "/api/v1/links/nosuchcode/redeem", key: Keys.app, json: installBody())
        try await api.expect(.gone, redeem, "/api/v1/links/\(gone)/redeem", key: Keys.app, json: installBody())
        try await api.expect(.contentTooLarge, redeem, limited, key: Keys.app, json: oversized)
        try await api.expect(.unsupportedMediaType, redeem, limited, key: Keys.app, json: installBody(), headers: plainText)
        let claim = "POST /api/v1/deferred/claim"
        func body(_ code: String) -> String { #"{"platform": "ios", "osVersion": "18.1", "code": "\#(code)"}"# }
        try await api.expect(.ok, claim, key: Keys.app, json: body(code))
        try await api.expect(.badRequest, claim, key: Keys.app, json: "{}")
        try await api.expect(.unauthorized, claim, key: nil, json: body(code))
        try await api.expect(.notFound, claim, key: Keys.app, json: body("nosuchcode"))
        try await api.expect(.gone, claim, key: Keys.app, json: body(gone))
        try await api.expect(.contentTooLarge, claim, key: Keys.app, json: oversized)
        try await api.expect(.unsupportedMediaType, claim, key: Keys.app, json: body(code), headers: plainText)
    }

    static func opening(_ api: DocumentedClient, code: String, gone: String) async throws {
        let open = "GET /{code}"
        try await api.expect(.ok, open, "/\(code)", key: nil, headers: [.userAgent: Agents.iPhone])
        try await api.expect(.found, open, "/\(code)", key: nil, headers: [.userAgent: Agents.desktop])
        try await api.expect(.notFound, open, "/nosuchcode", key: nil, headers: [.userAgent: Agents.desktop])
        try await api.expect(.gone, open, "/\(gone)", key: nil, headers: [.userAgent: Agents.desktop])
        let longLink = "GET /", deepLink = "link=https%3A%2F%2Fshop.example.com%2Fabout%2Fteam"
        try await api.expect(.ok, longLink, "/?\(deepLink)", key: nil, headers: [.userAgent: Agents.iPhone])
        try await api.expect(.found, longLink, "/?\(deepLink)&ofl=https%3A%2F%2Fshop.example.com%2F", key: nil,
                             headers: [.userAgent: Agents.desktop])
        try await api.expect(.seeOther, longLink, "/", key: nil)
        try await api.expect(.badRequest, longLink, "/?link=https%3A%2F%2Fshop.example.com%2Fnowhere%2Fat%2Fall", key: nil,
                             headers: [.userAgent: Agents.desktop])
        try await api.expect(.uriTooLong, longLink, "/?\(deepLink)&st=" + String(repeating: "a", count: 8200), key: nil,
                             headers: [.userAgent: Agents.desktop])
    }

    static func firebase(_ api: DocumentedClient, code: String, harness: Harness) async throws {
        let create = "POST /v1/shortLinks"
        let body = #"{"longDynamicLink": "https://x.page.link/?link=https://shop.example.com/about/team&imv=2"}"#
        try await api.expect(.ok, create, json: body)
        try await api.expect(.ok, create, json: body, headers: idempotent("short"))
        try await api.expect(.unprocessableContent, create, json: #"{"longDynamicLink": "https://x.page.link/?link=https://shop.example.com/"}"#,
                             headers: idempotent("short"))
        try await api.expect(.badRequest, create, json: "{}")
        try await api.expect(.unauthorized, create, key: nil, json: body)
        try await api.expect(.contentTooLarge, create, json: oversized)
        try await api.expect(.unsupportedMediaType, create, json: body, headers: plainText)
        // Another instance holds the key: past the wait, 409.
        let held = IdempotencyRecord(scope: "shortLinks:team:shop", key: "held", owner: "another-instance",
                                     fingerprint: IdempotencyMiddleware.fingerprint(ByteBuffer(string: body)), createdAt: harness.clock.now)
        _ = try await harness.store.reserveIdempotencyKey(held, expiredBefore: .distantPast, abandonedBefore: .distantPast)
        try await api.expect(.conflict, create, json: body, headers: idempotent("held"))
        let stats = "GET /v1/{dynamicLink}/linkStats"
        try await api.expect(.ok, stats, firebaseStats(code))
        try await api.expect(.badRequest, stats, firebaseStats(code) + "?durationDays=0")
        try await api.expect(.unauthorized, stats, firebaseStats(code), key: nil)
        try await api.expect(.notFound, stats, firebaseStats("nosuchcode"))
    }

    static func statsAndOperations(_ api: DocumentedClient, code: String) async throws {
        let stats = "GET /api/v1/links/{code}/stats"
        try await api.expect(.ok, stats, "/api/v1/links/\(code)/stats")
        try await api.expect(.badRequest, stats, "/api/v1/links/\(code)/stats?days=0")
        try await api.expect(.unauthorized, stats, "/api/v1/links/\(code)/stats", key: nil)
        try await api.expect(.notFound, stats, "/api/v1/links/nosuchcode/stats")
        try await api.expect(.ok, "GET /api/v1/stats")
        try await api.expect(.ok, "GET /api/v1/stats", "/api/v1/stats?limit=1")
        try await api.expect(.badRequest, "GET /api/v1/stats", "/api/v1/stats?days=400")
        try await api.expect(.unauthorized, "GET /api/v1/stats", key: nil)
        try await api.expect(.ok, "GET /health", key: nil)
        try await api.expect(.ok, "GET /metrics")
        try await api.expect(.unauthorized, "GET /metrics", key: nil)
        for document in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json", "/api/v1/openapi.json", "/openapi.json"] {
            try await api.expect(.ok, "GET \(document)", key: nil)
        }
    }

    static func webhooks(_ api: DocumentedClient) async throws {
        let create = "POST /api/v1/webhooks"
        let created = try await api.expect(.created, create, json: webhook)
        let id = try #require(try created.json()["id"]?.stringValue)
        try await api.expect(.badRequest, create, json: "{}")
        try await api.expect(.unauthorized, create, key: nil, json: webhook)
        try await api.expect(.contentTooLarge, create, json: oversized)
        try await api.expect(.unsupportedMediaType, create, json: webhook, headers: plainText)
        try await api.expect(.ok, "GET /api/v1/webhooks")
        try await api.expect(.unauthorized, "GET /api/v1/webhooks", key: nil)
        try await api.expect(.noContent, "DELETE /api/v1/webhooks/{id}", "/api/v1/webhooks/\(id)")
        try await api.expect(.unauthorized, "DELETE /api/v1/webhooks/{id}", "/api/v1/webhooks/\(id)", key: nil)
        try await api.expect(.notFound, "DELETE /api/v1/webhooks/{id}", "/api/v1/webhooks/\(id)")
        for _ in 0..<WebhooksAPI.maximumPerTeam { _ = try await api.client.send(.post, "/api/v1/webhooks", json: webhook) }
        try await api.expect(.conflict, create, json: webhook)
    }

    /// One wrong key, one create, one resolve, redeem and claim a client address may make a minute.
    static var throttled: ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.trustedProxies = ["127.0.0.0/8", "::1"]
        configuration.limits.keyGuessRate = RateLimit(1, perSeconds: 60)
        configuration.limits.createRate = RateLimit(1, perSeconds: 60)
        configuration.limits.redeemRate = RateLimit(1, perSeconds: 60)
        configuration.limits.claimRate = RateLimit(1, perSeconds: 60)
        return configuration
    }

    /// 429 from every operation that documents it.
    static func rateLimited(_ api: DocumentedClient) async throws {
        let code = try #require(try await api.expect(.created, "POST /api/v1/links", json: link).json()["code"]?.stringValue)
        let guesser: HTTPFields = [.xForwardedFor: "203.0.113.7"]
        try await api.expect(.unauthorized, "GET /api/v1/links", key: "a-guess", headers: guesser)
        let at = "/api/v1/links/\(code)"
        let throttled: [(String, String?, String?)] = [
            ("POST /api/v1/links", nil, link), ("GET /api/v1/links", nil, nil), ("GET /api/v1/links/{code}", at, nil),
            ("PATCH /api/v1/links/{code}", at, #"{"fallbacks": {}}"#), ("DELETE /api/v1/links/{code}", at, nil),
            ("GET /api/v1/links/{code}/explain", at + "/explain", nil), ("GET /api/v1/links/{code}/stats", at + "/stats", nil), ("GET /api/v1/stats", nil, nil),
            ("POST /v1/shortLinks", nil, #"{"longDynamicLink": "https://x.page.link/?link=https://shop.example.com/"}"#),
            ("GET /v1/{dynamicLink}/linkStats", firebaseStats(code), nil), ("GET /metrics", nil, nil),
            ("POST /api/v1/webhooks", nil, webhook), ("GET /api/v1/webhooks", nil, nil),
            ("DELETE /api/v1/webhooks/{id}", "/api/v1/webhooks/wh_x", nil),
            ("POST /api/v1/keys", nil, #"{"name": "k", "role": "viewer"}"#), ("GET /api/v1/keys", nil, nil),
            ("DELETE /api/v1/keys/{name}", "/api/v1/keys/k", nil), ("GET /api/v1/audit", nil, nil),
        ] + throttledDomains
        // While the address is throttled, a wrong key is refused at once (a right key still works).
        for (operation, uri, body) in throttled {
            try await api.expect(.tooManyRequests, operation, uri, key: "another-guess", json: body, headers: guesser)
        }
        let resolve = at + "/resolve", redeem = at + "/redeem"
        let claim = #"{"platform": "ios", "osVersion": "18.1", "code": "\#(code)"}"#
        for (address, operation, uri, body) in [
            ("203.0.113.8", "GET /api/v1/links/{code}/resolve", resolve, nil),
            ("203.0.113.9", "POST /api/v1/links/{code}/redeem", redeem, installBody()),
            ("203.0.113.10", "POST /api/v1/deferred/claim", "/api/v1/deferred/claim", claim),
        ] {
            try await api.expect(.ok, operation, uri, key: Keys.app, json: body, headers: [.xForwardedFor: address])
            try await api.expect(.tooManyRequests, operation, uri, key: Keys.app, json: body, headers: [.xForwardedFor: address])
        }
    }
}
