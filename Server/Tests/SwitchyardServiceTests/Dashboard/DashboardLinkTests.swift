import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import Switchyard
import Testing
@testable import SwitchyardService

/// Creating, listing and showing links through the dashboard, over a real socket.
@Suite struct DashboardLinkTests {
    @Test func theRoutePickerListsTheTableAndEachRouteGetsItsParameterFields() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            try await browser.signIn()
            let picker = try await browser.get("/dashboard/new").text
            #expect(picker.contains(#"<option value="product">product — product/:product_id</option>"#))
            #expect(picker.contains(#"<option value="about/team">about/team</option>"#))
            let user = try await browser.get("/dashboard/new?route=user").text
            #expect(user.contains(#"name="param.id""#) && user.contains(#"name="param.tab""#))
            #expect(user.contains(#"<input type="hidden" name="route" value="user">"#))
            let about = try await browser.get("/dashboard/new?route=about%2Fteam").text
            #expect(about.contains("This route takes no parameters."))
            let unknown = try await browser.get("/dashboard/new?route=nope")
            #expect(unknown.status == .badRequest)
            #expect(unknown.text.contains("There is no route named &#39;nope&#39;."))
        }
    }

    @Test func aLinkCreatedFromTheFormIsStoredListedAndShown() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            #expect(try await browser.get("/").text.contains("No links yet."))
            let response = try await browser.post("/dashboard/new", form: [
                ("csrf", csrf), ("route", "product"), ("param.product_id", "42"), ("query", "ref=mail\r\ncampaign=spring"),
                ("metadata", #"{"coupon": "SPRING", "amount": 5}"#), ("redeemLimit", "3"),
                ("fallback.ios", "https://apps.apple.com/app/id1"), ("fallback.android", ""), ("fallback.web", "https://shop.example.com/p/42"),
                ("alias", "spring-sale"), ("expiresAt", "2030-05-01T12:00"), ("preview.title", "Spring sale"),
                ("preview.description", ""), ("preview.image", ""),
            ])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/dashboard/links/spring-sale")
            let stored = try await client.send(.get, "/api/v1/links/spring-sale").json()
            #expect(stored["route"]?.stringValue == "product/:product_id")
            #expect(stored["routeParameters"]?["product_id"]?.stringValue == "42")
            #expect(stored["queryParameters"]?["campaign"]?.stringValue == "spring")
            #expect(stored["redeemLimit"]?.intValue == 3)
            #expect(stored["expiresAt"]?.stringValue?.hasPrefix("2030-05-01T12:00:00") == true)
            #expect(stored["fallbacks"]?["web"]?.stringValue == "https://shop.example.com/p/42")
            #expect(stored["fallbacks"]?["android"]?.isNull ?? true)
            let list = try await browser.get("/").text
            #expect(list.contains(#"<a href="/dashboard/links/spring-sale">spring-sale</a>"#))
            #expect(list.contains("product_id=42") && list.contains("Spring sale"))
            let page = try await browser.get("/dashboard/links/spring-sale")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<svg xmlns="http://www.w3.org/2000/svg" class="chart""#))
            #expect(page.text.contains(#"<svg xmlns="http://www.w3.org/2000/svg" class="qr""#))
            #expect(page.text.contains(#"href="https://go.example.com/spring-sale""#))
            #expect(page.text.contains("&quot;coupon&quot;"))
        }
    }

    @Test func aPasswordFromTheFormIsKeptAsAHashAndNeverEchoed() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let short = try await browser.post("/dashboard/new", form: [("csrf", csrf), ("route", "about/team"), ("password", "xyz")])
            #expect(short.status == .badRequest)
            #expect(short.text.contains("&#39;password&#39; is 4 to 128 characters, got 3") || short.text.contains("'password' is 4 to 128 characters, got 3"))
            #expect(!short.text.contains(#"value="xyz""#), "the typed password is not put back in the page")
            let made = try await browser.post("/dashboard/new", form: [("csrf", csrf), ("route", "about/team"), ("alias", "locked"),
                                                                       ("password", "  spaced out  ")])
            #expect(made.status == .seeOther)
            #expect(try await client.send(.get, "/api/v1/links/locked").json()["passwordProtected"] == true)
            #expect(try await browser.get("/dashboard/links/locked").text.contains("browsers get a form, the app sends it"))
            // Taken as typed, spaces and all.
            var form = HTTPFields()
            form[.contentType] = "application/x-www-form-urlencoded"
            let unlocked = try await client.executeRequest(uri: "/locked", method: .post, headers: form,
                                                           body: ByteBuffer(string: "password=%20%20spaced%20out%20%20"))
            #expect(unlocked.status == .seeOther)
        }
    }

    @Test func rulesFromTheFormAreCheckedAsTheAPIChecksThemAndShown() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let notJSON = try await browser.post("/dashboard/new", form: [("csrf", csrf), ("route", "about/team"), ("rules", "[{")])
            #expect(notJSON.status == .badRequest)
            #expect(notJSON.text.contains("&#39;rules&#39; is not valid JSON") || notJSON.text.contains("'rules' is not valid JSON"))
            let made = try await browser.post("/dashboard/new", form: [
                ("csrf", csrf), ("route", "about/team"), ("alias", "ruled"), ("fallback.web", "https://shop.example.com/t"),
                ("rules", #"[{"name": "French", "conditions": [{"type": "language", "value": "fr"}], "target": {"url": "https://shop.example.com/fr"}}]"#),
            ])
            #expect(made.status == .seeOther, "\(made.text.prefix(300))")
            let page = try await browser.get("/dashboard/links/ruled").text
            #expect(page.contains("Rule 1 (French)"))
            #expect(page.contains("language is fr → https://shop.example.com/fr"))
        }
    }

    @Test func theRuleEditorSavesWhatTheAPITakesAndRefusesWhatItRefuses() async throws {
        try await Harness.live(.memory) { client, harness in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            _ = try await client.create(#"{"route": "about/team", "alias": "edited", "fallbacks": {"web": "https://shop.example.com/t"}}"#)
            let page = try await browser.get("/dashboard/links/edited").text
            #expect(page.contains(#"action="/dashboard/links/edited/rules""#))
            let rules = #"[{"name": "French", "conditions": [{"type": "language", "value": "fr"}], "target": {"url": "https://shop.example.com/fr"}}]"#
            let variants = #"{"targets": [{"url": "https://shop.example.com/a", "weight": 60}, {"url": "https://shop.example.com/b", "weight": 40}]}"#
            let saved = try await browser.post("/dashboard/links/edited/rules", form: [("csrf", csrf), ("rules", rules), ("variants", variants)])
            #expect(saved.status == .seeOther, "\(saved.text.prefix(300))")
            let stored = try #require(try await harness.store.link(code: "edited"))
            #expect(stored.content.rules?.first?.name == "French" && stored.content.variants?.variants.map(\.weight) == [60, 40])
            let shown = try await browser.get("/dashboard/links/edited").text
            #expect(shown.contains("Variant 1") && shown.contains("40% → https://shop.example.com/b"))
            // Refused with the API's own message, the text kept in the form; nothing changes.
            let refused = try await browser.post("/dashboard/links/edited/rules", form: [
                ("csrf", csrf), ("rules", rules),
                ("variants", #"{"targets": [{"url": "https://shop.example.com/a", "weight": 5}, {"url": "https://shop.example.com/b", "weight": 95}]}"#)])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("variants.targets[0].weight: is 5; a variant has 10 at least"))
            #expect(refused.text.contains("&quot;weight&quot;: 95") || refused.text.contains(#""weight": 95"#))
            #expect(try await harness.store.link(code: "edited")?.content.variants?.variants.map(\.weight) == [60, 40])
            // Emptied: removed; the audit log names what changed.
            #expect(try await browser.post("/dashboard/links/edited/rules", form: [("csrf", csrf), ("rules", rules), ("variants", "")]).status
                == .seeOther)
            #expect(try await harness.store.link(code: "edited")?.content.variants == nil)
            #expect(try await harness.store.link(code: "edited")?.content.rules?.count == 1, "unchanged rules stay")
            let audit = try await client.send(.get, "/api/v1/audit").text
            #expect(audit.contains(#""detail":"rules, variants""#) && audit.contains(#""detail":"variants=removed""#))
            // A viewer cannot save.
            let viewer = DashboardClient(client)
            let viewerCSRF = try await viewer.signIn(try await harness.namedKey("viewer", role: .viewer))
            #expect(!(try await viewer.get("/dashboard/links/edited").text.contains("edit-rules")), "a viewer gets no editor")
            #expect(try await viewer.post("/dashboard/links/edited/rules", form: [("csrf", viewerCSRF), ("rules", "")]).status == .forbidden)
        }
    }

    @Test func clicksShowInTheListAndTheChart() async throws {
        try await Harness.live(.memory) { client, harness in
            let browser = DashboardClient(client)
            try await browser.signIn()
            let code = try #require(try await client.create(#"{"route": "about/team", "fallbacks": {"web": "https://example.org/"}}"#)["code"]?.stringValue)
            for _ in 0..<3 { _ = try await client.open(code, userAgent: Agents.desktop) }
            _ = try await client.open(code, userAgent: Agents.iPhone)
            await harness.recorder.flush()
            let list = try await browser.get("/").text
            #expect(list.contains(#"<td class="clicks">4</td>"#))
            let page = try await browser.get("/dashboard/links/\(code)").text
            #expect(page.contains("<td>1</td><td>0</td><td>3</td><td>0</td><td>0</td><td>4</td>"))
            #expect(page.contains(": 4</title></rect>"), "today's bar")
            #expect(page.contains("last 30 days: 4 in all"))
        }
    }

    @Test func theListingIsPaginated() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            try await browser.signIn()
            for index in 0..<23 { _ = try await client.create(#"{"route": "product", "routeParameters": {"product_id": "\#(index)"}}"#) }
            let first = try await browser.get("/").text
            #expect(first.components(separatedBy: "<tr class=\"link\"").count - 1 == 20)
            let start = try #require(first.range(of: #"id="next-page" href=""#))
            let next = String(first[start.upperBound...].prefix { $0 != "\"" })
            let second = try await browser.get(next).text
            #expect(second.components(separatedBy: "<tr class=\"link\"").count - 1 == 3)
            #expect(!second.contains("next-page"))
            #expect(try await browser.get("/?cursor=bogus").status == .badRequest)
        }
    }

    @Test func anotherTeamsLinkIsNotFound() async throws {
        try await Harness.live(.memory) { client, _ in
            let code = try #require(try await client.create(#"{"route": "about/team"}"#, key: Keys.otherTeam)["code"]?.stringValue)
            let browser = DashboardClient(client)
            try await browser.signIn()
            #expect(try await browser.get("/dashboard/links/\(code)").status == .notFound)
            #expect(try await browser.get("/dashboard/links/no-such-code").status == .notFound)
            #expect(!(try await browser.get("/").text.contains(code)))
        }
    }

    /// Each row: a form, and the same link as the API's JSON; the page must show the API's message.
    static let invalidForms: [(form: [(String, String)], json: String)] = [
        ([("route", "product")], #"{"route": "product"}"#),
        ([("route", "order"), ("param.id", "abc")], #"{"route": "order", "routeParameters": {"id": "abc"}}"#),
        ([("route", "about/team"), ("redeemLimit", "many")], #"{"route": "about/team", "redeemLimit": "many"}"#),
        ([("route", "about/team"), ("redeemLimit", "0")], #"{"route": "about/team", "redeemLimit": 0}"#),
        ([("route", "about/team"), ("metadata", "[1, 2]")], #"{"route": "about/team", "metadata": [1, 2]}"#),
        ([("route", "about/team"), ("fallback.web", "javascript:alert(1)")], #"{"route": "about/team", "fallbacks": {"web": "javascript:alert(1)"}}"#),
        ([("route", "about/team"), ("fallback.ios", "https://evil.example.net/")], #"{"route": "about/team", "fallbacks": {"ios": "https://evil.example.net/"}}"#),
        ([("route", "about/team"), ("alias", "api")], #"{"route": "about/team", "alias": "api"}"#),
        ([("route", "about/team"), ("expiresAt", "2001-01-01T00:00")], #"{"route": "about/team", "expiresAt": "2001-01-01T00:00:00Z"}"#),
        ([("route", "about/team"), ("expiresAt", "soon")], #"{"route": "about/team", "expiresAt": "soon"}"#),
        ([("route", "anyList")], #"{"route": "anyList"}"#),
        ([("route", "about/team"), ("rules", #"[{"conditions": [], "target": {"url": "https://shop.example.com/"}}]"#)],
         #"{"route": "about/team", "rules": [{"conditions": [], "target": {"url": "https://shop.example.com/"}}]}"#),
        ([("route", "about/team"), ("rules", #"[{"conditions": [{"type": "country", "value": "FR"}], "target": {"route": "nowhere"}}]"#)],
         #"{"route": "about/team", "rules": [{"conditions": [{"type": "country", "value": "FR"}], "target": {"route": "nowhere"}}]}"#),
        ([("route", "about/team"), ("preview.image", "data:image/png;base64,AAAA")], #"{"route": "about/team", "preview": {"image": "data:image/png;base64,AAAA"}}"#),
    ]

    @Test(arguments: 0..<invalidForms.count)
    func validationErrorsShowTheAPIsMessageOnTheForm(index: Int) async throws {
        let (form, json) = Self.invalidForms[index]
        try await Harness.live(.memory) { client, _ in
            let api = try await client.send(.post, "/api/v1/links", json: json)
            #expect(api.status == .badRequest)
            let detail = try #require(try api.json()["detail"]?.stringValue)
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let page = try await browser.post("/dashboard/new", form: [("csrf", csrf)] + form)
            #expect(page.status == .badRequest)
            #expect(page.text.contains(#"<p class="error" role="alert" id="error">\#(HTML.escape(detail))</p>"#), "\(detail)")
            #expect(page.text.contains(#"id="create-link""#), "the form is shown again")
            for (name, value) in form where name != "route" && !value.isEmpty {
                #expect(page.text.contains(HTML.escape(value)), "keeps \(name)")
            }
        }
    }

    @Test func formOnlyMistakesAreExplained() async throws {
        try await Harness.live(.memory) { client, _ in
            let browser = DashboardClient(client)
            let csrf = try await browser.signIn()
            let query = try await browser.post("/dashboard/new", form: [("csrf", csrf), ("route", "about/team"), ("query", "a=1\nnoequals")])
            #expect(query.text.contains("query parameters: line 2 must be name=value, got &#39;noequals&#39;"))
            let metadata = try await browser.post("/dashboard/new", form: [("csrf", csrf), ("route", "about/team"), ("metadata", "{nope")])
            #expect(metadata.status == .badRequest)
            #expect(metadata.text.contains("&#39;metadata&#39; is not valid JSON: "))
        }
    }
}
