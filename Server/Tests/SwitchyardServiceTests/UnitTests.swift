import Switchyard
import SwitchyardStore
import Testing
@testable import SwitchyardService

@Suite struct APIKeyringTests {
    @Test func findsOwnersOnlyForExactKeys() {
        let keyring = APIKeyring(["alpha-key": "alpha", "beta-key": "beta"])
        #expect(keyring.owner(of: "alpha-key") == "alpha")
        #expect(keyring.owner(of: "beta-key") == "beta")
        #expect(keyring.owner(of: "alpha-ke") == nil)
        #expect(keyring.owner(of: "alpha-key ") == nil)
        #expect(keyring.owner(of: "") == nil)
        #expect(APIKeyring([:]).owner(of: "x") == nil)
    }

    @Test func keepsOnlyDigests() {
        #expect(APIKeyring.digest("abc").count == 32)
        #expect(APIKeyring.digest("abc") != APIKeyring.digest("abd"))
        #expect(APIKeyring.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!APIKeyring.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!APIKeyring.constantTimeEqual([1, 2], [1, 2, 3]))
    }
}

@Suite struct LinkCodeTests {
    @Test func generatedCodesUseTheAlphabet() {
        for _ in 0..<200 {
            let code = LinkCodes.generate(length: 8)
            #expect(code.count == 8)
            #expect(code.allSatisfy { LinkCodes.alphabet.contains($0) })
        }
        #expect(LinkCodes.alphabet.count == 62)
    }

    @Test(arguments: [("abc", nil), ("A_b-9", nil), (String(repeating: "x", count: 64), nil),
                      ("ab", "alias 'ab' must be 3 to 64 characters long"),
                      (String(repeating: "x", count: 65), "alias '\(String(repeating: "x", count: 65))' must be 3 to 64 characters long"),
                      ("a/b", "alias 'a/b' may contain only letters, digits, '-' and '_'"),
                      ("ünï", "alias 'ünï' may contain only letters, digits, '-' and '_'"),
                      ("Metrics", "alias 'Metrics' is reserved"), ("dashboard", "alias 'dashboard' is reserved")] as [(String, String?)])
    func aliases(alias: String, refusal: String?) {
        #expect(LinkCodes.aliasRefusal(alias) == refusal)
    }
}

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

@Suite struct UserAgentTests {
    @Test(arguments: Agents.crawlers)
    func crawlers(agent: String) { #expect(UserAgent.platform(agent) == .crawler) }

    @Test func platforms() {
        #expect(UserAgent.platform(Agents.iPhone) == .ios)
        #expect(UserAgent.platform("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)") == .ios)
        #expect(UserAgent.platform(Agents.android) == .android)
        #expect(UserAgent.platform(Agents.desktop) == .desktop)
        #expect(UserAgent.platform("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124") == .desktop)
        #expect(UserAgent.platform("curl/8.4.0") == .other)
        #expect(UserAgent.platform(nil) == .other)
        #expect(UserAgent.platform("") == .other)
    }

    @Test func markersMatchInAnyLetterCaseAnywhereInTheHeader() {
        #expect(UserAgent.platform("MOZILLA/5.0 (IPHONE; CPU IPHONE OS 17_4 LIKE MAC OS X)") == .ios)
        #expect(UserAgent.platform("Ünïcödé — Android ✓") == .android)
        #expect(UserAgent.platform("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0)") == .desktop)
        #expect(UserAgent.platform("something cros") == .desktop, "a marker at the very end")
        #expect(UserAgent.platform("cro") == .other, "shorter than every marker")
        #expect(UserAgent.platform("ipo") == .other)
        #expect(UserAgent.platform("Quora Link Preview/1.0") == .crawler, "a marker with spaces")
        #expect(UserAgent.platform("Slack-ImgProxy (+https://api.slack.com/robots)") == .crawler)
        #expect(UserAgent.platform("iPhone\u{0}Twitterbot") == .crawler, "bytes past a NUL are searched too")
    }

    /// The byte matcher against the standard library's lowercasing and substring search, for every
    /// marker in headers that hold it (at the start, the middle, the end, in other letter cases)
    /// and headers that hold all but its last letter.
    @Test func theByteMatcherAgreesWithStringSearch() {
        let markers = UserAgent.crawlerMarkers + ["android", "iphone", "ipad", "ipod", "windows nt", "macintosh", "x11",
                                                  "cros", "safari/", "version/", "chrome/", "crios/"]
        let agents = [Agents.iPhone, Agents.android, Agents.desktop, Agents.macSafari] + Agents.crawlers
        for marker in markers {
            let upper = marker.uppercased()
            let cut = String(marker.dropLast())
            for header in [marker, upper, "x" + upper, upper + "x", "a (" + marker + ") b", cut, "a" + cut + "b", cut.uppercased()] + agents {
                let expected = header.lowercased().contains(marker)
                #expect(UserAgent.Lowercased(header).contains(Array(marker.utf8)) == expected, "\(marker) in \(header)")
            }
        }
    }
}

@Suite struct NonceTests {
    @Test func noncesAre32HexDigitsDrawnAnew() {
        let nonces = (0..<2_000).map { _ in Responses.nonce() }
        #expect(Set(nonces).count == nonces.count)
        let hex = Set("0123456789abcdef")
        #expect(nonces.allSatisfy { $0.count == 32 && $0.allSatisfy(hex.contains) })
        // Every digit shows up in the first, the middle and the last position (each draw's
        // nibbles all land somewhere): 2,000 draws miss one with a probability of about 1e-55.
        for position in [0, 15, 16, 31] {
            #expect(Set(nonces.map { Array($0)[position] }) == hex, "position \(position)")
        }
    }
}

@Suite struct HTMLTests {
    @Test func escapesEveryMarkupCharacter() {
        #expect(HTML.escape(#"<a href="x" onclick='y'>&`"#) == "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;")
        #expect(HTML.escape("plain text é") == "plain text é")
    }
}

@Suite struct DeepLinkBuilderTests {
    @Test func buildsBothURLsThroughTheTable() throws {
        let builder = DeepLinkBuilder(table: try RouteTable(Harness.routes))
        let target = try builder.target(route: "order", parameters: ["id": "-5"])
        #expect(target == .init(route: "order/:id<int>", routeName: "order", path: "order/-5"))
        let urls = builder.urls(route: "order/:id<int>", parameters: ["id": "-5"], query: ["b": "2", "a": "x y"])
        #expect(urls.scheme == "shop://order/-5?a=x%20y&b=2")
        #expect(urls.universal == "https://shop.example.com/order/-5?a=x%20y&b=2")
    }

