import Foundation
import Hummingbird
import SwitchyardQR
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct DashboardUnitTests {
    @Test func formsDecodeWithHummingbirdsURLEncodedFormDecoder() throws {
        let decoder = URLEncodedFormDecoder()
        let form = try decoder.decode(NewLinkForm.self, from: "route=a+b&param.id=%3Cx%3E%20y&alias=&preview.title=%E2%9C%93&csrf=t")
        #expect(form["route"] == "a b")
        #expect(form["param.id"] == "<x> y")
        #expect(form["alias"] == "" && form.trimmed("alias") == nil)
        #expect(form["preview.title"] == "✓")
        #expect(form.csrf == "t")
        #expect(form["missing"] == nil)
        #expect(try decoder.decode(NewLinkForm.self, from: "x=+%20+").trimmed("x") == nil)
        let signIn = try decoder.decode(SignInForm.self, from: "csrf=abc&key=sk%2B1+2")
        #expect(signIn.csrf == "abc" && signIn.key == "sk+1 2")
        #expect(try decoder.decode(SignInForm.self, from: "").key == nil)
        // A field given twice, or broken percent-encoding, is not a form the dashboard posts.
        #expect(throws: URLEncodedFormError.self) { try decoder.decode(SignInForm.self, from: "key=a&key=b") }
        #expect(throws: URLEncodedFormError.self) { try decoder.decode(NewLinkForm.self, from: "e=%ZZ") }
    }

    @Test(arguments: StoreKind.available)
    func sessionsLiveInTheStoreAndExpireWhenIdle(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.migrate()
        let sessions = DashboardSessions(store: store, idleTimeout: .seconds(100))
        let start = Date(timeIntervalSince1970: 1_000)
        let (first, session) = try await sessions.create(.init(name: "environment", role: .admin, team: "shop"), keyHash: nil, now: start)
        #expect(session.csrf.count == 64 && first == first.prefix(64) + ".1000" && !first.contains(session.csrf))
        #expect(try await sessions.session(first, now: start.addingTimeInterval(90))?.team == "shop")
        #expect(try await sessions.session(first, now: start.addingTimeInterval(180))?.csrf == session.csrf, "use pushes expiry back")
        #expect(try await sessions.session(first, now: start.addingTimeInterval(281)) == nil)
        #expect(try await sessions.session(first, now: start.addingTimeInterval(1)) == nil, "an expired session is deleted")
        // Another instance on the same store knows the session, and signing out ends it there too.
        let other = DashboardSessions(store: store, idleTimeout: .seconds(100))
        let (token, _) = try await sessions.create(.init(name: "environment", role: .admin, team: "b"), keyHash: nil, now: start)
        #expect(try await other.session(token, now: start.addingTimeInterval(1))?.team == "b")
        try await other.remove(token)
        #expect(try await sessions.session(token, now: start.addingTimeInterval(2)) == nil)
        #expect(try await sessions.session(nil, now: start) == nil)
        #expect(try await sessions.session("", now: start) == nil)
        #expect(try await sessions.session(String(repeating: "a", count: 10_000), now: start) == nil)
        try await store.close()
        await StoreKind.cleanUp(store)
    }

    @Test(arguments: StoreKind.available)
    func sessionsEndAtTheirLifetimeHoweverMuchTheyAreUsed(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.migrate()
        let sessions = DashboardSessions(store: store, idleTimeout: .seconds(100), lifetime: .seconds(250))
        let start = Date(timeIntervalSince1970: 1_000)
        let (token, _) = try await sessions.create(.init(name: "environment", role: .admin, team: "shop"), keyHash: nil, now: start)
        for elapsed in [90.0, 180, 240] {
            #expect(try await sessions.session(token, now: start.addingTimeInterval(elapsed))?.team == "shop")
        }
        let last = try #require(try await sessions.session(token, now: start.addingTimeInterval(249)))
        #expect(last.expires == start.addingTimeInterval(250), "use never pushes expiry past the lifetime")
        #expect(try await sessions.session(token, now: start.addingTimeInterval(250)) == nil)
        #expect(try await sessions.session(token, now: start.addingTimeInterval(100)) == nil, "an ended session is deleted")
        // The start is in the token, under its hash: a token with another start is no session.
        let (second, _) = try await sessions.create(.init(name: "environment", role: .admin, team: "shop"), keyHash: nil, now: start)
        #expect(try await sessions.session(second.prefix(64) + ".1500", now: start.addingTimeInterval(300)) == nil)
        #expect(try await sessions.session(String(second.prefix(64)), now: start) == nil)
        try await store.close()
        await StoreKind.cleanUp(store)
    }

    @Test func theStoreKeepsOnlyTheTokensHash() async throws {
        let store = InMemoryLinkStore()
        let sessions = DashboardSessions(store: store, idleTimeout: .seconds(100))
        let now = Date(timeIntervalSince1970: 1_000)
        let (token, _) = try await sessions.create(.init(name: "environment", role: .admin, team: "shop"), keyHash: nil, now: now)
        #expect(try await store.session(tokenHash: token, now: now, extendingTo: now) == nil)
        #expect(try await store.session(tokenHash: DashboardSessions.hash(token), now: now, extendingTo: now)?.team == "shop")
    }

    @Test func theQRCodeIsAnSVGWithAQuietZoneAndAnEscapedLabel() throws {
        let svg = try Dashboard.qrSVG(QRCode.encode("HELLO"), label: "QR <code>")
        #expect(svg.contains(#"viewBox="0 0 29 29""#))
        #expect(svg.contains(#"aria-label="QR &lt;code&gt;""#))
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>"))
    }

    @Test func tokensCompareExactly() {
        #expect(DashboardSessions.tokensMatch("abc", "abc"))
        #expect(!DashboardSessions.tokensMatch("abc", "abd"))
        #expect(!DashboardSessions.tokensMatch("", ""))
        #expect(!DashboardSessions.tokensMatch(nil, "abc"))
    }

    @Test(arguments: [("2030-01-31T12:00", "2030-01-31T12:00:00Z"), ("2030-01-31T12:00:30", "2030-01-31T12:00:30Z"),
                      ("2030-01-31T12:00:00Z", "2030-01-31T12:00:00Z"), ("soon", "soon")])
    func expiryInputIsReadAsUTC(input: String, expected: String) {
        #expect(Dashboard.utcDateTime(input) == expected)
    }
}
