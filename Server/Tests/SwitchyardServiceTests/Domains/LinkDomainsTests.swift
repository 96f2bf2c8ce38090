import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
@testable import SwitchyardService
import SwitchyardStore
import Testing

/// Several link domains on one service (issue 53): two teams, three domains — shop holds
/// `links.shop.example` (its default) and `promo.shop.example`, other holds `blog.other.example` —
/// beside the bootstrap domain `go.example.com`. Over a socket, on every store.
@Suite struct LinkDomainsTests {
    static let links = "links.shop.example"
    static let promo = "promo.shop.example"
    static let blog = "blog.other.example"

    /// Adds the three domains through the API.
    static func addDomains(_ client: any TestClientProtocol) async throws {
        for (host, key, isDefault) in [(links, Keys.admin, true), (promo, Keys.admin, false), (blog, Keys.otherTeam, false)] {
            let added = try await client.send(.post, "/api/v1/domains", key: key, json: #"{"host": "\#(host)", "default": \#(isDefault)}"#)
            #expect(added.status == .created, "\(added.text)")
        }
    }

    /// Creates `spring` on each of the three domains, each sending desktops to its own page.
    static func createSprings(_ client: any TestClientProtocol) async throws {
        _ = try await client.create(#"{"route": "about/team", "alias": "spring", "fallbacks": {"web": "https://shop.example.com/a"}}"#)
        _ = try await client.create(#"""
            {"route": "about/team", "alias": "spring", "domain": "\#(promo)", "fallbacks": {"web": "https://shop.example.com/b"}}
            """#)
        _ = try await client.create(#"{"route": "about/team", "alias": "spring", "fallbacks": {"web": "https://shop.example.com/c"}}"#,
                                    key: Keys.otherTeam)
    }

    @Test(arguments: StoreKind.available)
    func theSameCodeOnTwoDomainsIsTwoLinks(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            try await Self.addDomains(client)
            try await Self.createSprings(client)
            let onLinks = try await client.send(.get, "/api/v1/links/spring").json()
            #expect(onLinks["domain"]?.stringValue == Self.links, "a create that names no domain lands on the team's default")
            #expect(onLinks["code"]?.stringValue == "spring")
            #expect(onLinks["url"]?.stringValue == "https://\(Self.links)/spring")
            let onPromo = try await client.send(.get, "/api/v1/links/spring?domain=\(Self.promo)").json()
            #expect(onPromo["fallbacks"]?["web"]?.stringValue == "https://shop.example.com/b")
            #expect(onPromo["url"]?.stringValue == "https://\(Self.promo)/spring")

            for (host, page) in [(Self.links, "a"), (Self.promo, "b"), (Self.blog, "c")] {
                let opened = try await client.open("spring", host: host, userAgent: Agents.desktop)
                #expect(opened.status == .found, "\(host)")
                #expect(opened.headers[.location] == "https://shop.example.com/\(page)", "\(host) opens its own link")
            }
            let upperCase = try await client.open("spring", host: "PROMO.shop.example.:443", userAgent: Agents.desktop)
            #expect(upperCase.headers[.location] == "https://shop.example.com/b", "hosts compare without case, port or final dot")
            #expect(try await client.open("spring", host: "go.example.com", userAgent: Agents.desktop).status == .notFound,
                    "the bootstrap domain has no link spring")
            #expect(try await client.open("spring", host: "unknown.example", userAgent: Agents.desktop).status == .notFound,
                    "a host that is none of the service's domains reaches no link")

            let again = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "alias": "spring"}"#)
            #expect(again.status == .conflict, "codes are unique per domain: \(again.text)")
        }
    }

    @Test(arguments: StoreKind.available)
    func aKeyCreatesOnlyOnItsTeamsDomains(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            try await Self.addDomains(client)
            let refused = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "domain": "\#(Self.blog)"}"#)
            #expect(refused.status == .forbidden)
            let problem = try refused.json()
            #expect(problem["type"]?.stringValue == "https://switchyard.dev/problems/domain-refused")
            #expect(problem["detail"]?.stringValue?.contains("'\(Self.blog)' belongs to another team") == true, "\(problem)")
            let bootstrap = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "domain": "go.example.com"}"#)
            #expect(bootstrap.status == .forbidden, "a team with domains of its own does not create on the bootstrap one")
            let unknown = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "domain": "nowhere.example"}"#)
            #expect(try unknown.json()["type"]?.stringValue == "https://switchyard.dev/problems/unknown-domain")
            let malformed = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "domain": "https://x.example/"}"#)
            #expect(try malformed.json()["detail"]?.stringValue == "domain 'https://x.example/' is a host name only (links.example.com): no scheme, port or path")
            let app = try await client.send(.post, "/api/v1/links", key: Keys.app,
                                            json: #"{"route": "about/team", "install": "i-1", "domain": "\#(Self.promo)"}"#)
            #expect(app.status == .forbidden, "the app key names no domain: \(app.text)")
            let listed = try await client.send(.get, "/api/v1/domains").json()
            #expect(listed["domains"]?.arrayValue?.compactMap { $0["host"]?.stringValue } == [Self.links, Self.promo])
            let other = try await client.send(.get, "/api/v1/domains", key: Keys.otherTeam).json()
            #expect(other["domains"]?.arrayValue?.compactMap { $0["host"]?.stringValue } == [Self.blog],
                    "a team's only domain is its default; the bootstrap one is team default's")
        }
    }

    @Test(arguments: StoreKind.available)
    func eachDomainHasItsFilesAndRedirects(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, harness in
            try await Self.addDomains(client)
            for host in [Self.links, Self.promo, Self.blog, "go.example.com"] {
                let apple = try await client.send(.get, "/.well-known/apple-app-site-association", key: nil, headers: [PatientLiveClient.authority: host])
                #expect(apple.status == .ok, "\(host)")
                #expect(try apple.json()["applinks"]?["details"]?.arrayValue?.first?["appIDs"] == ["TEAMID.com.example.shop"])
                let android = try await client.send(.get, "/.well-known/assetlinks.json", key: nil, headers: [PatientLiveClient.authority: host])
                #expect(android.status == .ok, "\(host)")
            }
            let stranger = try await client.send(.get, "/.well-known/apple-app-site-association", key: nil,
                                                 headers: [PatientLiveClient.authority: "stranger.example"])
            #expect(stranger.status == .notFound)

            let patched = try await client.send(.patch, "/api/v1/domains/\(Self.promo)", json: #"""
                {"rootRedirect": "https://shop.example.com/", "notFoundRedirect": "https://shop.example.com/404",
                 "expiredRedirect": "https://shop.example.com/over"}
                """#)
            #expect(patched.status == .ok, "\(patched.text)")
            let root = try await client.send(.get, "/", key: nil, headers: [PatientLiveClient.authority: Self.promo])
            #expect(root.status == .found)
            #expect(root.headers[.location] == "https://shop.example.com/")
            let missing = try await client.open("nothing", host: Self.promo, userAgent: Agents.desktop)
            #expect(missing.headers[.location] == "https://shop.example.com/404")
            #expect(try await client.open("nothing", host: Self.links, userAgent: Agents.desktop).status == .notFound,
                    "the other domain has no redirects")
            #expect(try await client.send(.get, "/", key: nil, headers: [PatientLiveClient.authority: Self.links]).status != .found)

            let expires = harness.clock.now.addingTimeInterval(60).formatted(.iso8601)
            _ = try await client.create(#"{"route": "about/team", "alias": "short", "domain": "\#(Self.promo)", "expiresAt": "\#(expires)"}"#)
            _ = try await client.create(#"""
                {"route": "about/team", "alias": "own", "domain": "\#(Self.promo)", "expiresAt": "\#(expires)",
                 "expiredURL": "https://shop.example.com/own"}
                """#)
            harness.clock.advance(by: 61)
            #expect(try await client.open("short", host: Self.promo, userAgent: Agents.iPhone).headers[.location]
                    == "https://shop.example.com/over", "the domain's expired redirect")
            #expect(try await client.open("own", host: Self.promo, userAgent: Agents.iPhone).headers[.location]
                    == "https://shop.example.com/own", "the link's own expiredURL comes first")

            let refused = try await client.send(.patch, "/api/v1/domains/\(Self.promo)", json: #"{"rootRedirect": "https://evil.example.net/"}"#)
            #expect(refused.status == .badRequest)
            #expect(try refused.json()["type"]?.stringValue == "https://switchyard.dev/problems/redirect-refused")
            let cleared = try await client.send(.patch, "/api/v1/domains/\(Self.promo)", json: #"{"rootRedirect": ""}"#).json()
            #expect(cleared["rootRedirect"] == .null)
            #expect(cleared["notFoundRedirect"]?.stringValue == "https://shop.example.com/404", "a member left out is kept")
        }
    }

    @Test(arguments: StoreKind.available)
    func forwardedHostIsBelievedFromATrustedProxyOnly(kind: StoreKind) async throws {
        for trusted in [false, true] {
            var configuration = Harness.configuration()
            if trusted { configuration.trustedProxies = ["127.0.0.1"] }
            try await Harness.live(kind, configuration: configuration) { client, _ in
                try await Self.addDomains(client)
                try await Self.createSprings(client)
                let opened = try await client.open("spring", host: Self.links, userAgent: Agents.desktop,
                                                   headers: [.xForwardedHost: "proxy.example, \(Self.blog)"])
                #expect(opened.headers[.location] == (trusted ? "https://shop.example.com/c" : "https://shop.example.com/a"),
                        trusted ? "the trusted proxy's last X-Forwarded-Host names the domain" : "an untrusted peer's X-Forwarded-Host is ignored")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func theAPIAddressesLinksByDomainAndNamesIt(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            try await Self.addDomains(client)
            try await Self.createSprings(client)
            let resolved = try await client.send(.get, "/api/v1/links/spring/resolve?domain=\(Self.promo)", key: Keys.app).json()
            #expect(resolved["code"]?.stringValue == "\(Self.promo)/spring", "the app knows a stored domain's link by its key")
            let stats = try await client.send(.get, "/api/v1/links/spring/stats?domain=\(Self.promo)").json()
            #expect(stats["domain"]?.stringValue == Self.promo)
            #expect(stats["url"]?.stringValue == "https://\(Self.promo)/spring")
            let explained = try await client.send(.get, "/api/v1/links/spring/explain?domain=\(Self.promo)").json()
            #expect(explained["domain"]?.stringValue == Self.promo)
            #expect(explained["code"]?.stringValue == "spring")
            #expect(try await client.send(.delete, "/api/v1/links/spring?domain=\(Self.promo)").status == .noContent)
            #expect(try await client.open("spring", host: Self.promo, userAgent: Agents.desktop).status == .gone)
            #expect(try await client.open("spring", host: Self.links, userAgent: Agents.desktop).status == .found,
                    "deleting the promo link leaves the other domain's")
            let audit = try await client.send(.get, "/api/v1/audit").json()
            let targets = audit["entries"]?.arrayValue?.compactMap { entry -> String? in
                guard let action = entry["action"]?.stringValue, let target = entry["target"]?.stringValue else { return nil }
                return action + " " + target
            } ?? []
            #expect(targets.contains("domain.added \(Self.promo)"))
            #expect(targets.contains("link.created \(Self.promo)/spring"), "\(targets)")
            #expect(targets.contains("link.deleted \(Self.promo)/spring"), "\(targets)")
        }
    }

    @Test(arguments: StoreKind.available)
    func aDomainInUseIsRemovedOnlyByForce(kind: StoreKind) async throws {
        try await Harness.live(kind) { client, _ in
            try await Self.addDomains(client)
            try await Self.createSprings(client)
            let taken = try await client.send(.post, "/api/v1/domains", key: Keys.otherTeam, json: #"{"host": "\#(Self.promo)"}"#)
            #expect(taken.status == .conflict)
            #expect(try taken.json()["type"]?.stringValue == "https://switchyard.dev/problems/domain-taken")
            let bootstrap = try await client.send(.post, "/api/v1/domains", json: #"{"host": "go.example.com"}"#)
            #expect(bootstrap.status == .conflict)
            let malformed = try await client.send(.post, "/api/v1/domains", json: #"{"host": "localhost"}"#)
            #expect(try malformed.json()["type"]?.stringValue == "https://switchyard.dev/problems/invalid-domain")
            #expect(try await client.send(.delete, "/api/v1/domains/\(Self.promo)", key: Keys.otherTeam).status == .notFound,
                    "another team's domain")
            #expect(try await client.send(.delete, "/api/v1/domains/0").status == .notFound, "a path that is no host name is no domain")
            #expect(try await client.send(.get, "/api/v1/links/spring?domain=0").status == .notFound,
                    "a ?domain= that is no host name addresses no link")
            let inUse = try await client.send(.delete, "/api/v1/domains/\(Self.promo)")
            #expect(inUse.status == .conflict)
            #expect(try inUse.json()["detail"]?.stringValue == "1 live link use '\(Self.promo)'; remove with force=true to disable them")
            #expect(try await client.open("spring", host: Self.promo, userAgent: Agents.desktop).status == .found)
            #expect(try await client.send(.delete, "/api/v1/domains/\(Self.promo)?force=true").status == .noContent)
            #expect(try await client.open("spring", host: Self.promo, userAgent: Agents.desktop).status == .notFound,
                    "a removed domain is no domain of the service")
            // Added again, its link stays disabled: the removal switched it off.
            #expect(try await client.send(.post, "/api/v1/domains", json: #"{"host": "\#(Self.promo)"}"#).status == .created)
            #expect(try await client.open("spring", host: Self.promo, userAgent: Agents.desktop).status == .gone)
        }
    }
}

extension TestClientProtocol {
    /// `GET /{code}` on the domain `host` (the request's authority).
    func open(_ code: String, host: String, userAgent: String?, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        headers[PatientLiveClient.authority] = host
        return try await open(code, userAgent: userAgent, headers: headers)
    }
}