    @Test func aStaticRouteThatShadowsTheParametersIsRefused() throws {
        let table = try RouteTable(RouteTableConfiguration(schemes: ["shop"], routes: [
            RouteDefinition("product/featured"), RouteDefinition("product/:id", name: "product")]))
        do {
            _ = try DeepLinkBuilder(table: table).target(route: "product", parameters: ["id": "featured"])
            Issue.record("expected the shadowed link to be refused")
        } catch {
            #expect(error.kind == "parameter-mismatch")
            #expect(error.status == .badRequest)
        }
    }

    @Test func customConstraintsAreChecked() throws {
        let coupon = ParameterConstraint("coupon") { $0.hasPrefix("SAVE") }
        let table = try RouteTable(RouteTableConfiguration(routes: [RouteDefinition("redeem/:code<coupon>", name: "redeem")]),
                                   constraints: [coupon])
        let builder = DeepLinkBuilder(table: table)
        #expect(try builder.target(route: "redeem", parameters: ["code": "SAVE10"]).path == "redeem/SAVE10")
        do {
            _ = try builder.target(route: "redeem", parameters: ["code": "FREE"])
            Issue.record("expected a constraint violation")
        } catch {
            #expect(error.kind == "constraint-violation")
        }
    }
}

@Suite struct InMemoryStoreTests {
    @Test func redeemIsAtomicUnderConcurrency() async throws {
        let store = InMemoryLinkStore()
        try await store.insert(SmartLink(code: "race0001", team: "t", route: "about/team", redeemLimit: 7, createdAt: .now))
        let results = try await withThrowingTaskGroup(of: RedeemResult.self) { group in
            for _ in 0..<200 { group.addTask { try await store.redeem(code: "race0001", install: "install-\(UInt64.random(in: 0...UInt64.max))", at: .now) } }
            return try await group.reduce(into: [RedeemResult]()) { $0.append($1) }
        }
        #expect(results.filter { if case .redeemed = $0 { true } else { false } }.count == 7)
        #expect(results.filter { $0 == .exhausted }.count == 193)
    }

    @Test func codesAreNeverReused() async throws {
        let store = InMemoryLinkStore()
        try await store.insert(SmartLink(code: "abc", team: "t", route: "r", createdAt: .now))
        #expect(try await store.delete(code: "abc", team: "t", at: .now))
        await #expect(throws: StoreError.self) {
            try await store.insert(SmartLink(code: "abc", team: "u", route: "r", createdAt: .now))
        }
    }
}
