import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Switchyard
import SwitchyardRules
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// Password links (issue 54): the form, the cookie scoped to one link, guesses limited per
/// address and per link, and the app's resolve and redeem, which need the password too.
@Suite struct LinkPasswordTests {
    static let body = #"""
        {"route": "about/team", "password": "open sesame", "metadata": {"coupon": "SPRING"}, "redeemLimit": 5,
         "preview": {"title": "Secret sale"}, "fallbacks": {"web": "https://shop.example.com/sale"}}
        """#

    static func post(_ client: any TestClientProtocol, _ code: String, _ form: String, address: String? = nil,
                     cookie: String? = nil, contentType: String = "application/x-www-form-urlencoded") async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.userAgent] = Agents.desktop
        if let address { headers[.xForwardedFor] = address }
        if let cookie { headers[.cookie] = cookie }
        return try await client.executeRequest(uri: "/\(code)", method: .post, headers: headers, body: ByteBuffer(string: form))
    }

    /// The `name=value` of a response's cookie.
    static func cookie(_ response: TestResponse) throws -> String {
        let header = try #require(response.headers[.setCookie])
        return String(header.prefix { $0 != ";" })
    }

    static func configuration(addressRate: RateLimit? = .init(100, perSeconds: 60),
                              linkRate: RateLimit? = .init(100, perSeconds: 3600)) -> ServiceConfiguration {
        var configuration = Harness.configuration()
        configuration.trustedProxies = ["127.0.0.1", "::1"]
        configuration.limits.passwordGuessRate = addressRate
        configuration.limits.passwordLinkGuessRate = linkRate
        return configuration
    }

    @Test(arguments: StoreKind.available)
    func theFormOpensTheLinkAndTheCookieOpensOnlyThatLink(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, harness in
            let response = try await client.send(.post, "/api/v1/links", json: Self.body)
            #expect(!response.text.contains("scrypt") && !response.text.contains("sesame"), "neither the hash nor the password is answered")
            let created = try response.json()
            let code = try #require(created["code"]?.stringValue)
            #expect(created["passwordProtected"] == true)
            let stored = try #require(try await harness.store.link(code: code)?.content.passwordHash)
            #expect(stored.hasPrefix("$scrypt$ln=15,r=8,p=1$"), "a salted scrypt hash in the PHC format: \(stored)")
            #expect(!stored.contains("sesame"))

            let form = try await client.open(code, userAgent: Agents.desktop)
            #expect(form.status == .ok)
            #expect(form.text.contains(#"<form method="post">"#))
            #expect(!form.text.contains("Secret sale"), "the form shows nothing of the link")
            #expect(form.headers[.contentSecurityPolicy]?.contains("form-action 'self'") == true)
            let crawler = try await client.open(code, userAgent: Agents.crawlers[0])
            #expect(!crawler.text.contains("Secret sale"), "a crawler gets the form too, not the preview")

            let wrong = try await Self.post(client, code, "password=open+sesam")
            #expect(wrong.status == .forbidden)
            #expect(wrong.text.contains("That is not the password."))
            #expect(wrong.headers[.setCookie] == nil)

            let right = try await Self.post(client, code, "password=open%20sesame")
            #expect(right.status == .seeOther)
            #expect(right.headers[.location] == "/\(code)")
            let setCookie = try #require(right.headers[.setCookie])
            #expect(setCookie.contains("; Path=/\(code);") && setCookie.contains("HttpOnly") && setCookie.contains("Secure"))
            let cookie = try Self.cookie(right)

            var withCookie = HTTPFields()
            withCookie[.cookie] = "other=1; " + cookie
            let opened = try await client.open(code, userAgent: Agents.desktop, headers: withCookie)
            #expect(opened.status == .found)
            #expect(opened.headers[.location] == "https://shop.example.com/sale")

            // The cookie opens no other link, a changed one opens nothing, and it ends.
            let other = try #require(try await client.create(Self.body)["code"]?.stringValue)
            let renamed = PasswordCookie.name(for: other) + "=" + cookie.split(separator: "=", maxSplits: 1)[1]
            var elsewhere = HTTPFields()
            elsewhere[.cookie] = renamed
            #expect(try await client.open(other, userAgent: Agents.desktop, headers: elsewhere).status == .ok, "another link's form")
            var tampered = HTTPFields()
            tampered[.cookie] = String(cookie.dropLast()) + (cookie.hasSuffix("A") ? "B" : "A")
            #expect(try await client.open(code, userAgent: Agents.desktop, headers: tampered).status == .ok)
            harness.clock.advance(by: PasswordCookie.lifetime + 1)
            #expect(try await client.open(code, userAgent: Agents.desktop, headers: withCookie).status == .ok, "an old cookie")
        }
    }

    @Test func guessesAreLimitedPerAddressAndPerLink() async throws {
        let configuration = Self.configuration(addressRate: .init(3, perSeconds: 60), linkRate: .init(5, perSeconds: 3600))
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let code = try #require(try await client.create(Self.body)["code"]?.stringValue)
            for _ in 0..<3 { #expect(try await Self.post(client, code, "password=guess", address: "203.0.113.7").status == .forbidden) }
            let limited = try await Self.post(client, code, "password=open+sesame", address: "203.0.113.7")
            #expect(limited.status == .tooManyRequests, "the address has no guesses left, even for the right password")
            #expect(limited.headers[.retryAfter] != nil)
            #expect(limited.headers[.setCookie] == nil)
            // Two more from other addresses spend the link's five; then nobody may guess for a while.
            #expect(try await Self.post(client, code, "password=guess", address: "198.51.100.1").status == .forbidden)
            #expect(try await Self.post(client, code, "password=guess", address: "198.51.100.2").status == .forbidden)
            #expect(try await Self.post(client, code, "password=open+sesame", address: "198.51.100.3").status == .tooManyRequests,
                    "the link has had as many guesses as an hour allows, from every address together")
            // The app's guesses are the same guesses.
            var app = HTTPFields()
            app[LinkPassword.header] = "open sesame"
            app[.xForwardedFor] = "192.0.2.44"
            #expect(try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: app).status == .tooManyRequests)
        }
    }

    @Test(arguments: StoreKind.available)
    func theAppSendsThePasswordToResolveAndRedeem(kind: StoreKind) async throws {
        try await Harness.live(kind, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(Self.body)["code"]?.stringValue)
            let missing = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app)
            #expect(missing.status == .unauthorized)
            #expect(try missing.json()["type"]?.stringValue?.hasSuffix("password-required") == true)
            var wrong = HTTPFields()
            wrong[LinkPassword.header] = "not it"
            let refused = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: wrong)
            #expect(refused.status == .forbidden)
            #expect(try refused.json()["type"]?.stringValue?.hasSuffix("wrong-password") == true)
            var right = HTTPFields()
            right[LinkPassword.header] = "open sesame"
            let resolved = try await client.send(.get, "/api/v1/links/\(code)/resolve", key: Keys.app, headers: right)
            #expect(resolved.status == .ok)
            #expect(try resolved.json()["route"]?.stringValue == "about/team")

            let redeemBody = #"{"install": "install-1"}"#
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: redeemBody).status == .unauthorized)
            #expect(try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: redeemBody, headers: wrong).status == .forbidden)
            let redeemed = try await client.send(.post, "/api/v1/links/\(code)/redeem", key: Keys.app, json: redeemBody, headers: right)
            #expect(redeemed.status == .ok)
            #expect(try redeemed.json()["metadata"]?["coupon"]?.stringValue == "SPRING")
        }
    }

    @Test func aNewPasswordEndsTheOldCookiesAndNullRemovesIt() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let code = try #require(try await client.create(Self.body)["code"]?.stringValue)
            let cookie = try Self.cookie(try await Self.post(client, code, "password=open+sesame"))
            var withCookie = HTTPFields()
            withCookie[.cookie] = cookie
            #expect(try await client.open(code, userAgent: Agents.desktop, headers: withCookie).status == .found)

            let changed = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"password": "new secret"}"#)
            #expect(changed.status == .ok)
            #expect(try changed.json()["passwordProtected"] == true)
            #expect(try await client.open(code, userAgent: Agents.desktop, headers: withCookie).status == .ok, "the old cookie no longer opens")
            #expect(try await Self.post(client, code, "password=open+sesame").status == .forbidden)
            #expect(try await Self.post(client, code, "password=new+secret").status == .seeOther)

            let removed = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"password": null}"#)
            #expect(try removed.json()["passwordProtected"] == false)
            #expect(try await client.open(code, userAgent: Agents.desktop).status == .found, "no password: it opens")
            let audit = try await client.send(.get, "/api/v1/audit").text
            #expect(audit.contains("password=removed"))
            #expect(!audit.contains("new secret"))
        }
    }

    @Test func badPasswordsAndFormsAreRefusedByName() async throws {
        try await Harness.live(.memory, configuration: Self.configuration()) { client, _ in
            let short = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "password": "abc"}"#)
            #expect(short.status == .badRequest)
            #expect(short.text.contains("'password' is 4 to 128 characters, got 3"))
            let long = String(repeating: "x", count: 129)
            #expect(try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "password": "\#(long)"}"#).status == .badRequest)
            let byApp = try await client.send(.post, "/api/v1/links", key: Keys.app,
                                              json: #"{"route": "about/team", "install": "i-1", "password": "open sesame"}"#)
            #expect(byApp.status == .forbidden, "the app key sets no password: \(byApp.text)")

            let code = try #require(try await client.create(Self.body)["code"]?.stringValue)
            #expect(try await Self.post(client, code, #"{"password": "open sesame"}"#, contentType: "application/json").status == .unsupportedMediaType)
            #expect(try await Self.post(client, code, "nothing=here").status == .badRequest)
            let huge = "password=" + String(repeating: "a", count: 4096)
            #expect(try await Self.post(client, code, huge).status == .contentTooLarge)
            #expect(try await Self.post(client, "nosuchcode", "password=open+sesame").status == .notFound)
            // A link without a password has nothing to unlock: back to it.
            let plain = try #require(try await client.create(#"{"route": "about/team"}"#)["code"]?.stringValue)
            #expect(try await Self.post(client, plain, "password=whatever").status == .seeOther)
        }
    }

    @Test func theStoredHashIsCheckedInConstantShapeAndCorruptOnesOpenNothing() throws {
        let stored = try LinkPassword.hash("open sesame", cost: .init(logN: 10))
        #expect(LinkPassword.matches("open sesame", stored: stored))
        #expect(!LinkPassword.matches("open sesamE", stored: stored))
        #expect(!LinkPassword.matches("open sesame", stored: "$scrypt$ln=30,r=8,p=1$AAAA$AAAA"), "a cost over the bound is not computed")
        #expect(!LinkPassword.matches("open sesame", stored: "plain text"))
        #expect(try LinkPassword.hash("open sesame", cost: .init(logN: 10)) != stored, "a fresh salt each time")
    }
}
