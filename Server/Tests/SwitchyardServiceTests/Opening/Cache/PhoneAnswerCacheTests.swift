import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import Testing

/// A phone's answer is made once per cached link and answered again from it: the iPhone page with
/// a fresh nonce every time (in the body and in the CSP), its escaping kept, and a change to the
/// link answered anew.
@Suite struct PhoneAnswerCacheTests {
    static func nonce(_ response: TestResponse) throws -> String {
        let csp = try #require(response.headers[.contentSecurityPolicy])
        return String(try #require(csp.split(separator: "'").first { $0.hasPrefix("nonce-") }).dropFirst("nonce-".count))
    }

    @Test(arguments: StoreKind.available)
    func theIPhonePageIsRenderedOnceAndEachAnswerHasItsOwnNonce(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create("""
                {"route": "product", "routeParameters": {"product_id": "42"},
                 "fallbacks": {"ios": "https://apps.apple.com/app/id123"}, "preview": {"title": "Shoes <b>&</b> \\"socks\\""}}
                """)["code"]?.stringValue)
            let first = try await client.open(code, userAgent: Agents.iPhone)
            let second = try await client.open(code, userAgent: Agents.iPhone)
            let (one, two) = (try Self.nonce(first), try Self.nonce(second))
            #expect(one != two, "a nonce is never answered twice")
            #expect(first.text.contains("<script nonce=\"\(one)\">") && second.text.contains("<script nonce=\"\(two)\">"))
            #expect(!first.text.contains(NoncedPage.marker) && !second.text.contains(NoncedPage.marker))
            #expect(first.text.replacingOccurrences(of: one, with: "N") == second.text.replacingOccurrences(of: two, with: "N"),
                    "the same page around the nonce")
            #expect(first.text.contains("Shoes &lt;b&gt;&amp;&lt;/b&gt; &quot;socks&quot;"), "escaped as the template escapes")
            #expect(!first.text.contains("<b>"))
            // A change through this instance evicts the cached link: the next page is made anew.
            let patched = try await client.send(.patch, "/api/v1/links/\(code)", json: #"{"fallbacks": {"ios": "https://example.org/get"}}"#)
            #expect(patched.status == .ok, "\(patched.text)")
            let third = try await client.open(code, userAgent: Agents.iPhone)
            #expect(third.text.contains("https://example.org/get"))
            #expect(third.headers[.contentSecurityPolicy]?.contains("script-src 'none'") == true, "no App Store: no copy script, no nonce")
        }
    }

    @Test(arguments: StoreKind.available)
    func androidAnswersAreKeptWithTheirInstallReferrer(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            let code = try #require(try await client.create("""
                {"route": "product", "routeParameters": {"product_id": "42"},
                 "fallbacks": {"android": "https://play.google.com/store/apps/details?id=com.example.shop"}}
                """)["code"]?.stringValue)
            let first = try await client.open(code, userAgent: Agents.android)
            let second = try await client.open(code, userAgent: Agents.android)
            #expect(first.status == .found && second.status == .found)
            let location = try #require(first.headers[.location])
            #expect(location.hasPrefix("intent://"))
            #expect(location.contains("switchyard_code%253D\(code)") || location.contains("switchyard_code%3D\(code)"))
            #expect(second.headers[.location] == location)
            // Another link's answer is its own.
            let other = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://shop.example.com/"}}"#)["code"]?.stringValue)
            #expect(try await client.open(other, userAgent: Agents.android).headers[.location]?.contains(code) == false)
        }
    }
}
