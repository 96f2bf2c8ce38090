import Hummingbird
import HummingbirdTesting
import Testing
@testable import SwitchyardService

/// Signing in and out, sessions and CSRF tokens, over a real socket.
@Suite struct DashboardAuthTests {
    @Test func signingInSetsAHardenedSessionCookieThatIsNotTheKey() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            let form = try await browser.get("/dashboard/signin")
            #expect(form.status == .ok)
            let signInCookie = try #require(form.headers[values: .setCookie].first)
            #expect(signInCookie.contains("HttpOnly") && signInCookie.contains("SameSite=Strict"))
            let token = try #require(DashboardClient.csrf(in: form.text))
            let response = try await browser.post("/dashboard/signin", form: [("csrf", token), ("key", Keys.admin)])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix(DashboardCookies.hostSession + "=") })
            #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict") && cookie.contains("; Path=/"))
            #expect(cookie.contains("; Secure"), "the harness's base URL is https")
            #expect(cookie.hasPrefix("__Host-switchyard_session=") && !cookie.contains("Domain"), "a __Host- cookie on https")
            #expect(signInCookie.hasPrefix("__Host-switchyard_signin=") && signInCookie.contains("; Secure") && signInCookie.contains("; Path=/"))
            let value = try #require(browser.cookies[DashboardCookies.hostSession])
            #expect(value.split(separator: ".").first?.count == 64 && !value.contains(Keys.admin) && !cookie.contains(Keys.admin))
            #expect(browser.cookies[DashboardCookies.hostSignIn] == nil, "the sign-in token is spent")
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            #expect(home.text.contains("Signed in as <strong>environment</strong> (admin) · team <strong>shop</strong>"))
            #expect(home.headers[.contentSecurityPolicy]?.contains("form-action 'self'") == true)
        }
    }

    @Test func cookiesAreNotSecureOnAPlainHTTPBaseURL() async throws {
        var configuration = Harness.configuration()
        configuration.baseURL = "http://127.0.0.1:8080"
        try await Harness.live(.memory, configuration: configuration) { client, _ in
            let form = try await client.executeRequest(uri: "/dashboard/signin", method: .get, headers: [:], body: nil)
            #expect(form.headers[values: .setCookie].allSatisfy { !$0.contains("Secure") })
            #expect(form.headers[values: .setCookie].allSatisfy { $0.hasPrefix("switchyard_signin=") }, "no __Host- prefix without https")
            let browser = DashboardClient(client)
            try await browser.signIn()
            #expect(browser.cookies["switchyard_session"] != nil)
        }
    }

    @Test(arguments: ["wrong-key", "", Keys.admin + " x"])
    func aWrongKeyIsRefusedOnTheForm(key: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            let token = try #require(DashboardClient.csrf(in: try await browser.get("/dashboard/signin").text))
            let response = try await browser.post("/dashboard/signin", form: [("csrf", token), ("key", key)])
            #expect(response.status == .unauthorized)
            #expect(response.text.contains("The API key is not valid."))
            #expect(browser.cookies[DashboardCookies.hostSession] == nil)
            #expect(try await browser.get("/").status == .seeOther)
        }
    }

    @Test func signingInWithoutTheFormsTokenIsRefused() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            // No sign-in cookie at all (a cross-site post), then a token that does not match it.
            var response = try await browser.post("/dashboard/signin", form: [("csrf", "x"), ("key", Keys.admin)])
            #expect(response.status == .forbidden)
            _ = try await browser.get("/dashboard/signin")
            response = try await browser.post("/dashboard/signin", form: [("csrf", String(repeating: "0", count: 64)), ("key", Keys.admin)])
            #expect(response.status == .forbidden)
            #expect(response.text.contains("security token"))
            #expect(browser.cookies[DashboardCookies.hostSession] == nil)
        }
    }

    static let pages: [(method: HTTPRequest.Method, path: String)] = [
        (.get, "/"), (.get, "/?cursor=abc"), (.get, "/dashboard/new"), (.get, "/dashboard/new?route=product"),
        (.get, "/dashboard/links/abcdefgh"), (.post, "/dashboard/new"), (.post, "/dashboard/signout"),
    ]

    @Test(arguments: 0..<pages.count)
    func everyPageSendsStrangersToSignIn(index: Int) async throws {
        let (method, path) = Self.pages[index]
        try await Harness.live(.memory) { client, _ in
            for cookie in [nil, "\(DashboardCookies.hostSession)=\(String(repeating: "a", count: 64))", "\(DashboardCookies.hostSession)=\(Keys.admin)"] {
                var headers = HTTPFields()
                if let cookie { headers[.cookie] = cookie }
                headers[.contentType] = "application/x-www-form-urlencoded"
                let response = try await client.executeRequest(
                    uri: path, method: method, headers: headers,
                    body: method == .post ? ByteBuffer(string: "route=product&param.product_id=1") : nil)
                #expect(response.status == .seeOther, "\(method) \(path) with \(cookie ?? "no cookie")")
                #expect(response.headers[.location] == "/dashboard/signin")
            }
        }
    }

    @Test(arguments: ["", "wrong", "0000000000000000000000000000000000000000000000000000000000000000"])
    func postsWithoutTheSessionsTokenAreRefused(csrf: String) async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            try await browser.signIn()
            var form = [("route", "product"), ("param.product_id", "42")]
            if !csrf.isEmpty { form.append(("csrf", csrf)) }
            let created = try await browser.post("/dashboard/new", form: form)
            #expect(created.status == .forbidden)
            let signOut = try await browser.post("/dashboard/signout", form: csrf.isEmpty ? [] : [("csrf", csrf)])
            #expect(signOut.status == .forbidden)
            let list = try await client.send(.get, "/api/v1/links")
            #expect(try list.json()["links"]?.arrayValue?.isEmpty == true, "nothing was created")
            #expect(try await browser.get("/").status == .ok, "still signed in")
        }
    }

    @Test func anotherSessionsTokenIsRefused() async throws {
        try await Harness.live(.memory) { client, _ in
            let alice = DashboardClient(client)
            let bob = DashboardClient(client)
            let alicesToken = try await alice.signIn()
            try await bob.signIn()
            let response = try await bob.post("/dashboard/new", form: [("csrf", alicesToken), ("route", "about/team")])
            #expect(response.status == .forbidden)
        }
    }

    @Test(arguments: StoreKind.available)
    func aSessionEndsTwelveHoursAfterSignInHoweverMuchItIsUsed(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            let browser = DashboardClient(client)
            try await browser.signIn()
            for _ in 0..<3 {
                harness.clock.advance(by: 7 * 3600 / 2)
                #expect(try await browser.get("/").status == .ok, "used within the idle timeout")
            }
            harness.clock.advance(by: 3 * 3600 / 2)
            let ended = try await browser.get("/")
            #expect(ended.status == .seeOther && ended.headers[.location] == "/dashboard/signin", "12 hours after sign-in")
            try await browser.signIn()
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test func signingOutEndsTheSession() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            let token = try await browser.signIn()
            let session = try #require(browser.cookies[DashboardCookies.hostSession])
            let response = try await browser.post("/dashboard/signout", form: [("csrf", token)])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/dashboard/signin")
            #expect(response.headers[values: .setCookie].contains { $0.hasPrefix(DashboardCookies.hostSession + "=;") && $0.contains("Max-Age=0") })
            browser.setCookie(DashboardCookies.hostSession, session)
            let again = try await browser.get("/")
            #expect(again.status == .seeOther, "the old token no longer works")
        }
    }
}

extension DashboardCookies {
    /// The cookies' names on the harness's https base URL.
    static let hostSession = name(session, secure: true)
    static let hostSignIn = name(signIn, secure: true)
}
