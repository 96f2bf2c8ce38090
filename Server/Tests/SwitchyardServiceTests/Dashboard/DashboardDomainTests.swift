import Foundation
import Hummingbird
import HummingbirdTesting
import Switchyard
import Testing
@testable import SwitchyardService

/// The dashboard's domains page, its create form's domain and a stored domain's link pages, over a
/// real socket.
@Suite struct DashboardDomainTests {
    @Test func domainsAreAddedAndRemovedAndLinksMadeOnThem() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let empty = try await browser.get("/dashboard/domains")
            #expect(empty.status == .ok)
            #expect(empty.text.contains(#"<tr data-host="go.example.com"><td><code>go.example.com</code></td><td>default (the service's own)</td>"#),
                    "a team that holds no domain creates on the bootstrap one: \(empty.text)")
            #expect(!empty.text.contains(#"action="/dashboard/domains/remove""#), "which cannot be removed")
            let added = try await browser.post("/dashboard/domains", form: [
                ("csrf", csrf), ("host", "Promo.Shop.Example"), ("default", "on"), ("notFoundRedirect", "https://shop.example.com/404"),
            ])
            #expect(added.status == .seeOther)
            let page = try await browser.get("/dashboard/domains").text
            #expect(page.contains(#"<tr data-host="promo.shop.example"><td><code>promo.shop.example</code></td><td>default</td>"#), "\(page)")
            #expect(page.contains("https://shop.example.com/404"))
            let refused = try await browser.post("/dashboard/domains", form: [("csrf", csrf), ("host", "go.example.com")])
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("is the service&#39;s bootstrap domain"), "\(refused.text)")
            let malformed = try await browser.post("/dashboard/domains", form: [("csrf", csrf), ("host", "not a host")])
            #expect(malformed.status == .badRequest)
            let long = try await browser.post("/dashboard/domains", form: [
                ("csrf", csrf), ("host", "long.shop.example"), ("rootRedirect", "https://shop.example.com/" + String(repeating: "a", count: 3000)),
            ])
            #expect(long.status == .badRequest && long.text.contains("longer than 2048 bytes"), "the API's length checks apply to the form")

            let form = try await browser.get("/dashboard/new?route=about%2Fteam").text
            #expect(form.contains(#"name="domain""#) && form.contains("empty: promo.shop.example"), "\(form)")
            let created = try await browser.post("/dashboard/new", form: [("csrf", csrf), ("route", "about/team"), ("alias", "spring")])
            #expect(created.status == .seeOther)
            #expect(created.headers[.location] == "/dashboard/links/spring?domain=promo.shop.example")
            let list = try await browser.get("/").text
            #expect(list.contains("/dashboard/links/spring?domain"), "\(list)")
            let linkPage = try await browser.get("/dashboard/links/spring?domain=promo.shop.example")
            #expect(linkPage.status == .ok)
            #expect(linkPage.text.contains(#"href="https://promo.shop.example/spring""#))
            #expect(try await browser.get("/dashboard/links/spring").status == .notFound, "not on the bootstrap domain")

            let inUse = try await browser.post("/dashboard/domains/remove", form: [("csrf", csrf), ("host", "promo.shop.example")])
            #expect(inUse.status == .conflict)
            #expect(inUse.text.contains("1 live link use"))
            let removed = try await browser.post("/dashboard/domains/remove",
                                                 form: [("csrf", csrf), ("host", "promo.shop.example"), ("force", "on")])
            #expect(removed.status == .seeOther)
            #expect(!(try await browser.get("/dashboard/domains").text.contains(#"data-host="promo.shop.example""#)))
        }
    }

    @Test func aTeamStillReachesTheLinksItMadeBeforeItHeldADomain() async throws {
        try await Harness.live(.memory) { client, _ in
            let before = try await client.create(#"{"route": "about/team", "alias": "early"}"#)
            #expect(before["domain"]?.stringValue == "go.example.com")
            #expect(try await client.send(.post, "/api/v1/domains", json: #"{"host": "promo.shop.example"}"#).status == .created)
            #expect(try await client.send(.get, "/api/v1/links/early").status == .notFound, "the team's default domain is promo now")
            let reached = try await client.send(.get, "/api/v1/links/early?domain=go.example.com")
            #expect(reached.status == .ok, "the bootstrap domain is named: \(reached.text)")
            let create = try await client.send(.post, "/api/v1/links", json: #"{"route": "about/team", "domain": "go.example.com"}"#)
            #expect(create.status == .forbidden, "but the team creates only on its own domains")
            let other = try await client.send(.get, "/api/v1/links/early?domain=go.example.com", key: Keys.otherTeam)
            #expect(other.status == .notFound, "another team's link stays out of reach")
        }
    }
}
