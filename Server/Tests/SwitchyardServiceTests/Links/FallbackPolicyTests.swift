import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct FallbackPolicyTests {
    let policy = FallbackPolicy(tableHosts: ["Shop.Example.com"], extra: ["example.org"])

    @Test(arguments: [("https://shop.example.com/a", "shop.example.com"), ("http://EXAMPLE.org:80/", "example.org"),
                      ("https://cdn.example.org", "cdn.example.org"), ("https://example.org./x", "example.org")] as [(String, String)])
    func readsHosts(url: String, host: String) {
        #expect(FallbackPolicy.host(of: url) == host)
        #expect(policy.refusal(for: url) == nil)
    }

    @Test func refusalsSayWhy() {
        #expect(policy.refusal(for: "https://evil.com/") ==
                "'evil.com' is not an allowed fallback domain (allowed: shop.example.com, apps.apple.com, itunes.apple.com, play.google.com, example.org)")
        #expect(policy.refusal(for: "javascript:alert(1)") ==
                "'javascript:alert(1)' is not an absolute http or https URL without user info, spaces or backslashes")
        #expect(policy.refusal(for: "https://notexample.org/") != nil)
    }
}
